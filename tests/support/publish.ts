/**
 * Publishing an interruption the way the staff editor will: the interruption, its towns and
 * barangays, and its outbox event, in one transaction. Tests and benchmarks use it until the
 * editor exists; it goes through core's recordInterruptionEvent like every change.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { barangays, powerInterruptionBarangays, powerInterruptions, powerInterruptionTowns } from "../../db/schema";
import { type InterruptionEventKind, recordInterruptionEvent } from "../../modules/interruptions/events.server";
import type { Town } from "../../modules/shared/constants";

export async function publishInterruption(
  db: Db,
  i: { town: Town; barangays: string[]; startsAt: Date; hours?: number; circuit?: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(powerInterruptions)
      .values({
        startsAt: i.startsAt,
        endsAt: new Date(i.startsAt.getTime() + (i.hours ?? 4) * 3600_000),
        activities: "Line maintenance",
        affectedAreas: i.barangays.join(", "),
        circuitToBeOpened: i.circuit ?? "Feeder 3",
      })
      .returning({ id: powerInterruptions.id });
    await tx.insert(powerInterruptionTowns).values({ interruptionId: row!.id, town: i.town });
    if (i.barangays.length) {
      const ids = await tx
        .select({ id: barangays.id })
        .from(barangays)
        .where(and(eq(barangays.town, i.town), inArray(barangays.name, i.barangays)));
      await tx.insert(powerInterruptionBarangays).values(ids.map((b) => ({ interruptionId: row!.id, barangayId: b.id })));
    }
    await recordInterruptionEvent(tx, { interruptionId: row!.id, kind: "published" });
    return row!.id;
  });
}

export async function changeInterruption(
  db: Db,
  id: number,
  kind: InterruptionEventKind,
  change: Partial<{ status: "cancelled" | "extended" | "finished"; endsAt: Date }> = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    if (Object.keys(change).length)
      await tx
        .update(powerInterruptions)
        .set({ ...change, statusUpdatedAt: new Date() })
        .where(eq(powerInterruptions.id, id));
    await recordInterruptionEvent(tx, { interruptionId: id, kind });
  });
}
