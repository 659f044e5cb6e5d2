/**
 * Revisions: every save of public content keeps the whole saved state, with who and when.
 * Written inside the content function's transaction, beside the row and its audit entry.
 */

import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { contentRevisions } from "../../db/schema";
import { isRowId } from "../shared/ids";

export type ContentKind =
  | "interruption"
  | "announcement"
  | "news"
  | "career"
  | "rates"
  | "rate-schedule"
  | "about"
  | "gallery"
  | "partner"
  | "branch"
  | "category"
  | "payment-place";

/** Who is making a change: the signed-in staff user. */
export interface Actor {
  id: string;
  name: string;
  email?: string;
}

export const SYSTEM_ACTOR: Actor = { id: "", name: "system" };

export interface RevisionInput {
  kind: ContentKind;
  entityId: string | number;
  actor: Actor;
  action: string;
  snapshot: Record<string, unknown>;
}

export async function saveRevision(tx: DbOrTx, input: RevisionInput): Promise<number> {
  const entityId = String(input.entityId);
  // The unique (kind, entity, version) index makes two concurrent saves fail rather than share a number.
  const [last] = await tx
    .select({ version: sql<number>`coalesce(max(${contentRevisions.version}), 0)` })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, input.kind), eq(contentRevisions.entityId, entityId)));
  const version = Number(last?.version ?? 0) + 1;
  await tx.insert(contentRevisions).values({
    kind: input.kind,
    entityId,
    version,
    actorId: input.actor.id,
    actorName: input.actor.name,
    action: input.action,
    snapshot: input.snapshot,
  });
  return version;
}

export type Revision = typeof contentRevisions.$inferSelect;

/** Newest first. */
export async function listRevisions(db: DbOrTx, kind: ContentKind, entityId: string | number): Promise<Revision[]> {
  return db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.entityId, String(entityId))))
    .orderBy(desc(contentRevisions.version));
}

export async function getRevision(db: DbOrTx, kind: ContentKind, entityId: string | number, version: number): Promise<Revision | null> {
  if (!isRowId(version)) return null;
  const [row] = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.entityId, String(entityId)), eq(contentRevisions.version, version)));
  return row ?? null;
}
