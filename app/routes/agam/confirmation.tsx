/**
 * /agam-registration-confirmation/{origin}/{account}: the spec's address of the
 * confirmation slip (the registered-account notice links here). The account number alone
 * shows nothing personal (it is printed on every bill): the member proves the second factor (a code by SMS
 * or the registration PIN), then sees the slip: reference, account, membership number and
 * time (Manila), with a QR code of the reference (an SVG drawn on the server). The slip's
 * own link, with a random token, is /agam-registration/confirmation/{token}.
 */

import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { data, Link, useNavigation } from "react-router";
import { type AgamConfirmation as ConfirmationRecord, findMember, getConfirmation } from "../../../modules/agam/pool.server";
import { originOrDefault } from "../../../modules/agam/rules";
import { secondFactorMethods } from "../../../modules/agam/second-factor.server";
import { maskMemberName } from "../../../modules/members/mask";
import { ACCOUNT_NUMBER_PATTERN, COOPERATIVE, UI } from "../../../modules/shared/constants";
import { formatDateTime } from "../../../modules/shared/dates";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import type { Route } from "./+types/confirmation";
import { SecondFactor, type VerifyState } from "./SecondFactor";
import { secondFactorFields, secondFactorStep } from "./second-factor.server";
import "./agam.css";
import { readForm } from "../../../modules/shared/forms";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data?.verify ? "AGAM Registration Confirmation" : "No Registration Found"} | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content: "Your AGAM registration confirmation slip: reference number, account, membership number and time of registration.",
  },
  { name: "robots", content: "noindex" },
];

/** A member's registration: never stored by browsers or proxies. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, sendText } = services(context);
  const origin = originOrDefault(params.origin);
  const account = params.account;
  const member = ACCOUNT_NUMBER_PATTERN.test(account) ? await findMember(db, account) : undefined;
  if (!member || member.registered === 0) return data({ origin, account: account.slice(0, 20), verify: null }, { status: 404 });
  const methods = (await secondFactorMethods(db, account, { send: sendText }))!;
  const verify: VerifyState = {
    origin,
    account,
    maskedName: maskMemberName(member.name),
    sms: methods.sms,
    pin: methods.pin,
    codeSent: false,
    errors: {},
  };
  return { origin, account, verify };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, sendText } = services(context);
  const account = params.account;
  const form = readForm(await request.formData(), secondFactorFields);
  if (!ACCOUNT_NUMBER_PATTERN.test(account) || !form.ok) return data({ step: null, slip: null }, { status: 400 });
  const step = await secondFactorStep(db, sendText, account, form.data);
  if (!("proof" in step)) return data({ step, slip: null }, { status: step.status });
  const [confirmation] = await getConfirmation(db, account);
  if (!confirmation) return data({ step: null, slip: null }, { status: 404 });
  return { step: null, slip: await slipOf(confirmation) };
}

/** What the slip shows, with its QR code drawn on the server. */
export async function slipOf(confirmation: ConfirmationRecord) {
  const qrSvg = await QRCode.toString(confirmation.reference, {
    type: "svg",
    errorCorrectionLevel: UI.qrErrorCorrection,
    margin: 1,
    width: UI.qrSizePx,
  });
  return { confirmation: { ...confirmation, registeredAtText: formatDateTime(confirmation.registeredAt) }, qrSvg };
}
export type Slip = Awaited<ReturnType<typeof slipOf>>;

