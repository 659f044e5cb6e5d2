/**
 * The audit log: the one place an entry is written, and the queries the console reads it
 * with. Call recordAudit inside the transaction of the change it records, so both are
 * stored or neither. The table only ever grows (a trigger refuses UPDATE and DELETE).
 */

import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auditLog } from "../../db/schema";
import { escapeLike } from "../shared/escape";

export interface AuditEntry {
  /** The staff user who acted; null for a failed sign-in or the command line. */
  actorId: string | null;
  /** Their e-mail (kept as it was then), or the address typed at a failed sign-in. */
  actorEmail?: string | null;
  /** Dotted verb, e.g. "sign_in.succeeded", "user.role_changed", "advisory.published". */
  action: string;
  /** What was acted on: "staff_user", "session", "advisory", "interruption", ... */
  objectType: string;
  objectId?: string | number | null;
  /** For content: the row before and after the change. */
  before?: unknown;
  after?: unknown;
  ip: string | null;
  userAgent: string | null;
}

export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId == null ? null : String(entry.objectId),
    before: entry.before === undefined ? null : (entry.before as object),
    after: entry.after === undefined ? null : (entry.after as object),
    ip: entry.ip,
    userAgent: entry.userAgent ? entry.userAgent.slice(0, 500) : null,
  });
}

export interface AuditFilter {
  /** Matches the actor's e-mail or id. */
  actor?: string;
  /** An action, or its prefix ending in a dot ("sign_in."). */
  action?: string;
  /** Exactly this e-mail (as recorded, lower-case). */
  actorEmail?: string;
  objectType?: string;
  objectId?: string;
  ip?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.actor) parts.push(or(eq(auditLog.actorId, filter.actor), ilike(auditLog.actorEmail, `%${escapeLike(filter.actor)}%`)));
  if (filter.actorEmail) parts.push(eq(auditLog.actorEmail, filter.actorEmail));
  if (filter.action)
    parts.push(filter.action.endsWith(".") ? ilike(auditLog.action, `${escapeLike(filter.action)}%`) : eq(auditLog.action, filter.action));
  if (filter.objectType) parts.push(eq(auditLog.objectType, filter.objectType));
  if (filter.objectId) parts.push(eq(auditLog.objectId, filter.objectId));
  if (filter.ip) parts.push(eq(auditLog.ip, filter.ip));
  if (filter.from) parts.push(gte(auditLog.at, filter.from));
  if (filter.to) parts.push(lt(auditLog.at, filter.to));
  return parts.length ? and(...parts) : undefined;
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Newest first; `beforeId` pages backwards. */
export async function listAudit(db: DbOrTx, filter: AuditFilter, opts: { limit: number; beforeId?: number }): Promise<AuditRow[]> {
  const where = and(whereOf(filter), opts.beforeId ? lt(auditLog.id, opts.beforeId) : undefined);
  return db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(opts.limit);
}

/** Every matching entry, oldest first, in batches (for the JSON-lines export). */
export async function* allAudit(db: DbOrTx, filter: AuditFilter, batch = 500): AsyncGenerator<AuditRow> {
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(whereOf(filter), sql`${auditLog.id} > ${afterId}`))
      .orderBy(auditLog.id)
      .limit(batch);
    yield* rows;
    if (rows.length < batch) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

/** How many entries of one action match since a time (the sign-in throttle counts failures). */
export async function countAudit(db: DbOrTx, filter: AuditFilter): Promise<{ count: number; latest: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, latest: sql<Date | null>`max(${auditLog.at})` })
    .from(auditLog)
    .where(whereOf(filter));
  const latest = row?.latest ? new Date(row.latest) : null;
  return { count: row?.count ?? 0, latest };
}
