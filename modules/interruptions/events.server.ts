/**
 * The one place an interruption change is recorded. Call it inside the transaction that
 * changes the interruption, so the change and its event are stored together or not at all:
 * the event row is the outbox that alerts are sent from, and the history the public page shows.
 */
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { interruptionEvents } from "../../db/schema";

export type InterruptionEventKind = (typeof interruptionEvents.$inferInsert)["kind"];

export interface InterruptionEventInput {
  interruptionId: number;
  kind: InterruptionEventKind;
  note?: string;
  actorId?: string;
  occurredAt?: Date;
}

export async function recordInterruptionEvent(tx: DbOrTx, input: InterruptionEventInput): Promise<number> {
  const [row] = await tx
    .insert(interruptionEvents)
    .values({
      interruptionId: input.interruptionId,
      kind: input.kind,
      note: input.note ?? "",
      actorId: input.actorId ?? "",
      occurredAt: input.occurredAt ?? new Date(),
    })
    .returning({ id: interruptionEvents.id });
  return row!.id;
}

export async function listInterruptionEvents(db: DbOrTx, interruptionId: number) {
  return db
    .select()
    .from(interruptionEvents)
    .where(eq(interruptionEvents.interruptionId, interruptionId))
    .orderBy(asc(interruptionEvents.occurredAt), asc(interruptionEvents.id));
}
