/**
 * "Changing a factor or the e-mail asks for the password again": a confirmed password is
 * remembered for this session for a few minutes (long enough for a passkey ceremony, which
 * happens in the browser between two requests).
 */
import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffVerification } from "../../db/schema";
import { reserveAttempt } from "../shared/attempt-limits.server";
import { recordAudit } from "./audit.server";
import type { StaffServices } from "./services.server";
import { describeWait, REAUTH_RULE, recordThrottled } from "./throttle.server";

const VALID_MS = 10 * 60_000;
const key = (sessionId: string) => `reauth:${sessionId}`;

export async function markPasswordConfirmed(db: Db, sessionId: string): Promise<void> {
  await db.delete(staffVerification).where(eq(staffVerification.identifier, key(sessionId)));
  await db.insert(staffVerification).values({
    id: crypto.randomUUID(),
    identifier: key(sessionId),
    value: "1",
    expiresAt: new Date(Date.now() + VALID_MS),
  });
}

export async function hasRecentPassword(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: staffVerification.id })
    .from(staffVerification)
    .where(and(eq(staffVerification.identifier, key(sessionId)), gt(staffVerification.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

export const WRONG_PASSWORD = "That password is not right.";

/**
 * Runs a form action that checks the signed-in account's password (a change on the account
 * page, a step of enrolment) under the sign-in form's limits: the try is reserved per account
 * and per address before the check; a wrong password is audited (`reauth.failed`), a refused
 * try too (`reauth.throttled`), and a try that was not a wrong password gives its reservation back.
 */
export async function withPasswordCheck<T extends { errors: Record<string, string | undefined> }>(
  staff: StaffServices,
  me: { id: string; email: string },
  field: string,
  run: () => Promise<T>,
): Promise<T | { errors: Record<string, string>; throttled: true }> {
  const reservation = await reserveAttempt(staff.db, REAUTH_RULE, [`user:${me.id}`, `ip:${staff.ip}`]);
  if (!reservation.ok) {
    await recordThrottled(staff, me.email, reservation.waitMs, "reauth.throttled", me.id);
    return { errors: { [field]: `Too many tries. Wait ${describeWait(reservation.waitMs)}, then try again.` }, throttled: true };
  }
  const result = await run();
  if (result.errors[field] !== WRONG_PASSWORD) {
    await reservation.release();
    return result;
  }
  await recordAudit(staff.db, {
    actorId: me.id,
    actorEmail: me.email,
    action: "reauth.failed",
    objectType: "staff_user",
    objectId: me.id,
    after: { field },
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
  return result;
}
