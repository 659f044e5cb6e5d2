/**
 * /alerts/manage/:token/stop: the one-click stop. A mail program's unsubscribe button POSTs here
 * (RFC 8058, List-Unsubscribe-Post); a person following the link gets one button to press.
 */
import { data, Form, Link } from "react-router";
import { stopSubscription } from "../../../modules/alerts/subscriptions.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { services } from "../../context";
import type { Route } from "./+types/stop";
import "./alerts.css";

export const meta: Route.MetaFunction = () => [{ title: `Stop alerts | ${COOPERATIVE.shortName}` }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function action({ context, params }: Route.ActionArgs) {
  const ok = await stopSubscription(services(context).db, params.token);
  return data({ stopped: ok }, { status: ok ? 200 : 404 });
}

export default function Stop({ actionData, params }: Route.ComponentProps) {
  return (
    <div className="container page alerts-page">
      <h1>Stop interruption alerts</h1>
      {actionData?.stopped ? (
        <p role="status">
          Done: you will get no more interruption alerts. <Link to="/alerts">Subscribe again</Link>
        </p>
      ) : actionData ? (
        <p role="alert">This link is not valid.</p>
      ) : (
        <Form method="post">
          <p>Stop every interruption alert (e-mail, SMS and browser notifications) for this subscription?</p>
          <div className="alerts-actions">
            <button type="submit" className="button button--danger">
              Stop all alerts
            </button>
            <Link to={`/alerts/manage/${params.token}`}>Change them instead</Link>
          </div>
        </Form>
      )}
    </div>
  );
}
