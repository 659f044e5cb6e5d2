/** One audit entry for a member-services view, export or change: who (the signed-in staff member), what, from where. */

import type { DbOrTx } from "../../../../db/client";
import { recordAudit } from "../../../../modules/staff/audit.server";
import { type StaffUser, staffServices } from "../guard.server";

type Args = Parameters<typeof staffServices>[0];

export async function auditMember(
  args: Args,
  me: StaffUser,
  entry: { action: string; objectType: string; objectId?: string | number | null; after?: unknown },
  tx?: DbOrTx,
): Promise<void> {
  const staff = staffServices(args);
  await recordAudit(tx ?? staff.db, {
    actorId: me.id,
    actorEmail: me.email,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId ?? null,
    after: entry.after,
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
}

/** A download: no caching anywhere, a file name with the Manila date. */
export function download(body: string, type: string, name: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": `${type}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
