/** GET /staff/incidents/photo/:reportId: a report's photo, for dispatchers only; each view is audited. */
import { data } from "react-router";
import { getReportPhoto } from "../../../../modules/reports/queries.server";
import { recordAudit } from "../../../../modules/staff/audit.server";
import { services } from "../../../context";
import { requireStaff, staffServices } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import type { Route } from "./+types/photo";

/** What the permission-matrix test checks (tests/staff/permissions.test.ts). */
export const handle: ConsoleHandle = { staff: "incidents.manage" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "incidents.manage");
  const id = Number(args.params.reportId);
  const db = services(args.context).db;
  const photo = Number.isInteger(id) && id > 0 ? await getReportPhoto(db, id) : null;
  if (!photo) throw data("Not found", { status: 404 });
  const st = staffServices(args);
  await recordAudit(db, {
    actorId: me.id,
    actorEmail: me.email,
    action: "report_photo.viewed",
    objectType: "outage_report",
    objectId: id,
    ip: st.ip,
    userAgent: st.userAgent,
  });
  return new Response(new Uint8Array(photo.data), {
    headers: { "Content-Type": photo.contentType, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}
