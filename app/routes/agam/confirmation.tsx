/**
 * /agam-registration-confirmation/{origin}/{account}: the registration's reference,
 * account, membership number and time (Manila), as a printable slip with a QR code
 * of the reference (an SVG drawn on the server: no script needed).
 */
import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import QRCode from "qrcode";
import type { Route } from "./+types/confirmation";
import { services } from "../../context";
import { ACCOUNT_NUMBER_PATTERN, COOPERATIVE, UI } from "../../../core/constants";
import { getConfirmation } from "../../../core/agam";
import { originOrDefault } from "../../../core/agam-rules";
import { formatDateTime } from "../../../core/dates";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import "./agam.css";
import { withSocial } from "../../seo";

const pageTags: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data && "confirmation" in data && data.confirmation ? "AGAM Registration Confirmation" : "No Registration Found"} | ${COOPERATIVE.shortName}` },
  { name: "description", content: "Your AGAM registration confirmation slip: reference number, account, membership number and time of registration." },
  { name: "robots", content: "noindex" },
];

/** A member's registration: never stored by browsers or proxies. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ params, context }: Route.LoaderArgs) {
  const origin = originOrDefault(params.origin);
  const account = params.account;
  const [confirmation] = ACCOUNT_NUMBER_PATTERN.test(account) ? await getConfirmation(services(context).db, origin, account) : [];
  if (!confirmation) return data({ origin, account: account.slice(0, 20), confirmation: null, qrSvg: "" }, { status: 404 });
  const qrSvg = await QRCode.toString(confirmation.reference, { type: "svg", errorCorrectionLevel: UI.qrErrorCorrection, margin: 1, width: UI.qrSizePx });
  return { origin, account, confirmation: { ...confirmation, registeredAtText: formatDateTime(confirmation.registered_at) }, qrSvg };
}

export default function AgamConfirmation({ loaderData }: Route.ComponentProps) {
  const { origin, confirmation, qrSvg } = loaderData;
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(typeof window.print === "function"), []);
  const registerAgain = `/agam-registration${origin === "web" ? "" : `?origin=${encodeURIComponent(origin)}`}`;

  if (!confirmation) {
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
                <time dateTime={confirmation.registered_at}>{confirmation.registeredAtText}</time> (Philippine time)
              </dd>
            </div>
          </dl>
          <figure className="agam-slip__qr">
            <div className="agam-slip__qr-image" role="img" aria-label={`QR code of reference number ${confirmation.reference}`} dangerouslySetInnerHTML={{ __html: qrSvg }} />
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
export const meta: Route.MetaFunction = (args) => withSocial(pageTags(args as never) as never, args);
