/**
 * /alerts/confirm/:token: the link in the confirmation e-mail (valid 48 hours). Following it
 * shows a button; confirming is a POST, so a mail scanner fetching the link confirms nothing.
 */
import { data, Form, Link } from "react-router";
import { confirmEmail } from "../../../modules/alerts/subscriptions.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { services } from "../../context";
import { useLocalePath, useT } from "../../i18n";
import { alertMessages } from "../../messages/alerts";
import type { Route } from "./+types/confirm";
import "./alerts.css";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${translator(alertMessages, localeOfPath(location.pathname))("alerts.confirm.meta")} | ${COOPERATIVE.shortName}` },
  { name: "robots", content: "noindex" },
];
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function action({ context, params }: Route.ActionArgs) {
  const r = await confirmEmail(services(context).db, params.token);
  return data(r, { status: r.status === "confirmed" ? 200 : r.status === "expired" ? 410 : 404 });
}

export default function Confirm({ actionData }: Route.ComponentProps) {
  const r = actionData;
  const t = useT(alertMessages);
  const lp = useLocalePath();
  return (
    <div className="container page alerts-page">
      <h1>{t("alerts.confirm.title")}</h1>
      {!r && (
        <Form method="post">
          <p>{t("alerts.confirm.ask", { shortName: COOPERATIVE.shortName })}</p>
          <button type="submit" className="button">
            {t("alerts.confirm.button")}
          </button>
        </Form>
      )}
      {r?.status === "confirmed" && (
        <div role="status">
          <p>{t("alerts.confirm.done")}</p>
          <p>
            <Link to={lp(`/alerts/manage/${r.manageToken}`)}>{t("alerts.confirm.manage")}</Link>
          </p>
        </div>
      )}
      {r?.status === "expired" && (
        <p role="alert">
          {t("alerts.confirm.expired")} <Link to={lp("/alerts")}>{t("alerts.confirm.subscribeAgain")}</Link>.
        </p>
      )}
      {r?.status === "unknown" && (
        <p role="alert">
          {t("alerts.confirm.unknown")} <Link to={lp("/alerts")}>{t("alerts.subscribe")}</Link>
        </p>
      )}
    </div>
  );
}
