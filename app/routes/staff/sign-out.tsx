/** Sign out: ends this session (POST only; a GET shows a button). */
import { Form, redirect } from "react-router";
import { recordAudit } from "../../../modules/staff/audit.server";
import type { Route } from "./+types/sign-out";
import { staffServices } from "./guard.server";
import { consoleMeta } from "./title";
import "./console.css";
import type { ConsoleHandle } from "./nav";

export const handle: ConsoleHandle = { staff: "public" };

export const meta: Route.MetaFunction = () => consoleMeta("Sign out");

export async function action(args: Route.ActionArgs) {
  const staff = staffServices(args);
  const me = await staff.current();
  const out = await staff.auth.api.signOut({ headers: staff.headers(), returnHeaders: true }).catch(() => null);
  staff.takeCookies(out?.headers);
  if (me) {
    await recordAudit(staff.db, {
      actorId: me.user.id,
      actorEmail: me.user.email,
      action: "sign_out",
      objectType: "session",
      objectId: me.sessionId,
      ip: staff.ip,
      userAgent: staff.userAgent,
    });
  }
  throw redirect("/staff/sign-in");
}

export default function SignOut() {
  return (
    <div className="console-narrow">
      <div className="console-card">
        <h1>Sign out</h1>
        <Form method="post">
          <button type="submit" className="button">
            Sign out
          </button>
        </Form>
      </div>
    </div>
  );
}
