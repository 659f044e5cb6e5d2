import { Field } from "../../components/ui/Field";

/** The length rule, as the loader gives it from modules/staff/password.server.ts (PASSWORD_MIN, PASSWORD_MAX). */
export interface PasswordLength {
  min: number;
  max: number;
}

/** A new password (enrolment, change of password): the one hint and the length rule the server checks. */
export function NewPasswordField({ id, error, length }: { id: string; error?: string; length: PasswordLength }) {
  return (
    <Field
      id={id}
      label="New password"
      hint={`At least ${length.min} characters (up to ${length.max}). A few unrelated words make a good one. Common passwords are refused.`}
      error={error}
    >
      {(p) => <input {...p} type="password" autoComplete="new-password" minLength={length.min} maxLength={length.max} required />}
    </Field>
  );
}
