/** My account: e-mail, password, second factors, backup codes, sessions. */
import { data, Form } from "react-router";
import { formatDateTime } from "../../../modules/shared/dates";
import { factorsOf, pendingTotp } from "../../../modules/staff/factors.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../modules/staff/password.server";
import { roleLabels } from "../../../modules/staff/permissions";
import { hasRecentPassword } from "../../../modules/staff/reauth.server";
import { listSessionsOf } from "../../../modules/staff/users.server";
import { ErrorSummary, Field } from "../../components/ui/Field";
import type { Route } from "./+types/account";
import { accountAction, accountFormSchema } from "./account.server";
import { confirmTotp } from "./enrol.server";
import { BackupCodes, PasskeyCreate, PasswordConfirm, TotpSetup } from "./factor-ui";
import type { FieldErrors } from "./form";
import { readPosted } from "./form.server";
import { requireIdentity, requireStaff, staffServices } from "./guard.server";
import { NewPasswordField } from "./NewPasswordField";
import type { ConsoleHandle } from "./nav";
import { consoleMeta } from "./title";

export const handle: ConsoleHandle = { staff: "signed-in" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const me = (await requireIdentity(args))!;
  const staff = staffServices(args);
  const [factors, pending, recent, sessions] = await Promise.all([
    factorsOf(staff.db, me.user.id),
    pendingTotp(staff.auth, staff.db, me.user),
    hasRecentPassword(staff.db, me.sessionId),
    listSessionsOf(staff.db, me.user.id),
  ]);
  return {
    user: { name: me.user.name, email: me.user.email, role: roleLabels[me.user.role] },
    totp: factors.totp,
    pending: pending ? { svg: pending.svg, secret: pending.secret } : null,
    passkeys: factors.passkeys.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt ? formatDateTime(p.createdAt) : "" })),
    passwordConfirmed: recent,
    otherSessions: sessions.filter((s) => s.id !== me.sessionId).length,
    passwordLength: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  };
}

export async function action(args: Route.ActionArgs) {
  await requireStaff(args);
  const me = (await requireIdentity(args))!;
  const staff = staffServices(args);
  const read = await readPosted(args.request, accountFormSchema);
  if (!read.ok) return data({ errors: read.errors as FieldErrors, status: undefined, backupCodes: undefined, email: "" }, { status: 400 });
  const form = read.data;
  if (form.intent === "verify-totp") {
    const result = await confirmTotp(staff, me.user, form.code);
    if ("error" in result)
      return data({ errors: { code: result.error } as FieldErrors, status: undefined, backupCodes: undefined, email: "" }, { status: 400 });
    return { errors: {} as FieldErrors, status: "The authenticator app is on.", backupCodes: result.backupCodes, email: "" };
  }
  const result = await accountAction(staff, me, form);
  const failed = Object.values(result.errors).some(Boolean);
  return data({ ...result, email: form.email }, { status: result.throttled ? 429 : failed ? 400 : 200 });
}

export const meta: Route.MetaFunction = () => consoleMeta("My account");

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const errors: FieldErrors = actionData?.errors ?? {};
  const d = loaderData;
  return (
    <>
      <h1>My account</h1>
      <ErrorSummary errors={errors} />
      {actionData?.status && (
        <p className="console-status" role="status">
          {actionData.status}
        </p>
      )}
      {actionData?.backupCodes && <BackupCodes codes={actionData.backupCodes} />}

      <section className="console-card" aria-labelledby="acc-who">
        <h2 id="acc-who">{d.user.name}</h2>
        <p>
          {d.user.email} · {d.user.role}
        </p>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="change-email" />
          <Field id="email" label="New e-mail address" error={errors.email}>
            {(p) => <input {...p} type="email" autoComplete="email" defaultValue={actionData?.email ?? ""} required />}
          </Field>
          <Field id="change-email-password" label="Your password" error={errors["change-email-password"]}>
            {(p) => <input {...p} name="password" type="password" autoComplete="current-password" required />}
          </Field>
          <button type="submit" className="button button--secondary">
            Change e-mail address
          </button>
        </Form>
      </section>

      <section className="console-card" aria-labelledby="acc-password">
        <h2 id="acc-password">Password</h2>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="change-password" />
          <Field id="change-password-password" label="Current password" error={errors["change-password-password"]}>
            {(p) => <input {...p} name="password" type="password" autoComplete="current-password" required />}
          </Field>
          <NewPasswordField id="newPassword" error={errors.newPassword} length={d.passwordLength} />
          <Field id="confirmPassword" label="New password again" error={errors.confirmPassword}>
            {(p) => <input {...p} type="password" autoComplete="new-password" required />}
          </Field>
          <button type="submit" className="button button--secondary">
            Change password
          </button>
        </Form>
      </section>

      <section className="console-card" aria-labelledby="acc-app">
        <h2 id="acc-app">Authenticator app</h2>
        {d.totp === "on" ? (
          <>
            <p>On. You sign in with your password and a code from the app.</p>
            <PasswordConfirm intent="new-backup-codes" error={errors["new-backup-codes-password"]} submit="Make new backup codes" />
            {d.passkeys.length > 0 && (
              <PasswordConfirm intent="remove-totp" error={errors["remove-totp-password"]} submit="Remove the authenticator app" />
            )}
          </>
        ) : d.pending ? (
          <TotpSetup pending={d.pending} error={errors.code} />
        ) : (
          <>
            <p>Off.</p>
            <PasswordConfirm intent="start-totp" error={errors["start-totp-password"]} submit="Set up an authenticator app" />
          </>
        )}
      </section>

      <section className="console-card" aria-labelledby="acc-passkeys">
        <h2 id="acc-passkeys">Passkeys</h2>
        {d.passkeys.length === 0 ? (
          <p>None yet. A passkey signs you in without a password, with this device's screen lock or a security key.</p>
        ) : (
          <ul>
            {d.passkeys.map((p) => (
              <li key={p.id}>
                <strong>{p.name}</strong> {p.createdAt && <>added {p.createdAt}</>}
                <Form method="post" noValidate>
                  <input type="hidden" name="intent" value="remove-passkey" />
                  <input type="hidden" name="passkeyId" value={p.id} />
                  <Field
                    id={`remove-passkey-${p.id}-password`}
                    label={`Your password, to remove "${p.name}"`}
                    error={errors[`remove-passkey-${p.id}-password`]}
                  >
                    {(f) => <input {...f} name="password" type="password" autoComplete="current-password" required />}
                  </Field>
                  <button type="submit" className="button button--secondary">
                    Remove this passkey
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <h3>Add a passkey</h3>
        <PasskeyCreate
          passwordConfirmed={d.passwordConfirmed}
          passwordError={errors["confirm-password-password"]}
          onDone="/staff/account"
        />
      </section>

      <section className="console-card" aria-labelledby="acc-sessions">
        <h2 id="acc-sessions">Sessions</h2>
        <p>
          You are signed in here{d.otherSessions > 0 ? ` and in ${d.otherSessions} other session${d.otherSessions === 1 ? "" : "s"}` : ""}.
          A session ends after 30 minutes without use, and always after 12 hours.
        </p>
        {d.otherSessions > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="end-other-sessions" />
            <button type="submit" className="button button--secondary">
              End my other sessions
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
