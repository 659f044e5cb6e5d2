import { Form } from "react-router";
import { Field } from "../../components/ui/Field";

export interface VerifyState {
  origin: string;
  account: string;
  maskedName: string;
  sms: string | null;
  pin: boolean;
  codeSent: boolean;
  errors: { code?: string; pin?: string };
}

/** The second factor: a code by text message to the number on file, or the PIN on the AGAM notice. */
export function SecondFactor({ state, busy, formAction }: { state: VerifyState; busy: boolean; formAction: string }) {
  const hidden = (
    <>
      <input type="hidden" name="origin" value={state.origin} />
      <input type="hidden" name="account" value={state.account} />
    </>
  );
  return (
    <section className="agam-verify" aria-labelledby="agam-verify-title">
      <h2 id="agam-verify-title" className="agam__subtitle">
        Prove it is you
      </h2>
      <p>
        Account of <strong>{state.maskedName}</strong>
      </p>
      {!state.sms && !state.pin && <p>Bring your bill and a valid ID to your area office; the staff will register you there.</p>}
      {state.sms && (
        <Form method="post" action={`${formAction}#agam-status`} className="agam-verify__form" noValidate>
          {hidden}
          <p>We can send a 6-digit code by text message to the mobile number on file, {state.sms}.</p>
          <button
            className={state.codeSent ? "button button--secondary" : "button"}
            type="submit"
            name="intent"
            value="send-code"
            disabled={busy}
          >
            {state.codeSent ? "Send a new code" : "Send me a code"}
          </button>
          {state.codeSent && (
            <>
              <Field id="code" label="Code from the text message" hint="6 digits, valid for 10 minutes" error={state.errors.code}>
                {(p) => (
                  <input {...p} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="input--short" />
                )}
              </Field>
              <button className="button" type="submit" name="intent" value="check-code" disabled={busy}>
                Check the code
              </button>
            </>
          )}
        </Form>
      )}
      {state.pin && (
        <Form method="post" action={`${formAction}#agam-status`} className="agam-verify__form" noValidate>
          {hidden}
          <Field id="pin" label="Registration PIN" hint="Printed on the AGAM notice the cooperative sent you" error={state.errors.pin}>
            {(p) => <input {...p} type="password" inputMode="numeric" autoComplete="off" maxLength={12} className="input--short" />}
          </Field>
          <button className="button" type="submit" name="intent" value="check-pin" disabled={busy}>
            Check the PIN
          </button>
        </Form>
      )}
    </section>
  );
}
