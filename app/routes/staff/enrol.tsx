/** An enrolment link: choose a password (then a second factor on the next page). */
import { data, Form, redirect } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../modules/staff/password.server";
import { findEnrolment } from "../../../modules/staff/users.server";
import { ErrorSummary, Field, useFocusOnAnswer } from "../../components/ui/Field";
import type { Route } from "./+types/enrol";
import { enrolWithPassword, passwordFormSchema } from "./enrol.server";
import type { FieldErrors } from "./form";
import { readPosted } from "./form.server";
import { staffServices } from "./guard.server";
import { consoleMeta } from "./title";
import "./console.css";
import { NewPasswordField } from "./NewPasswordField";
import type { ConsoleHandle } from "./nav";

export const handle: ConsoleHandle = { staff: "public" };

export const meta: Route.MetaFunction = () => consoleMeta("Set up your account");

export async function loader(args: Route.LoaderArgs) {
  const enrolment = await findEnrolment(staffServices(args).db, args.params.token);
  return {
    enrolment: enrolment ? { email: enrolment.email, name: enrolment.name } : null,
    passwordLength: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await readPosted(args.request, passwordFormSchema);
  const result = await enrolWithPassword(staffServices(args), args.params.token, form.values.password ?? "", form.values.confirm ?? "");
  if ("ok" in result) throw redirect("/staff/enrol/factor");
  return data({ errors: result.errors }, { status: 400 });
}

export default function Enrol({ loaderData, actionData }: Route.ComponentProps) {
  const errors: FieldErrors = actionData?.errors ?? {};
  const summary = useFocusOnAnswer(actionData?.errors);
  const { enrolment } = loaderData;
  return (
    <main id="console-main" className="console-narrow">
      <p className="console-narrow__brand">{`${COOPERATIVE.shortName} staff console`}</p>
      <div className="console-card">
        {!enrolment ? (
          <>
            <h1>This link does not work</h1>
            <p>An enrolment link works for 24 hours, until your account has a second factor. Ask an administrator to send you a new one.</p>
          </>
        ) : (
          <>
            <h1>Set up your account</h1>
            <p>
              Welcome, {enrolment.name}. Your account is <strong>{enrolment.email}</strong>. Choose a password; next you will add a second
              factor (an authenticator app or a passkey).
            </p>
            <div ref={summary}>
              <ErrorSummary errors={errors} />
            </div>
            <Form method="post" noValidate>
              <input type="email" name="username" autoComplete="username" value={enrolment.email} readOnly hidden />
              <NewPasswordField id="password" error={errors.password} length={loaderData.passwordLength} />
              <Field id="confirm" label="The same password again" error={errors.confirm}>
                {(p) => <input {...p} type="password" autoComplete="new-password" required />}
              </Field>
              <button type="submit" className="button">
                Save password
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
