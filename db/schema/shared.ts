/** What every area uses: the captcha solutions already spent, and the counters of "N tries, then wait". */
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Captcha solutions already used, so a replayed one is refused. */
export const usedCaptchas = pgTable("used_captchas", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * "N tries, then wait" for every limit (staff sign-in, re-authentication, AGAM code and PIN,
 * Open311 keys, messages to one recipient): one row per rule and key, counted up by one
 * conditional upsert before the try is checked, so simultaneous tries cannot all pass
 * (modules/shared/attempt-limits.server.ts, docs/decisions/0014-attempt-reservation.md).
 */
export const attemptCounters = pgTable(
  "attempt_counters",
  {
    /** "<rule>|<key>", e.g. "staff-sign-in|ip:203.0.113.9". */
    key: text("key").primaryKey(),
    /** Tries reserved in this window (a try that turned out right gives its reservation back). */
    count: integer("count").notNull().default(0),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("attempt_counters_last_at").on(t.lastAt)],
);

/**
 * Wrong answers in a row to one second factor (a staff account's authenticator and backup
 * codes, an AGAM account's code and PIN), never reset by time: the hourly limits slow a
 * guesser down, this stops one for good at 100 until a person unlocks it
 * (modules/shared/factor-lock.server.ts).
 */
export const factorFailures = pgTable("factor_failures", {
  /** "staff:<user id>" or "agam:<account number>". */
  key: text("key").primaryKey(),
  /** Wrong answers since the last right one, plus tries still being checked. */
  consecutive: integer("consecutive").notNull().default(0),
  /** When the cap was reached; null while the factor may still be tried. */
  suspendedAt: timestamp("suspended_at", { withTimezone: true }),
});
