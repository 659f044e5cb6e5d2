/**
 * Brute force: 5 tries within 15 minutes for one account (the e-mail as typed, whether or not
 * an account has it, or the account whose second step it is) from one client address, or
 * from one address at all; then each further try must wait, 30 s doubling up to 15 minutes
 * after the latest. The lock is per account and address, so a stranger's wrong passwords
 * from elsewhere do not lock the owner out; an account also has a much higher ceiling over
 * all addresses (50 an hour), against guessing spread over many addresses.
 * A try is reserved before it is checked (modules/shared/attempt-limits.server.ts), so a
 * burst of simultaneous tries gets no more through than one at a time would; a right
 * answer gives its reservation back. Every failure and every refusal is also written to
 * the audit log, as evidence.
 */

import { type AttemptRule, attemptWait, type Reservation, reserveAttempt } from "../shared/attempt-limits.server";
import { recordAudit } from "./audit.server";
import type { StaffServices } from "./services.server";

export const FREE_FAILURES = 5;

/** Sign-in: the password step, the code step and passkey sign-in, per address and per account and address. */
export const SIGN_IN_RULE: AttemptRule = {
  name: "staff-sign-in",
  free: FREE_FAILURES,
  windowMs: 15 * 60_000,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
};

/** One account over every address: ten times the per-address tries, in an hour. */
export const ACCOUNT_CEILING_RULE: AttemptRule = {
  name: "staff-sign-in-account",
  free: 10 * FREE_FAILURES,
  windowMs: 60 * 60_000,
  firstWaitMs: 60_000,
  maxWaitMs: 15 * 60_000,
};

/** The password asked again inside a session (account page, enrolment): the same limits. */
export const REAUTH_RULE: AttemptRule = { ...SIGN_IN_RULE, name: "staff-reauth" };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

type Who = { email?: string | null; userId?: string | null };

/** The account a try is for, as a counter key part, or null (passkey sign-in names none). */
function accountOf(who: Who): string | null {
  if (who.email) return `email:${normalizeEmail(who.email)}`;
  if (who.userId) return `user:${who.userId}`;
  return null;
}

/** The per-address counters one try counts against: the address, and the account from that address. */
export function signInKeys(who: Who & { ip: string }): string[] {
  const account = accountOf(who);
  return [`ip:${who.ip}`, ...(account ? [`${account}|ip:${who.ip}`] : [])];
}

/** Reserves one sign-in try: per address and per account from the address, then the account's ceiling. */
export async function reserveSignIn(staff: StaffServices, who: Who): Promise<Reservation> {
  const local = await reserveAttempt(staff.db, SIGN_IN_RULE, signInKeys({ ...who, ip: staff.ip }));
  const account = accountOf(who);
  if (!local.ok || !account) return local;
  const ceiling = await reserveAttempt(staff.db, ACCOUNT_CEILING_RULE, [account]);
  if (!ceiling.ok) {
    await local.release();
    return ceiling;
  }
  return {
    ok: true,
    count: local.count,
    async release() {
      await Promise.all([local.release(), ceiling.release()]);
    },
  };
}

/** How long this account from this address must still wait (the longest of its counters), in ms. */
export async function signInWait(staff: StaffServices, who: Who = {}): Promise<number> {
  const account = accountOf(who);
  const [local, ceiling] = await Promise.all([
    attemptWait(staff.db, SIGN_IN_RULE, signInKeys({ ...who, ip: staff.ip })),
    account ? attemptWait(staff.db, ACCOUNT_CEILING_RULE, [account]) : 0,
  ]);
  return Math.max(local, ceiling);
}

/** Records a failed sign-in step; logs when an account or address starts being slowed down. */
export async function recordSignInFailure(
  staff: StaffServices,
  email: string | null,
  step: "password" | "code" | "passkey",
): Promise<void> {
  await recordAudit(staff.db, {
    actorId: null,
    actorEmail: email ? normalizeEmail(email) : null,
    action: "sign_in.failed",
    objectType: "session",
    after: { step },
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
  const wait = await signInWait(staff, { email });
  if (wait > 0) staff.log.warn({ ip: staff.ip, step, waitMs: wait }, "staff sign-in slowed down after repeated failures");
}

/** Records a refused (throttled) attempt, and logs it. */
export async function recordThrottled(
  staff: StaffServices,
  email: string | null,
  waitMs: number,
  action: "sign_in.throttled" | "reauth.throttled" = "sign_in.throttled",
  actorId: string | null = null,
): Promise<void> {
  await recordAudit(staff.db, {
    actorId,
    actorEmail: email ? normalizeEmail(email) : null,
    action,
    objectType: "session",
    after: { waitMs },
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
  staff.log.warn(
    { ip: staff.ip, waitMs },
    `staff ${action === "reauth.throttled" ? "password check" : "sign-in"} refused: too many failures`,
  );
}

export function describeWait(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}
