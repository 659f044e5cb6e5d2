/**
 * Brute force: 5 tries within 15 minutes for one e-mail address (as typed, whether or not an
 * account has it), one account's second step, or one client address; then each further try
 * must wait, 30 s doubling up to 15 minutes after the latest. A try is reserved before it is
 * checked (modules/shared/attempt-limits.server.ts), so a burst of simultaneous tries gets
 * no more through than one at a time would; a right answer gives its reservation back.
 * Every failure and every refusal is also written to the audit log, as evidence.
 */

import { type AttemptRule, attemptWait, type Reservation, reserveAttempt } from "../shared/attempt-limits.server";
import { recordAudit } from "./audit.server";
import type { StaffServices } from "./services.server";

export const FREE_FAILURES = 5;

/** Sign-in: the password step, the code step and passkey sign-in. */
export const SIGN_IN_RULE: AttemptRule = {
  name: "staff-sign-in",
  free: FREE_FAILURES,
  windowMs: 15 * 60_000,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
};

/** The password asked again inside a session (account page, enrolment): the same limits. */
export const REAUTH_RULE: AttemptRule = { ...SIGN_IN_RULE, name: "staff-reauth" };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The counters one try counts against. */
export function signInKeys(who: { email?: string | null; userId?: string | null; ip: string }): string[] {
  return [`ip:${who.ip}`, ...(who.email ? [`email:${normalizeEmail(who.email)}`] : []), ...(who.userId ? [`user:${who.userId}`] : [])];
}

/** Reserves one sign-in try for these counters (all or none). */
export function reserveSignIn(staff: StaffServices, who: { email?: string | null; userId?: string | null }): Promise<Reservation> {
  return reserveAttempt(staff.db, SIGN_IN_RULE, signInKeys({ ...who, ip: staff.ip }));
}

/** How long this e-mail and address must still wait (the longer of the two), in ms. */
export function signInWait(staff: StaffServices, who: { email?: string | null; userId?: string | null } = {}): Promise<number> {
  return attemptWait(staff.db, SIGN_IN_RULE, signInKeys({ ...who, ip: staff.ip }));
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
