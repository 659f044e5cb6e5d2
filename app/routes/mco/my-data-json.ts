/** Everything the site holds on the signed-in member, as one JSON file (Data Privacy Act: access). */
import { memberData } from "../../../modules/portal/members.server";
import { services } from "../../context";
import type { Route } from "./+types/my-data-json";
import { MEMBER_CACHE_CONTROL, requireMember } from "./session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const body = await memberData(services(context).db, member.userId);
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": 'attachment; filename="my-data.json"',
    "Cache-Control": MEMBER_CACHE_CONTROL,
  });
  for (const c of member.cookies) headers.append("Set-Cookie", c);
  return new Response(JSON.stringify({ exportedAt: new Date().toISOString(), ...body }, null, 2), { headers });
}
