/** One's own account: password, e-mail, factors, sessions. Each change asks for the password again. */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { staffPasskey, staffUser } from "../../../db/schema";
import { recordAudit } from "../../../modules/staff/audit.server";
import { factorsOf } from "../../../modules/staff/factors.server";
import { passwordProblem } from "../../../modules/staff/password.server";
import { WRONG_PASSWORD, withPasswordCheck } from "../../../modules/staff/reauth.server";
import type { StaffIdentity, StaffServices } from "../../../modules/staff/services.server";
import { normalizeEmail } from "../../../modules/staff/throttle.server";
import { endSessions } from "../../../modules/staff/users.server";
import { confirmPassword, startTotp } from "./enrol.server";
import type { FieldErrors } from "./form";

export type AccountResult = { errors: FieldErrors; status?: string; backupCodes?: string[]; throttled?: boolean };

async function passwordOk(staff: StaffServices, password: string): Promise<boolean> {
  if (!password) return false;
  try {
    await staff.auth.api.verifyPassword({ body: { password }, headers: staff.headers() });
    return true;
  } catch {
    return false;
  }
}

function audit(staff: StaffServices, me: StaffIdentity, action: string, extra: { before?: unknown; after?: unknown } = {}) {
  return recordAudit(staff.db, {
    actorId: me.user.id,
    actorEmail: me.user.email,
    action,
    objectType: "staff_user",
    objectId: me.user.id,
    ...extra,
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
}

/**
 * Every field of the account page's forms (and the second-factor step of enrolment): each form
 * sends some of them, and which button (`intent`) says what to do with them.
 */
export const accountFormSchema = z.object({
  intent: z.string().default(""),
  password: z.string().default(""),
  newPassword: z.string().default(""),
  confirmPassword: z.string().default(""),
  email: z.string().default(""),
  passkeyId: z.string().default(""),
  code: z.string().default(""),
});
export type AccountForm = z.output<typeof accountFormSchema>;

/** The forms that ask for the password again, and the field its error goes beside. */
const PASSWORD_FIELD: Record<string, (form: AccountForm) => string> = {
  "change-password": () => "change-password-password",
  "change-email": () => "change-email-password",
  "start-totp": () => "start-totp-password",
  "remove-totp": () => "remove-totp-password",
  "new-backup-codes": () => "new-backup-codes-password",
  "confirm-password": () => "confirm-password-password",
  "remove-passkey": (form) => `remove-passkey-${form.passkeyId}-password`,
};

export async function accountAction(staff: StaffServices, me: StaffIdentity, form: AccountForm): Promise<AccountResult> {
  const field = PASSWORD_FIELD[form.intent]?.(form);
  if (!field) return changeAccount(staff, me, form);
  return withPasswordCheck(staff, me.user, field, () => changeAccount(staff, me, form));
}

async function changeAccount(staff: StaffServices, me: StaffIdentity, form: AccountForm): Promise<AccountResult> {
  const { intent, password } = form;
  switch (intent) {
    case "change-password": {
      const next = form.newPassword;
      const errors: FieldErrors = {};
      const problem = passwordProblem(next, { email: me.user.email });
      if (problem) errors.newPassword = problem;
      else if (next !== form.confirmPassword) errors.confirmPassword = "The two new passwords are not the same.";
      if (Object.keys(errors).length) return { errors };
      try {
        const result = await staff.auth.api.changePassword({
          body: { currentPassword: password, newPassword: next, revokeOtherSessions: true },
          headers: staff.headers(),
          returnHeaders: true,
        });
        staff.takeCookies(result.headers);
      } catch {
        return { errors: { "change-password-password": WRONG_PASSWORD } };
      }
      await audit(staff, me, "user.password_changed");
      return { errors: {}, status: "Your password is changed. Your other sessions were ended." };
    }
    case "change-email": {
      const email = normalizeEmail(form.email);
      if (!z.email().safeParse(email).success) return { errors: { email: "Enter an e-mail address like name@example.com." } };
      if (!(await passwordOk(staff, password))) return { errors: { "change-email-password": WRONG_PASSWORD } };
      const [taken] = await staff.db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.email, email));
      if (taken && taken.id !== me.user.id) return { errors: { email: "Another staff account has this e-mail address." } };
      await staff.db.update(staffUser).set({ email, updatedAt: new Date() }).where(eq(staffUser.id, me.user.id));
      await audit(staff, me, "user.email_changed", { before: { email: me.user.email }, after: { email } });
      return { errors: {}, status: `Your e-mail address is now ${email}.` };
    }
    case "start-totp": {
      if (!(await startTotp(staff, password))) return { errors: { "start-totp-password": WRONG_PASSWORD } };
      return { errors: {}, status: "Scan the QR code with your app, then enter its code." };
    }
    case "remove-totp": {
      const factors = await factorsOf(staff.db, me.user.id);
      if (factors.passkeys.length === 0)
        return { errors: { "remove-totp-password": "Add a passkey first: your account must keep a second factor." } };
      try {
        const result = await staff.auth.api.disableTwoFactor({ body: { password }, headers: staff.headers(), returnHeaders: true });
        staff.takeCookies(result.headers);
      } catch {
        return { errors: { "remove-totp-password": WRONG_PASSWORD } };
      }
      await audit(staff, me, "factor.totp_removed");
      return { errors: {}, status: "The authenticator app is removed." };
    }
    case "new-backup-codes": {
      try {
        const result = await staff.auth.api.generateBackupCodes({ body: { password }, headers: staff.headers() });
        await audit(staff, me, "factor.backup_codes_renewed");
        return { errors: {}, backupCodes: result.backupCodes };
      } catch {
        return { errors: { "new-backup-codes-password": WRONG_PASSWORD } };
      }
    }
    case "confirm-password": {
      if (!(await confirmPassword(staff, me.sessionId, password))) return { errors: { "confirm-password-password": WRONG_PASSWORD } };
      return { errors: {} };
    }
    case "remove-passkey": {
      const id = form.passkeyId;
      const field = `remove-passkey-${id}-password`;
      const factors = await factorsOf(staff.db, me.user.id);
      if (factors.totp !== "on" && factors.passkeys.length <= 1)
        return { errors: { [field]: "This is your only second factor: add another one first." } };
      if (!(await passwordOk(staff, password))) return { errors: { [field]: WRONG_PASSWORD } };
      const removed = await staff.db
        .delete(staffPasskey)
        .where(and(eq(staffPasskey.id, id), eq(staffPasskey.userId, me.user.id)))
        .returning({ name: staffPasskey.name });
      if (removed.length) await audit(staff, me, "factor.passkey_removed", { before: { passkey: removed[0]!.name } });
      return { errors: {}, status: "The passkey is removed." };
    }
    case "end-other-sessions": {
      const n = await endSessions(
        staff.db,
        me.user.id,
        { id: me.user.id, email: me.user.email, ip: staff.ip, userAgent: staff.userAgent },
        me.sessionId,
      );
      return { errors: {}, status: `${n} other session${n === 1 ? "" : "s"} ended.` };
    }
  }
  return { errors: { intent: "Choose an action." } };
}
