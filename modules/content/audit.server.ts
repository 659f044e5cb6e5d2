/**
 * The audit entry of a content change, written in the same transaction as the row and its
 * revision: the one place content changes reach the audit log (modules/staff/audit.server.ts).
 */

import type { DbOrTx } from "../../db/client";
import { recordAudit } from "../staff/audit.server";
import type { ContentContext } from "./context";
import { type ContentKind, saveRevision } from "./revisions.server";

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

export interface ContentChange {
  /** The revision's kind ("interruption", "announcement", "news" …). */
  kind: ContentKind;
  entityId: string | number;
  /** The revision's action, as the history lists it ("created", "edited", "restored v3" …). */
  action: string;
  /** The audit entry's object type when it is not the kind (an announcement's: advisory or bid). */
  objectType?: string;
  /** The audit action's last part when it is not the revision action's first word. */
  auditAction?: string;
  before: Record<string, unknown> | null;
  /** What it is now; null when it was removed (the revision then keeps what it was). */
  after: Record<string, unknown> | null;
}

/**
 * What every content change writes in its own transaction: a revision (the history a restore
 * reads) and the audit entry, "<object type>.<first word of the action>" with before and after.
 * The cache change is announced after the commit (announceContentChange), never inside it.
 */
export async function recordContentChange(tx: DbOrTx, ctx: ContentContext, change: ContentChange): Promise<void> {
  const objectType = change.objectType ?? change.kind;
  const snapshot = change.after ?? change.before;
  if (snapshot) await saveRevision(tx, { kind: change.kind, entityId: change.entityId, actor: ctx.actor, action: change.action, snapshot });
  await auditContentChange(tx, ctx, {
    action: `${objectType}.${change.auditAction ?? change.action.replace(/ .*/, "")}`,
    objectType,
    objectId: change.entityId,
    before: change.before,
    after: change.after,
  });
}
