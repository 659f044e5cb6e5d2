/**
 * Power interruptions as the CAP messages need them (modules/interruptions/cap.server.ts): the
 * published ones not yet over, planned and unplanned, for the feed; one by id with its history of
 * changes for its own message. Only what the public pages show: published and visible now.
 */
import { and, asc, eq, gte, inArray, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { interruptionEvents, powerInterruptions, powerInterruptionTowns } from "../../db/schema";
import { visibleNow } from "../content/publication.server";
import { toPlainText } from "../shared/html";
import type { CapInterruption } from "./cap.server";
import { currentStatus } from "./model";
import { htmlToLines } from "./view";

type Row = typeof powerInterruptions.$inferSelect;

async function withDetails(db: DbOrTx, rows: Row[], now: Date): Promise<CapInterruption[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [towns, events] = await Promise.all([
    db.select().from(powerInterruptionTowns).where(inArray(powerInterruptionTowns.interruptionId, ids)),
    db
      .select({
        id: interruptionEvents.id,
        interruptionId: interruptionEvents.interruptionId,
        kind: interruptionEvents.kind,
        occurredAt: interruptionEvents.occurredAt,
      })
      .from(interruptionEvents)
      // A change not yet due (a scheduled publication) is not a message yet.
      .where(and(inArray(interruptionEvents.interruptionId, ids), sql`${interruptionEvents.occurredAt} <= ${now}`))
      .orderBy(asc(interruptionEvents.occurredAt), asc(interruptionEvents.id)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: currentStatus(r, now).status,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    endKnown: r.endKnown,
    towns: towns.filter((t) => t.interruptionId === r.id).map((t) => t.town),
    areas: htmlToLines(r.affectedAreas).join("; "),
    activities: toPlainText(r.activities),
    events: events.filter((e) => e.interruptionId === r.id).map(({ id, kind, occurredAt }) => ({ id, kind, occurredAt })),
  }));
}

/**
 * Every published interruption on now or still to come, soonest first: planned ones and the
 * dispatcher's unplanned ones (also past a stand-in end, until the power is back).
 */
export async function capInterruptions(db: DbOrTx, now: Date): Promise<CapInterruption[]> {
  const rows = await db
    .select()
    .from(powerInterruptions)
    .where(
      and(
        visibleNow(powerInterruptions, now),
        ne(powerInterruptions.status, "cancelled"),
        ne(powerInterruptions.status, "finished"),
        or(gte(powerInterruptions.endsAt, now), eq(powerInterruptions.endKnown, false)),
      ),
    )
    .orderBy(asc(powerInterruptions.startsAt));
  return (await withDetails(db, rows, now)).filter((i) => i.events.length > 0);
}

/** One published interruption with its changes, or null. */
export async function capInterruption(db: DbOrTx, id: number, now: Date): Promise<CapInterruption | null> {
  const rows = await db
    .select()
    .from(powerInterruptions)
    .where(and(eq(powerInterruptions.id, id), visibleNow(powerInterruptions, now)));
  return (await withDetails(db, rows, now))[0] ?? null;
}
