/**
 * The audit entry of a content change, written in the same transaction as the row and its
 * revision: the one place content changes reach the audit log (modules/staff/audit.server.ts).
 */

import type { DbOrTx } from "../../db/client";
import { recordAudit } from "../staff/audit.server";
import type { ContentContext } from "./context";

export interface ContentAuditEntry {
  /** "interruption.created", "announcement.published", "rates.imported" … */
  action: string;
  /** "interruption", "announcement", "rates" … */
  objectType: string;
  objectId: string | number;
  before: unknown;
  after: unknown;
}

export async function auditContentChange(tx: DbOrTx, ctx: ContentContext, entry: ContentAuditEntry): Promise<void> {
  await recordAudit(tx, {
    actorId: ctx.actor.id || null,
    actorEmail: ctx.actor.email ?? null,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId,
    before: entry.before ?? undefined,
    after: entry.after,
    ip: ctx.origin?.ip ?? null,
    userAgent: ctx.origin?.userAgent ?? null,
  });
}
