/**
 * Brute force: after 5 failed sign-ins within 15 minutes for one e-mail address (as typed,
 * whether or not an account has it) or from one client address, each further try must wait,
 * 30 s doubling up to 15 minutes after the latest failure. Failures are counted in the audit
 * log itself, so every process sees the same count and the evidence stays.
 */

import type { Db } from "../../db/client";
import { countAudit, recordAudit } from "./audit.server";
import type { StaffServices } from "./services.server";

export const FREE_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;
const FIRST_WAIT_MS = 30_000;
const MAX_WAIT_MS = 15 * 60_000;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Milliseconds to wait after `failures` failures, the latest at `latest`; 0 when free to try. */
export function waitAfter(failures: number, latest: Date | null, now = Date.now()): number {
  if (failures < FREE_FAILURES || !latest) return 0;
  const wait = Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
  return Math.max(0, latest.getTime() + wait - now);
}

/** How long this e-mail and address must still wait (the longer of the two), in ms. */
export async function signInWait(db: Db, who: { email?: string; ip: string }): Promise<number> {
  const from = new Date(Date.now() - WINDOW_MS);
  const byIp = await countAudit(db, { action: "sign_in.failed", ip: who.ip, from });
  const byEmail = who.email
    ? await countAudit(db, { action: "sign_in.failed", actorEmail: normalizeEmail(who.email), from })
    : { count: 0, latest: null };
  return Math.max(waitAfter(byIp.count, byIp.latest), waitAfter(byEmail.count, byEmail.latest));
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
  const wait = await signInWait(staff.db, { email: email ?? undefined, ip: staff.ip });
  if (wait > 0) staff.log.warn({ ip: staff.ip, step, waitMs: wait }, "staff sign-in slowed down after repeated failures");
}

/** Records a refused (throttled) attempt, and logs it. */
export async function recordThrottled(staff: StaffServices, email: string | null, waitMs: number): Promise<void> {
  await recordAudit(staff.db, {
    actorId: null,
    actorEmail: email ? normalizeEmail(email) : null,
    action: "sign_in.throttled",
    objectType: "session",
    after: { waitMs },
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
  staff.log.warn({ ip: staff.ip, waitMs }, "staff sign-in refused: too many failures");
}

export function describeWait(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}
