/**
 * /agam-registration-confirmation/{origin}/{account}: the spec's address of the
 * confirmation slip (the registered-account notice links here). The account number alone
 * shows nothing personal (it is printed on every bill): the member proves the second factor (a code by SMS
 * or the registration PIN), then sees the slip: reference, account, membership number and
 * time (Manila), with a QR code of the reference (an SVG drawn on the server). The slip's
 * own link, with a random token, is /agam-registration/confirmation/{token}.
 */

import { data, Link } from "react-router";
import { findMember, getConfirmation } from "../../../modules/agam/pool.server";
import { originOrDefault } from "../../../modules/agam/rules";
import { secondFactorMethods } from "../../../modules/agam/second-factor.server";
import { maskMemberName } from "../../../modules/members/mask";
import { ACCOUNT_NUMBER_PATTERN, COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import { requestLocale, useLocalePath, useT } from "../../i18n";
import { agamMessages } from "../../messages/agam";
import type { Route } from "./+types/confirmation";
import { SecondFactor, type VerifyState } from "./SecondFactor";
import { secondFactorFields, secondFactorStep } from "./second-factor.server";
import { type Slip, slipOf } from "./slip.server";
import "./agam.css";
import { readForm } from "../../../modules/shared/forms";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ loaderData: data, location }) => {
  const t = translator(agamMessages, localeOfPath(location.pathname));
  return [
    { title: `${data?.verify ? t("agam.conf.metaTitle") : t("agam.conf.notFoundTitle")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: t("agam.conf.description") },
    { name: "robots", content: "noindex" },
  ];
};

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
  const locale = requestLocale(request);
  const step = await secondFactorStep(db, sendText, account, form.data, locale, services(context).alerts?.channels.mail);
  if (!("proof" in step)) return data({ step, slip: null }, { status: step.status });
  const [confirmation] = await getConfirmation(db, account);
  if (!confirmation) return data({ step: null, slip: null }, { status: 404 });
  return { step: null, slip: await slipOf(confirmation, locale) };
}

export type { Slip } from "./slip.server";

export default function AgamConfirmation({ loaderData, actionData }: Route.ComponentProps) {
  const { origin, verify } = loaderData;
  const t = useT(agamMessages);
  const lp = useLocalePath();
  const registerAgain = `/agam-registration${origin === "web" ? "" : `?origin=${encodeURIComponent(origin)}`}`;
  if (actionData?.slip) return <ConfirmationSlip origin={origin} slip={actionData.slip} />;

  if (!verify) {
    return (
      <div className="container page agam">
        <Breadcrumb items={[{ label: t("agam.title"), to: registerAgain }, { label: t("agam.conf.crumb") }]} />
        <h1>{t("agam.conf.none.title")}</h1>
        <p>{t("agam.conf.none.text")}</p>
        <p>
          <Link className="button" to={lp(registerAgain)}>
            {t("agam.conf.go")}
          </Link>
        </p>
      </div>
    );
  }
  const step = actionData?.step;
  const message = step?.message;
  return (
    <div className="container page agam">
      <Breadcrumb items={[{ label: t("agam.title"), to: registerAgain }, { label: t("agam.conf.crumb") }]} />
      <h1>{t("agam.conf.title")}</h1>
      <p>{t("agam.conf.intro")}</p>
      <div className="agam-status" id="agam-status" role="status" aria-live="polite" tabIndex={-1}>
        {message && (
          <p className={`notice notice--${message.kind}`}>
            <strong>{message.kind === "success" ? t("agam.success") : t("agam.oops")}</strong> {message.text}
          </p>
        )}
      </div>
      <SecondFactor
        state={{ ...verify, codeSent: step?.codeSent ?? false, errors: step?.errors ?? {} }}
        formAction={lp(`/agam-registration-confirmation/${encodeURIComponent(origin)}/${verify.account}`)}
      />
    </div>
  );
}

/** The printable slip: reference, account, membership number, time and QR code. */
export function ConfirmationSlip({ origin, slip }: { origin: string; slip: Slip }) {
  const { confirmation, qrSvg } = slip;
  const t = useT(agamMessages);
  const lp = useLocalePath();
  const registerAgain = `/agam-registration${origin === "web" ? "" : `?origin=${encodeURIComponent(origin)}`}`;

  return (
    <div className="container page agam">
      <div className="no-print">
        <Breadcrumb items={[{ label: t("agam.title"), to: registerAgain }, { label: t("agam.conf.crumb") }]} />
      </div>
      <h1 className="no-print">{t("agam.slip.done")}</h1>
      <p className="notice notice--success no-print">
        <strong>{t("agam.success")}</strong> {t("agam.slip.received")}
      </p>

      <section className="agam-slip" aria-labelledby="agam-slip-title">
        <header className="agam-slip__head">
          <p className="agam-slip__org">{COOPERATIVE.name}</p>
          <h2 id="agam-slip-title" className="agam-slip__title">
            {t("agam.slip.title")}
          </h2>
        </header>
        <div className="agam-slip__body">
          <dl className="agam-slip__list">
            <div>
              <dt>{t("agam.slip.reference")}</dt>
              <dd className="agam-slip__reference">{confirmation.reference}</dd>
            </div>
            <div>
              <dt>{t("agam.slip.account")}</dt>
              <dd>{confirmation.account}</dd>
            </div>
            <div>
              <dt>{t("agam.slip.membership")}</dt>
              <dd>{confirmation.membership}</dd>
            </div>
            <div>
              <dt>{t("agam.slip.registeredOn")}</dt>
              <dd>
                <time dateTime={confirmation.registeredAt}>{confirmation.registeredAtText}</time> {t("agam.slip.phTime")}
              </dd>
            </div>
          </dl>
          <figure className="agam-slip__qr">
            <div
              className="agam-slip__qr-image"
              role="img"
              aria-label={t("agam.slip.qr", { reference: confirmation.reference })}
              dangerouslySetInnerHTML={{ __html: qrSvg }}
            />
            <figcaption>{t("agam.slip.show")}</figcaption>
          </figure>
        </div>
      </section>

      <div className="agam-actions no-print">
        {/* The print button once scripts run (app/enhance/enhance.js shows it); before that, how to print. */}
        <span className="agam-print" data-print-button="">
          <button type="button" className="button" hidden>
            {t("agam.slip.print")}
          </button>
          <span className="agam__hint">{t("agam.slip.printHint")}</span>
        </span>
        <Link className="button button--secondary" to={lp("/agam-status")}>
          {t("agam.slip.status")}
        </Link>
      </div>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** A form page without React: app/enhance/forms.js focuses the answer (root.tsx reads the flag). */
export const handle = { forms: true };
