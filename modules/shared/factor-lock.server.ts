/**
 * A lifetime cap on guesses at a second factor. The hourly limits (attempt-limits.server.ts)
 * let a patient guesser through forever: 50 an hour is 438,000 a year against a 6-digit code.
 * Here wrong answers in a row are counted with no window; the 100th suspends the factor until
 * a person with the role unlocks it, and the owner is told. A right answer starts the count
 * again. Like every limit, a try is reserved before it is checked (one conditional upsert),
 * so a burst at 99 gets one check, not thirty.
 */
import { and, asc, eq, isNotNull, like, sql } from "drizzle-orm";
import { type Db, type DbOrTx, resultRows } from "../../db/client";
import { factorFailures } from "../../db/schema";

/** Wrong answers in a row that suspend a factor. */
export const FACTOR_FAILURE_CAP = 100;

export type FactorTry =
  | {
      ok: true;
      /** The answer was right: the count starts again. */
      right(): Promise<void>;
      /** The answer was wrong: true when this one suspended the factor (tell the owner, once). */
      wrong(now?: Date): Promise<boolean>;
      /** The answer could not be checked (an expired code): this try does not count. */
      unchecked(): Promise<void>;
    }
  | { ok: false; suspended: true };

/** Reserves one try at the factor behind `key`; refused once the factor is suspended. */
export async function reserveFactorTry(db: Db, key: string, cap = FACTOR_FAILURE_CAP): Promise<FactorTry> {
  const rows = await db.execute(sql`
    insert into factor_failures (key, consecutive) values (${key}, 1)
    on conflict (key) do update set consecutive = factor_failures.consecutive + 1
    where factor_failures.consecutive < ${cap} and factor_failures.suspended_at is null
    returning consecutive`);
  const [row] = resultRows<{ consecutive: number | string }>(rows);
  if (!row) return { ok: false, suspended: true };
  const count = Number(row.consecutive);
  let settled = false;
  const once = () => {
    const first = !settled;
    settled = true;
    return first;
  };
  return {
    ok: true,
    async right() {
      if (once()) await db.delete(factorFailures).where(eq(factorFailures.key, key));
    },
    async wrong(now = new Date()) {
      if (!once() || count < cap) return false;
      // Only the try that reached the cap gets a row back here, so the owner is told once.
      const marked = await db
        .update(factorFailures)
        .set({ suspendedAt: now })
        .where(sql`${factorFailures.key} = ${key} and ${factorFailures.suspendedAt} is null`)
        .returning({ key: factorFailures.key });
      return marked.length > 0;
    },
    async unchecked() {
      if (once())
        await db
          .update(factorFailures)
          .set({ consecutive: sql`greatest(${factorFailures.consecutive} - 1, 0)` })
          .where(sql`${factorFailures.key} = ${key} and ${factorFailures.suspendedAt} is null`);
    },
  };
}

/** When the factor behind `key` was suspended, or null while it may be tried. */
export async function factorSuspendedAt(db: DbOrTx, key: string): Promise<Date | null> {
  const [row] = await db.select({ at: factorFailures.suspendedAt }).from(factorFailures).where(eq(factorFailures.key, key));
  return row?.at ?? null;
}

/** The suspended factors whose key starts with `prefix` ("agam:"), oldest first. */
export async function suspendedFactors(db: DbOrTx, prefix: string): Promise<{ key: string; suspendedAt: Date }[]> {
  const rows = await db
    .select({ key: factorFailures.key, suspendedAt: factorFailures.suspendedAt })
    .from(factorFailures)
    .where(and(like(factorFailures.key, `${prefix}%`), isNotNull(factorFailures.suspendedAt)))
    .orderBy(asc(factorFailures.suspendedAt));
  return rows.flatMap((r) => (r.suspendedAt ? [{ key: r.key.slice(prefix.length), suspendedAt: r.suspendedAt }] : []));
}

/** Unlocks a factor (a person with the role has checked who is asking): the count starts again. */
export async function unlockFactor(db: DbOrTx, key: string): Promise<boolean> {
  const gone = await db.delete(factorFailures).where(eq(factorFailures.key, key)).returning({ at: factorFailures.suspendedAt });
  return gone.some((g) => g.at !== null);
}

/** What sends the owner's notice: the e-mail channel's `send` fits. */
export interface NoticeMailer {
  send(message: { idempotencyKey: string; to: string; subject: string; body: string }): Promise<{ ok: boolean }>;
}
