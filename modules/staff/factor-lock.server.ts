/**
 * The lifetime cap on a staff account's second factor (authenticator codes and backup codes
 * together): 100 wrong in a row suspend it until an administrator unlocks it, and the owner
 * is e-mailed. The hourly limits of throttle.server.ts still apply before it.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffUser } from "../../db/schema";
import { FACTOR_FAILURE_CAP, factorSuspendedAt, type NoticeMailer, unlockFactor } from "../shared/factor-lock.server";
import { recordAudit } from "./audit.server";

export const staffFactorKey = (userId: string) => `staff:${userId}`;

export const STAFF_FACTOR_SUSPENDED =
  "This account's second factor is locked after too many wrong codes. An administrator must unlock it; we have e-mailed the account's owner.";

/** Records the suspension and tells the owner by e-mail (when e-mail is set up). */
export async function noticeStaffFactorSuspended(
  db: Db,
  userId: string,
  who: { ip: string; userAgent: string },
  mail: NoticeMailer | null | undefined,
  now = new Date(),
): Promise<{ emailed: boolean }> {
  const [user] = await db.select({ email: staffUser.email, name: staffUser.name }).from(staffUser).where(eq(staffUser.id, userId));
  await recordAudit(db, {
    actorId: null,
    actorEmail: user?.email ?? null,
    action: "factor.suspended",
    objectType: "staff_user",
    objectId: userId,
    after: { wrongInARow: FACTOR_FAILURE_CAP },
    ip: who.ip,
    userAgent: who.userAgent,
  });
  if (!user || !mail) return { emailed: false };
  const sent = await mail.send({
    idempotencyKey: `factor-suspended-${userId}-${now.getTime()}`,
    to: user.email,
    subject: "Your staff console sign-in is locked",
    body: [
      `Hello ${user.name},`,
      "",
      `Someone entered ${FACTOR_FAILURE_CAP} wrong codes in a row at your staff console sign-in, after giving your password.`,
      "Your second factor (authenticator app and backup codes) is locked until an administrator unlocks it.",
      "",
      "If this was not you, your password is known to someone else: ask an administrator to unlock the account and change your password at once.",
    ].join("\n"),
  });
  return { emailed: sent.ok };
}

/** When this account's second factor was suspended, or null. */
export const staffFactorSuspendedAt = (db: Db, userId: string) => factorSuspendedAt(db, staffFactorKey(userId));

/** An administrator unlocks the second factor; in the audit log. */
export async function unlockStaffFactor(
  db: Db,
  userId: string,
  actor: { id: string | null; email: string | null; ip: string | null; userAgent: string | null },
) {
  const was = await unlockFactor(db, staffFactorKey(userId));
  await recordAudit(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: "factor.unlocked",
    objectType: "staff_user",
    objectId: userId,
    after: { wasSuspended: was },
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return was;
}