export default function AgamConfirmation({ loaderData, actionData }: Route.ComponentProps) {
  const { origin, verify } = loaderData;
  const navigation = useNavigation();
  const registerAgain = `/agam-registration${origin === "web" ? "" : `?origin=${encodeURIComponent(origin)}`}`;
  if (actionData?.slip) return <ConfirmationSlip origin={origin} slip={actionData.slip} />;

  if (!verify) {
    return (
      <div className="container page agam">
        <Breadcrumb items={[{ label: "AGAM Registration", to: registerAgain }, { label: "Confirmation" }]} />
        <h1>No registration found</h1>
        <p>We found no AGAM registration for this account number. Check the number, or register first.</p>
        <p>
          <Link className="button" to={registerAgain}>
            Go to AGAM registration
          </Link>
        </p>
      </div>
    );
  }
  const step = actionData?.step;
  const message = step?.message;
  return (
    <div className="container page agam">
      <Breadcrumb items={[{ label: "AGAM Registration", to: registerAgain }, { label: "Confirmation" }]} />
      <h1>Your AGAM confirmation</h1>
      <p>This account is registered. To see its confirmation slip, prove it is you.</p>
      <div className="agam-status" id="agam-status" role="status" aria-live="polite" tabIndex={-1}>
        {message && (
          <p className={`notice notice--${message.kind}`}>
            <strong>{message.kind === "success" ? "Success!" : "Oops!"}</strong> {message.text}
          </p>
        )}
      </div>
      <SecondFactor
        state={{ ...verify, codeSent: step?.codeSent ?? false, errors: step?.errors ?? {} }}
        busy={navigation.state === "submitting"}
        formAction={`/agam-registration-confirmation/${encodeURIComponent(origin)}/${verify.account}`}
      />
    </div>
  );
}

/** The printable slip: reference, account, membership number, time and QR code. */
export function ConfirmationSlip({ origin, slip }: { origin: string; slip: Slip }) {
  const { confirmation, qrSvg } = slip;
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(typeof window.print === "function"), []);
  const registerAgain = `/agam-registration${origin === "web" ? "" : `?origin=${encodeURIComponent(origin)}`}`;

  return (
    <div className="container page agam">
      <div className="no-print">
        <Breadcrumb items={[{ label: "AGAM Registration", to: registerAgain }, { label: "Confirmation" }]} />
      </div>
      <h1 className="no-print">You are registered</h1>
      <p className="notice notice--success no-print">
        <strong>Success!</strong> Your registration and decisions were received. Keep your reference number; print or save the slip below.
      </p>

      <section className="agam-slip" aria-labelledby="agam-slip-title">
        <header className="agam-slip__head">
          <p className="agam-slip__org">{COOPERATIVE.name}</p>
          <h2 id="agam-slip-title" className="agam-slip__title">
            AGAM Registration Confirmation Slip
          </h2>
        </header>
        <div className="agam-slip__body">
          <dl className="agam-slip__list">
            <div>
              <dt>Reference number</dt>
              <dd className="agam-slip__reference">{confirmation.reference}</dd>
            </div>
            <div>
              <dt>Account number</dt>
              <dd>{confirmation.account}</dd>
            </div>
            <div>
              <dt>Membership number</dt>
              <dd>{confirmation.membership}</dd>
            </div>
            <div>
              <dt>Registered on</dt>
              <dd>
                <time dateTime={confirmation.registeredAt}>{confirmation.registeredAtText}</time> (Philippine time)
              </dd>
            </div>
          </dl>
          <figure className="agam-slip__qr">
            <div
              className="agam-slip__qr-image"
              role="img"
              aria-label={`QR code of reference number ${confirmation.reference}`}
              dangerouslySetInnerHTML={{ __html: qrSvg }}
            />
            <figcaption>Show this code at the registration desk</figcaption>
          </figure>
        </div>
      </section>

      <div className="agam-actions no-print">
        {canPrint ? (
          <button type="button" className="button" onClick={() => window.print()}>
            Print confirmation slip
          </button>
        ) : (
          <p className="agam__hint">To print the slip, use your browser&rsquo;s Print command (Ctrl+P, or Share › Print on a phone).</p>
        )}
        <Link className="button button--secondary" to="/agam-status">
          See registration status
        </Link>
      </div>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** This page loads React (root.tsx reads the flag): its print button. */
export const handle = { hydrate: true };
