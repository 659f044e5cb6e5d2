/** Enrolment and factor changes on the server: better-auth calls plus audit entries. */
import { z } from "zod";
import { recordAudit } from "../../../modules/staff/audit.server";
import { passwordProblem } from "../../../modules/staff/password.server";
import { markPasswordConfirmed } from "../../../modules/staff/reauth.server";
import type { StaffServices } from "../../../modules/staff/services.server";
import { claimStep, stepOfCode } from "../../../modules/staff/totp-steps.server";
import { COMMAND_LINE, consumeEnrolment, findEnrolment } from "../../../modules/staff/users.server";
import type { FieldErrors } from "./form";

/** The enrolment form: the password twice (`enrolWithPassword` says what is wrong with them). */
export const passwordFormSchema = z.object({ password: z.string().default(""), confirm: z.string().default("") });

/** Sets the password from an enrolment link, signs in (no factor yet), starts a TOTP set-up. */
export async function enrolWithPassword(
  staff: StaffServices,
  token: string,
  password: string,
  confirm: string,
): Promise<{ errors: FieldErrors } | { ok: true }> {
  const enrolment = await findEnrolment(staff.db, token);
  if (!enrolment)
    return {
      errors: {
        password:
          "This enrolment link no longer works (24 hours have passed, or a second factor was added). Ask an administrator for a new one.",
      },
    };
  const problem = passwordProblem(password, { email: enrolment.email });
  if (problem) return { errors: { password: problem } };
  if (password !== confirm) return { errors: { confirm: "The two passwords are not the same." } };
  const ctx = await staff.auth.$context;
  const userId = await consumeEnrolment(staff.db, token, await ctx.password.hash(password), {
    ...COMMAND_LINE,
    email: enrolment.email,
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
  if (!userId)
    return {
      errors: {
        password:
          "This enrolment link no longer works (24 hours have passed, or a second factor was added). Ask an administrator for a new one.",
      },
    };
  // Sign in now: the session can reach only the factor set-up until a factor is added.
  const signedIn = await staff.auth.api.signInEmail({
    body: { email: enrolment.email, password, rememberMe: true },
    headers: staff.headers(),
    returnHeaders: true,
  });
  staff.takeCookies(signedIn.headers);
  const me = await staff.auth.api.getSession({ headers: staff.headers() });
  if (me) await markPasswordConfirmed(staff.db, me.session.id);
  await staff.auth.api.enableTwoFactor({ body: { password }, headers: staff.headers() });
  return { ok: true };
}

/** The first code from the app: the TOTP factor is on. Returns the backup codes to show once. */
export async function confirmTotp(
  staff: StaffServices,
  user: { id: string; email: string },
  code: string,
): Promise<{ error: string } | { backupCodes: string[] }> {
  const cleaned = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(cleaned)) return { error: "Enter the 6-digit code your app shows now." };
  const wrong = { error: "That code is not right. Check the time on your phone, and enter the code shown now." };
  // The code that turns the factor on is used, as at sign-in: it cannot sign in afterwards.
  const step = await stepOfCode(staff.auth, staff.db, user.id, cleaned);
  if (step === null) return wrong;
  if (!(await claimStep(staff.db, user.id, step))) return { error: "That code was already used. Wait for the next code in your app." };
  try {
    const result = await staff.auth.api.verifyTOTP({ body: { code: cleaned }, headers: staff.headers(), returnHeaders: true });
    staff.takeCookies(result.headers);
  } catch {
    return wrong;
  }
  await recordAudit(staff.db, {
    actorId: user.id,
    actorEmail: user.email,
    action: "factor.totp_added",
    objectType: "staff_user",
    objectId: user.id,
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
  const codes = await staff.auth.api.viewBackupCodes({ body: { userId: user.id } }).catch(() => null);
  return { backupCodes: codes?.backupCodes ?? [] };
}

/** Checks the password of the signed-in account; remembers it for a few minutes (passkey ceremony). */
export async function confirmPassword(staff: StaffServices, sessionId: string, password: string): Promise<boolean> {
  if (!password) return false;
  try {
    await staff.auth.api.verifyPassword({ body: { password }, headers: staff.headers() });
  } catch {
    return false;
  }
  await markPasswordConfirmed(staff.db, sessionId);
  return true;
}

/** Starts a TOTP set-up (asks for the password again). */
export async function startTotp(staff: StaffServices, password: string): Promise<boolean> {
  try {
    await staff.auth.api.enableTwoFactor({ body: { password }, headers: staff.headers() });
    return true;
  } catch {
    return false;
  }
}
