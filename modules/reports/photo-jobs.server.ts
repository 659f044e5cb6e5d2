/**
 * A report photo's way from the form to the dispatcher, off the web request: the form stores the
 * photo as sent (state `received`); the worker's relay hands each to the job queue in the same
 * transaction that marks it `queued` (so a photo is queued exactly once, whichever worker relays);
 * the job re-encodes it (`preparePhoto`) and marks it `ready`, or `failed` when it cannot be read.
 * Only `ready` photos are ever shown: the bytes as sent may carry the phone's position.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { reportPhotos } from "../../db/schema";
import type { ReportPhotoState } from "./model";
import { preparePhoto } from "./photo.server";

/** Hands up to `limit` received photos to `enqueue` (inside the transaction that marks them queued); how many. */
export async function queueReceivedPhotos(db: Db, enqueue: (tx: Tx, reportIds: number[]) => Promise<void>, limit = 100): Promise<number> {
  return db.transaction(async (tx) => {
    // SKIP LOCKED: two workers relaying at once take different photos, never the same twice.
    const rows = await tx
      .select({ reportId: reportPhotos.reportId })
      .from(reportPhotos)
      .where(eq(reportPhotos.state, "received"))
      .orderBy(reportPhotos.reportId)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => r.reportId);
    await tx.update(reportPhotos).set({ state: "queued" }).where(inArray(reportPhotos.reportId, ids));
    await enqueue(tx, ids);
    return ids.length;
  });
}

/**
 * The job: the photo re-encoded and marked ready, or failed when it cannot be read (trying again
 * would not help). `gone` when there is nothing to do (the report was deleted, or another run did it).
 */
export async function processReportPhoto(db: DbOrTx, reportId: number): Promise<ReportPhotoState | "gone"> {
  const waiting = and(eq(reportPhotos.reportId, reportId), inArray(reportPhotos.state, ["received", "queued"]));
  const [row] = await db.select({ data: reportPhotos.data }).from(reportPhotos).where(waiting);
  if (!row) return "gone";
  const prepared = await preparePhoto(row.data);
  if (!prepared.ok) {
    await db.update(reportPhotos).set({ state: "failed" }).where(waiting);
    return "failed";
  }
  await db
    .update(reportPhotos)
    .set({ ...prepared.photo, state: "ready" })
    .where(waiting);
  return "ready";
}

/** A photo whose job ran out of attempts (a worker crashed on it each time): failed, never shown. */
export async function markPhotoFailed(db: DbOrTx, reportId: number): Promise<void> {
  await db
    .update(reportPhotos)
    .set({ state: "failed" })
    .where(and(eq(reportPhotos.reportId, reportId), sql`${reportPhotos.state} <> 'ready'`));
}
