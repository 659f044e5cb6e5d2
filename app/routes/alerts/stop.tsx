/**
 * /alerts/manage/:token/stop: the one-click stop. A mail program's unsubscribe button POSTs here
 * (RFC 8058, List-Unsubscribe-Post); a person following the link gets one button to press.
 */
import { data, Form, Link } from "react-router";
import { stopSubscription } from "../../../modules/alerts/subscriptions.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { services } from "../../context";
import { useLocalePath, useT } from "../../i18n";
import { alertMessages } from "../../messages/alerts";
import type { Route } from "./+types/stop";
import "./alerts.css";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${translator(alertMessages, localeOfPath(location.pathname))("alerts.stop.meta")} | ${COOPERATIVE.shortName}` },
  { name: "robots", content: "noindex" },
];
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function action({ context, params }: Route.ActionArgs) {
  const ok = await stopSubscription(services(context).db, params.token);
  return data({ stopped: ok }, { status: ok ? 200 : 404 });
}

export default function Stop({ actionData, params }: Route.ComponentProps) {
  const t = useT(alertMessages);
  const lp = useLocalePath();
  return (
    <div className="container page alerts-page">
      <h1>{t("alerts.stop.title")}</h1>
      {actionData?.stopped ? (
        <p role="status">
          {t("alerts.stop.done")} <Link to={lp("/alerts")}>{t("alerts.stop.again")}</Link>
        </p>
      ) : actionData ? (
        <p role="alert">{t("alerts.stop.invalid")}</p>
      ) : (
        <Form method="post">
          <p>{t("alerts.stop.ask")}</p>
          <div className="alerts-actions">
            <button type="submit" className="button button--danger">
              {t("alerts.stop.button")}
            </button>
            <Link to={lp(`/alerts/manage/${params.token}`)}>{t("alerts.stop.change")}</Link>
          </div>
        </Form>
      )}
    </div>
  );
}
