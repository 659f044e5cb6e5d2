/** Enrolment, step two: a second factor is required before anything else in the console. */
import { data, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { factorsOf, pendingTotp } from "../../../modules/staff/factors.server";
import { hasRecentPassword, WRONG_PASSWORD, withPasswordCheck } from "../../../modules/staff/reauth.server";
import { ErrorSummary } from "../../components/ui/Field";
import type { Route } from "./+types/enrol-factor";
import { accountFormSchema } from "./account.server";
import { confirmPassword, confirmTotp, startTotp } from "./enrol.server";
import { BackupCodes, PasskeyCreate, PasswordConfirm, TotpSetup } from "./factor-ui";
import { readPosted } from "./form.server";
import { requireIdentity, staffServices } from "./guard.server";
import { consoleMeta } from "./title";
import "./console.css";
import type { ConsoleHandle } from "./nav";

export const handle: ConsoleHandle = { staff: "signed-in" };

/**
 * Once the factor is on, the loader would send the person to the console at once; the page
 * must stay to show the backup codes (they are shown only this once). So no reload then.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult?.backupCodes ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = () => consoleMeta("Add a second factor");

export async function loader(args: Route.LoaderArgs) {
  const me = await requireIdentity(args);
  if (me.enrolled) throw redirect("/staff");
  const staff = staffServices(args);
  const [factors, pending, recent] = await Promise.all([
    factorsOf(staff.db, me.user.id),
    pendingTotp(staff.auth, staff.db, me.user),
    hasRecentPassword(staff.db, me.sessionId),
  ]);
  return {
    email: me.user.email,
    totp: factors.totp,
    pending: pending ? { svg: pending.svg, secret: pending.secret } : null,
    passwordConfirmed: recent,
  };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireIdentity(args);
  const staff = staffServices(args);
  const read = await readPosted(args.request, accountFormSchema);
  if (!read.ok) return data({ errors: read.errors as Record<string, string>, backupCodes: null }, { status: 400 });
  const form = read.data;
  const intent = form.intent;
  if (intent === "verify-totp") {
    const result = await confirmTotp(staff, me.user, form.code);
    if ("error" in result) return data({ errors: { code: result.error } as Record<string, string>, backupCodes: null }, { status: 400 });
    return { errors: {} as Record<string, string>, backupCodes: result.backupCodes };
  }
  if (intent === "start-totp" || intent === "confirm-password") {
    // The password is asked again under the sign-in form's limits, and audited.
    const field = `${intent}-password`;
    const result = await withPasswordCheck(staff, me.user, field, async () => {
      const ok =
        intent === "start-totp" ? await startTotp(staff, form.password) : await confirmPassword(staff, me.sessionId, form.password);
      return { errors: ok ? {} : { [field]: WRONG_PASSWORD } };
    });
    const failed = Object.values(result.errors).some(Boolean);
    return data(
      { errors: result.errors as Record<string, string>, backupCodes: null },
      { status: "throttled" in result ? 429 : failed ? 400 : 200 },
    );
  }
  return data({ errors: {} as Record<string, string>, backupCodes: null }, { status: 400 });
}

export default function EnrolFactor({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  if (actionData?.backupCodes) {
    return (
      <main id="console-main" className="console-narrow">
        <div className="console-card">
          <h1>Your account is ready</h1>
          <p>The authenticator app is on. From now on you sign in with your password and a code from the app.</p>
          <BackupCodes codes={actionData.backupCodes} />
          <p>
            <Link className="button" to="/staff">
              Continue to the console
            </Link>
          </p>
        </div>
      </main>
    );
  }
  return (
    <main id="console-main" className="console-narrow">
      <p className="console-narrow__brand">{`${COOPERATIVE.shortName} staff console`}</p>
      <div className="console-card">
        <h1>Add a second factor</h1>
        <p>
          Every staff account needs a second factor besides the password. Choose one: an authenticator app on your phone, or a passkey (this
          device, or a security key).
        </p>
        <ErrorSummary errors={errors} />
        <h2>Authenticator app</h2>
        {loaderData.pending ? (
          <TotpSetup pending={loaderData.pending} error={errors.code} />
        ) : (
          <PasswordConfirm intent="start-totp" error={errors["start-totp-password"]} submit="Set up an authenticator app" />
        )}
        <h2>Or a passkey</h2>
        <PasskeyCreate
          passwordConfirmed={loaderData.passwordConfirmed}
          passwordError={errors["confirm-password-password"]}
          onDone="/staff"
        />
      </div>
    </main>
  );
}
