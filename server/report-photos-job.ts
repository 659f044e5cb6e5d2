/**
 * The report photos' job, beside the alert deliveries on the same pg-boss: the relay loop hands
 * the photos the report form stored as sent to the queue, and a worker re-encodes each one
 * (modules/reports/photo-jobs.server.ts). The web process never decodes a photo: in a typhoon the
 * report form answers as fast as a text-only report.
 */
import type { PgBoss } from "pg-boss";
import type { Db } from "../db/client";
import { markPhotoFailed, processReportPhoto, queueReceivedPhotos } from "../modules/reports/photo-jobs.server";
import { bossDatabase, ensureQueue } from "./job-queue";

export const PHOTO_QUEUE = "report-photos";
export const PHOTO_DEAD_LETTER_QUEUE = "report-photos-dead";

export interface ReportPhotoJob {
  /** Queues the photos stored since the last look; how many. */
  queueNow(): Promise<number>;
}

export async function startReportPhotoJob(
  boss: PgBoss,
  db: Db,
  opts: { expireInSeconds: number; retryDelaySeconds?: number; work: boolean },
): Promise<ReportPhotoJob> {
  await ensureQueue(boss, PHOTO_DEAD_LETTER_QUEUE, {});
  await ensureQueue(boss, PHOTO_QUEUE, {
    retryLimit: 3,
    retryDelay: opts.retryDelaySeconds ?? 10,
    expireInSeconds: opts.expireInSeconds,
    deadLetter: PHOTO_DEAD_LETTER_QUEUE,
  });
  if (opts.work) {
    // One photo at a time per process (sharp spreads each across libvips's threads already), taken
    // four at a time: while batches come back full the next is fetched at once. One job a fetch
    // would wait the polling interval after each photo: a second each, behind a storm's hundred a minute.
    await boss.work<{ reportId: number }>(
      PHOTO_QUEUE,
      { batchSize: 4, pollingIntervalSeconds: 1, burstWhenBatchFull: true },
      async (jobs) => {
        for (const job of jobs) await processReportPhoto(db, job.data.reportId);
      },
    );
    // A photo that crashed its worker on every attempt is never shown.
    await boss.work<{ reportId: number }>(PHOTO_DEAD_LETTER_QUEUE, async (jobs) => {
      for (const job of jobs) await markPhotoFailed(db, job.data.reportId);
    });
  }
  return {
    queueNow: () =>
      queueReceivedPhotos(db, async (tx, reportIds) => {
        await boss.insert(
          PHOTO_QUEUE,
          reportIds.map((reportId) => ({ data: { reportId } })),
          { db: bossDatabase(tx) },
        );
      }),
  };
}
