import { redirect } from "react-router";
import { endSessions } from "../../../modules/portal/members.server";
import { services } from "../../context";
import { useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";
import type { Route } from "./+types/sign-out";
import { authHeaders, authOf, currentMember, MEMBER_CACHE_CONTROL, memberHeaders, portalPath } from "./session.server";
import { PortalBar, portalMeta } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ location }) => portalMeta(location.pathname, (t) => t("mco.bar.signOut"));
export const headers = memberHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await currentMember(request, context)))
    throw redirect(portalPath(request, "/mco/login"), { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const member = await currentMember(request, context);
  const auth = await authOf(context);
  const headers = new Headers({ Location: portalPath(request, "/mco/login?signed-out=1"), "Cache-Control": MEMBER_CACHE_CONTROL });
  if (member) {
    if (form.get("everywhere") === "on") await endSessions(services(context).db, member.userId);
    const out = await auth.api.signOut({ headers: authHeaders(request, context), returnHeaders: true }).catch(() => null);
    for (const c of out?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", c);
  }
  // The cookie goes whatever better-auth answered.
  if (!headers.getSetCookie().length)
    headers.append("Set-Cookie", "__Host-mco.session=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax");
  return new Response(null, { status: 303, headers });
}

export default function SignOut() {
  const t = useT(portalMessages);
  return (
    <div className="container page portal">
      <PortalBar />
      <h1>{t("mco.bar.signOut")}</h1>
      <form method="post" className="portal-form">
        <div className="checkbox">
          {/* The page is reached by "Sign out everywhere" (the bar's own button signs out here only). */}
          <input type="checkbox" id="everywhere" name="everywhere" defaultChecked />
          <label htmlFor="everywhere">{t("mco.signOut.everywhere")}</label>
        </div>
        <button type="submit" className="button">
          {t("mco.bar.signOut")}
        </button>
      </form>
    </div>
  );
}
