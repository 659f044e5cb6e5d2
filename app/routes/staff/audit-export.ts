/** The audit log as JSON lines (one entry per line, oldest first), with the page's filters. The export is itself logged. */
import { data } from "react-router";
import { allAudit, recordAudit } from "../../../modules/staff/audit.server";
import type { Route } from "./+types/audit-export";
import { readAuditQuery } from "./audit.server";
import { requireStaff, staffServices } from "./guard.server";
import type { ConsoleHandle } from "./nav";

export const handle: ConsoleHandle = { staff: "audit.read" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "audit.read");
  const staff = staffServices(args);
  const { filter, errors } = readAuditQuery(new URL(args.request.url));
  if (Object.keys(errors).length) throw data(Object.values(errors).join(" "), { status: 400 });
  await recordAudit(staff.db, {
    actorId: me.id,
    actorEmail: me.email,
    action: "audit.exported",
    objectType: "audit_log",
    after: { filter },
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
  const encoder = new TextEncoder();
  const rows = allAudit(staff.db, filter);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) return controller.close();
      const r = next.value;
      const line = {
        id: r.id,
        at: r.at.toISOString(),
        actorId: r.actorId,
        actorEmail: r.actorEmail,
        action: r.action,
        objectType: r.objectType,
        objectId: r.objectId,
        before: r.before,
        after: r.after,
        ip: r.ip,
        userAgent: r.userAgent,
      };
      controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${stamp}.jsonl"`,
    },
  });
}
