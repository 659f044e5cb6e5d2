import { data } from "react-router";
import type { Route } from "./+types/bill";
import { billPart, isFrameRender } from "./member-pages.server";
import { memberHeaders, withCookies } from "./session.server";
import { MEMBER_SLOT, PortalBar, portalMeta } from "./ui";
import "./portal.css";
// The member's part (member-pages.server.ts) may hold "Where to pay".
import "../payments/where-to-pay.css";

export const meta: Route.MetaFunction = ({ params, location }) =>
  portalMeta(location.pathname, (t) => t("mco.bill", { bill: params.bill }));
export const headers = memberHeaders;

/**
 * This page is answered by member-pages.server.ts: its template in this route's frame, kept per
 * language. The loader renders that frame (no member), and answers what the fast path left to it:
 * no session (the sign-in page), an account or bill that is not the member's (the same 404 as
 * every account URL). A member's page only comes this way in a race (a session or link made
 * between the two checks): then the same template, inside one more <div>.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (isFrameRender(context)) return null;
  const { member, html } = await billPart(request, context, params.account, params.bill);
  return data({ html }, { headers: withCookies(member) });
}

/** The frame: the portal's links, then the member's part (member-pages.server.ts), or its slot. */
export default function BillPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page portal">
      <PortalBar />
      {loaderData ? <div dangerouslySetInnerHTML={{ __html: loaderData.html }} /> : MEMBER_SLOT}
    </div>
  );
}
