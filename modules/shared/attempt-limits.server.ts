/**
 * "N tries, then wait", held under simultaneous requests. A try is reserved before it is
 * checked, by one conditional upsert that counts it up only while the rule allows another
 * try; the count it returns decides. Tries sent at the same moment queue on the row's lock,
 * so at most the rule's number get through, on PGlite and on PostgreSQL alike.
 * A try that turns out right gives its reservation back (`release`), so only wrong tries
 * and tries still being checked count. docs/decisions/0014-attempt-reservation.md.
 */
import { inArray, lt, sql } from "drizzle-orm";
import { type Db, resultRows } from "../../db/client";
import { attemptCounters } from "../../db/schema";

export interface AttemptRule {
  /** Names the counters of this rule ("staff-sign-in"). */
  name: string;
  /** Tries allowed in a window before waits start. */
  free: number;
  /** The count starts again this long after the window's first try. */
  windowMs: number;
  /** The wait after the `free`-th counted try, doubled for every further one, up to `maxWaitMs`. */
  firstWaitMs: number;
  maxWaitMs: number;
}

export type Reservation =
  | {
      ok: true;
      /** The highest count among the keys, this try included. */
      count: number;
      release(): Promise<void>;
    }
  | { ok: false; waitMs: number };

const counterKey = (rule: AttemptRule, key: string) => `${rule.name}|${key}`;

/** The wait after `count` counted tries, the latest at `lastAt` (0: free to try). */
export function waitAfter(rule: AttemptRule, count: number, windowStartedAt: Date, lastAt: Date, now: Date): number {
  const windowEnd = windowStartedAt.getTime() + rule.windowMs;
  if (now.getTime() >= windowEnd || count < rule.free) return 0;
  const wait = Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** (count - rule.free));
  // The next try is allowed at the wait's end or the window's end, whichever comes first (as
  // in reserveAttempt's WHERE): a page that says when to come back must not say later than that.
  return Math.max(0, Math.min(lastAt.getTime() + wait, windowEnd) - now.getTime());
}

/**
 * Reserves one try under every key (an e-mail and an address, say): all or none. Keys are
 * taken in one order in one transaction, so two requests never wait on each other's rows.
 */
export async function reserveAttempt(db: Db, rule: AttemptRule, keys: string[], now = new Date()): Promise<Reservation> {
  const full = [...new Set(keys.map((k) => counterKey(rule, k)))].sort();
  const at = now.toISOString();
  let count = 0;
  const refused = await db
    .transaction(async (tx) => {
      for (const key of full) {
        // The WHERE of ON CONFLICT DO UPDATE is evaluated on the row as the last committed
        // writer left it (the row is locked first), which is what makes the limit hold.
        const rows = await tx.execute(sql`
          insert into attempt_counters (key, count, window_started_at, last_at)
          values (${key}, 1, ${at}::timestamptz, ${at}::timestamptz)
          on conflict (key) do update set
            count = case when attempt_counters.window_started_at <= ${at}::timestamptz - ${rule.windowMs} * interval '1 millisecond'
                         then 1 else attempt_counters.count + 1 end,
            window_started_at = case when attempt_counters.window_started_at <= ${at}::timestamptz - ${rule.windowMs} * interval '1 millisecond'
                         then ${at}::timestamptz else attempt_counters.window_started_at end,
            last_at = ${at}::timestamptz
          where attempt_counters.window_started_at <= ${at}::timestamptz - ${rule.windowMs} * interval '1 millisecond'
             or attempt_counters.count < ${rule.free}
             or attempt_counters.last_at + least(${rule.maxWaitMs}::float8, ${rule.firstWaitMs}::float8 * power(2, attempt_counters.count - ${rule.free})) * interval '1 millisecond'
                <= ${at}::timestamptz
          returning count`);
        const [row] = resultRows<{ count: number | string }>(rows);
        if (!row) throw new Refused(key);
        count = Math.max(count, Number(row.count));
      }
      return null;
    })
    .catch((error) => {
      if (error instanceof Refused) return error.key;
      throw error;
    });
  // Refused with no wait left by the time it is read (the row moved on): ask again in a second.
  if (refused !== null) return { ok: false, waitMs: Math.max(1000, await waitFor(db, rule, full, now)) };
  let released = false;
  return {
    ok: true,
    count,
    async release() {
      if (released) return;
      released = true;
      await db
        .update(attemptCounters)
        .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
        .where(inArray(attemptCounters.key, full));
    },
  };
}

/** How long the longest-waiting of these counters must still wait, in ms. */
export async function attemptWait(db: Db, rule: AttemptRule, keys: string[], now = new Date()): Promise<number> {
  return waitFor(
    db,
    rule,
    keys.map((k) => counterKey(rule, k)),
    now,
  );
}

/** Forgets the counted tries (a right answer where the rule starts again, as the AGAM check does). */
export async function clearAttempts(db: Db, rule: AttemptRule, keys: string[]): Promise<void> {
  await db.delete(attemptCounters).where(
    inArray(
      attemptCounters.key,
      keys.map((k) => counterKey(rule, k)),
    ),
  );
}

/** Drops counters nobody has touched for a day (every rule's window and wait are shorter). */
export async function purgeAttemptCounters(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(attemptCounters)
    .where(lt(attemptCounters.lastAt, new Date(now.getTime() - 24 * 3_600_000)))
    .returning({ key: attemptCounters.key });
  return gone.length;
}

async function waitFor(db: Db, rule: AttemptRule, full: string[], now: Date): Promise<number> {
  if (full.length === 0) return 0;
  const rows = await db.select().from(attemptCounters).where(inArray(attemptCounters.key, full));
  return Math.max(0, ...rows.map((r) => waitAfter(rule, r.count, r.windowStartedAt, r.lastAt, now)));
}

class Refused extends Error {
  constructor(readonly key: string) {
    super("attempt refused");
  }
}
