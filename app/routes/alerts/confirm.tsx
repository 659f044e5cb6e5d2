/**
 * /alerts/confirm/:token: the link in the confirmation e-mail (valid 48 hours). Following it
 * shows a button; confirming is a POST, so a mail scanner fetching the link confirms nothing.
 */
import { data, Form, Link } from "react-router";
import { confirmEmail } from "../../../modules/alerts/subscriptions.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { services } from "../../context";
import type { Route } from "./+types/confirm";
import "./alerts.css";

export const meta: Route.MetaFunction = () => [
  { title: `Confirm your e-mail | ${COOPERATIVE.shortName}` },
  { name: "robots", content: "noindex" },
];
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function action({ context, params }: Route.ActionArgs) {
  const r = await confirmEmail(services(context).db, params.token);
  return data(r, { status: r.status === "confirmed" ? 200 : r.status === "expired" ? 410 : 404 });
}

export default function Confirm({ actionData }: Route.ComponentProps) {
  const r = actionData;
  return (
    <div className="container page alerts-page">
      <h1>Confirm your e-mail address</h1>
      {!r && (
        <Form method="post">
          <p>Confirm that you want {COOPERATIVE.shortName} power interruption alerts at this e-mail address.</p>
          <button type="submit" className="button">
            Confirm my e-mail address
          </button>
        </Form>
      )}
      {r?.status === "confirmed" && (
        <div role="status">
          <p>Your e-mail address is confirmed. We will write when an interruption is scheduled or changed in your areas.</p>
          <p>
            <Link to={`/alerts/manage/${r.manageToken}`}>Change or stop your alerts</Link>
          </p>
        </div>
      )}
      {r?.status === "expired" && (
        <p role="alert">
          This link has expired (links last 48 hours). Please <Link to="/alerts">subscribe again</Link>.
        </p>
      )}
      {r?.status === "unknown" && (
        <p role="alert">
          This link is not valid, or it was already used. <Link to="/alerts">Subscribe</Link>
        </p>
      )}
    </div>
  );
}
