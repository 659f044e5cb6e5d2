/** The server side of signing in: its forms, better-auth's calls, the throttle, the audit entries. */

import { z } from "zod";
import { type NoticeMailer, reserveFactorTry } from "../../../modules/shared/factor-lock.server";
import { recordAudit } from "../../../modules/staff/audit.server";
import { endSessionByToken } from "../../../modules/staff/auth.server";
import { normalizeBackupCode } from "../../../modules/staff/backup-codes.server";
import { noticeStaffFactorSuspended, STAFF_FACTOR_SUSPENDED, staffFactorKey } from "../../../modules/staff/factor-lock.server";
import type { StaffServices } from "../../../modules/staff/services.server";
import { describeWait, normalizeEmail, recordSignInFailure, recordThrottled, reserveSignIn } from "../../../modules/staff/throttle.server";
import { claimStep, pendingSecondStepUser, stepOfCode } from "../../../modules/staff/totp-steps.server";

/** Step one: e-mail and password, and where to go after. */
export const signInFormSchema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address."),
  password: z.string().min(1, "Enter your password."),
  next: z.string().default(""),
});

/** Step two: the code from the authenticator app, or a backup code. */
export const codeFormSchema = z.object({
  code: z.string().trim().min(1, "Enter the 6-digit code from your authenticator app, or a backup code."),
  next: z.string().default(""),
});

export type SignInOutcome = { kind: "code" } | { kind: "signed-in"; userId: string } | { kind: "refused" | "throttled"; message: string };

const WRONG = "The e-mail address or password is not right.";

export async function attemptPasswordSignIn(staff: StaffServices, email: string, password: string): Promise<SignInOutcome> {
  // The try is counted before the password is checked: a burst gets no more checks than the limit.
  const reservation = await reserveSignIn(staff, { email });
  if (!reservation.ok) {
    await recordThrottled(staff, email, reservation.waitMs);
    return { kind: "throttled", message: `Too many tries. Wait ${describeWait(reservation.waitMs)}, then try again.` };
  }
  let result;
  try {
    result = await staff.auth.api.signInEmail({
      body: { email: normalizeEmail(email), password, rememberMe: true },
      headers: staff.headers(),
      returnHeaders: true,
    });
  } catch {
    await recordSignInFailure(staff, email, "password");
    return { kind: "refused", message: WRONG };
  }
  // The password was right: this try is not a failure.
  await reservation.release();
  const body = result.response as { twoFactorRedirect?: boolean; token?: string; user?: { id: string; email: string } };
  if (body.twoFactorRedirect) {
    // Password right; the second factor comes next (better-auth's two-factor cookie).
    staff.takeCookies(result.headers);
    return { kind: "code" };
  }
  // A session without a second factor: either the account uses only passkeys, or it has not
  // finished enrolment. A password alone never signs in.
  if (body.token) await endSessionByToken(staff.db, body.token);
  await recordAudit(staff.db, {
    actorId: body.user?.id ?? null,
    actorEmail: body.user?.email ?? normalizeEmail(email),
    action: "sign_in.refused",
    objectType: "session",
    after: { reason: "no second factor for password sign-in" },
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
  // The link works until a second factor is added (modules/staff/users.server.ts linkWorks): say so, and when it does not.
  return {
    kind: "refused",
    message:
      "Sign in with your passkey. If you have not added a second factor yet, open your enrolment link again to finish setting up your account (it works for 24 hours from when it was sent; after that, ask an administrator for a new one).",
  };
}

/** Step two: a 6-digit code from the app, or a backup code; `mail` tells the owner when the factor is locked. */
export async function attemptCode(staff: StaffServices, code: string, mail?: NoticeMailer | null): Promise<SignInOutcome> {
  // Counted per address and per account (the one whose password was just given).
  const userId = await pendingSecondStepUser(staff.db, staff.headers().get("cookie") ?? undefined);
  const reservation = await reserveSignIn(staff, { userId });
  if (!reservation.ok) {
    await recordThrottled(staff, null, reservation.waitMs);
    return { kind: "throttled", message: `Too many tries. Wait ${describeWait(reservation.waitMs)}, then try again.` };
  }
  // Then the lifetime count of wrong answers in a row: the hourly limit alone never stops a patient guesser.
  const factor = userId ? await reserveFactorTry(staff.db, staffFactorKey(userId)) : null;
  if (factor && !factor.ok) {
    await reservation.release();
    return { kind: "refused", message: STAFF_FACTOR_SUSPENDED };
  }
  const cleaned = code.replace(/\s+/g, "");
  const isTotp = /^\d{6}$/.test(cleaned);
  const wrong = async (): Promise<SignInOutcome> => {
    await recordSignInFailure(staff, null, "code");
    if (userId && (await factor?.wrong())) {
      await noticeStaffFactorSuspended(staff.db, userId, staff, mail);
      return { kind: "refused", message: STAFF_FACTOR_SUSPENDED };
    }
    return { kind: "refused", message: "That code is not right, or it has expired. Enter the current code from your app." };
  };
  if (isTotp && userId) {
    // A code is good once: its time step must be newer than the last one this account used.
    const step = await stepOfCode(staff.auth, staff.db, userId, cleaned);
    if (step === null || !(await claimStep(staff.db, userId, step))) return wrong();
  }
  let result;
  try {
    result = isTotp
      ? await staff.auth.api.verifyTOTP({ body: { code: cleaned, trustDevice: false }, headers: staff.headers(), returnHeaders: true })
      : await staff.auth.api.verifyBackupCode({
          body: { code: normalizeBackupCode(cleaned), trustDevice: false },
          headers: staff.headers(),
          returnHeaders: true,
        });
  } catch {
    return wrong();
  }
  await reservation.release();
  await factor?.right();
  const user = (result.response as { user?: { id: string; email: string } }).user;
  staff.takeCookies(result.headers);
  await recordAudit(staff.db, {
    actorId: user?.id ?? null,
    actorEmail: user?.email ?? null,
    action: "sign_in.succeeded",
    objectType: "session",
    after: { method: isTotp ? "password+totp" : "password+backup-code" },
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
  return { kind: "signed-in", userId: user?.id ?? "" };
}
