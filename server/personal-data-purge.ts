/**
 * The daily purge of expired personal data (modules/privacy/personal-data.server.ts), as a pg-boss
 * schedule on the queue the alerts worker already runs: pg-boss keeps the schedule in the
 * database, so it survives restarts and runs once a day however many processes there are
 * (a timer in each process would run it once per process, and miss the day of a restart).
 * Each run logs its counts and writes them to the audit log (actor: the system).
 */

import { lt } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Db } from "../db/client";
import { portalVerification, staffVerification } from "../db/schema";
import { type PurgeCounts, purgeExpired } from "../modules/privacy/personal-data.server";
import type { RetentionPolicy } from "../modules/privacy/retention";
import { purgeAttemptCounters } from "../modules/shared/attempt-limits.server";
import { now } from "../modules/shared/clock";
import { TIME_ZONE } from "../modules/shared/constants";
import { recordAudit } from "../modules/staff/audit.server";

export const PURGE_QUEUE = "personal-data-purge";
/** 02:30 in Manila, when hardly anyone uses the site. */
export const PURGE_CRON = "30 2 * * *";

export async function runPurge(
  db: Db,
  policy: RetentionPolicy,
  log: { info(o: object, m: string): void },
): Promise<PurgeCounts & { attemptCountersDeleted: number; staffChallengesDeleted: number; portalChallengesDeleted: number }> {
  // Try counters name e-mail addresses, client addresses and phone numbers: a day is enough.
  const counts = {
    ...(await purgeExpired(db, policy, now())),
    attemptCountersDeleted: await purgeAttemptCounters(db, now()),
    // The sign-in library's one-time rows (passkey challenges, two-factor steps) once expired.
    staffChallengesDeleted: (
      await db.delete(staffVerification).where(lt(staffVerification.expiresAt, now())).returning({ id: staffVerification.id })
    ).length,
    // The member portal's (its passkey challenges).
    portalChallengesDeleted: (
      await db.delete(portalVerification).where(lt(portalVerification.expiresAt, now())).returning({ id: portalVerification.id })
    ).length,
  };
  await recordAudit(db, {
    actorId: null,
    action: "personal_data.purged",
    objectType: "retention",
    after: counts,
    ip: null,
    userAgent: null,
  });
  log.info({ purge: counts }, "personal data purge");
  return counts;
}

export async function schedulePurge(boss: PgBoss, db: Db, policy: RetentionPolicy, log: { info(o: object, m: string): void }) {
  if (!(await boss.getQueue(PURGE_QUEUE))) await boss.createQueue(PURGE_QUEUE, { retryLimit: 3, expireInSeconds: 1800 });
  await boss.work(PURGE_QUEUE, async () => void (await runPurge(db, policy, log)));
  await boss.schedule(PURGE_QUEUE, PURGE_CRON, null, { tz: TIME_ZONE });
}
