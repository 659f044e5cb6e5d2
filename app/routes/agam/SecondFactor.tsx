import { Form } from "react-router";
import { Field } from "../../components/ui/Field";
import { useT } from "../../i18n";
import { SWITCH_FORM_ID } from "../../language-switch";
import { agamMessages } from "../../messages/agam";

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
export function SecondFactor({ state, formAction }: { state: VerifyState; formAction: string }) {
  const t = useT(agamMessages);
  const hidden = (
    <>
      <input type="hidden" name="origin" value={state.origin} />
      <input type="hidden" name="account" value={state.account} />
    </>
  );
  // The language switch posts the first form here (app/language-switch.ts), saying which step this is.
  const carried = (
    <>
      <input type="hidden" name="view" value="verify" />
      <input type="hidden" name="codeSent" value={state.codeSent ? "1" : "0"} />
    </>
  );
  return (
    <section className="agam-verify" aria-labelledby="agam-verify-title">
      <h2 id="agam-verify-title" className="agam__subtitle">
        {t("agam.factor.title")}
      </h2>
      <p>
        {t("agam.factor.accountOf")} <strong>{state.maskedName}</strong>
      </p>
      {!state.sms && !state.pin && <p>{t("agam.factor.office")}</p>}
      {state.sms && (
        <Form id={SWITCH_FORM_ID} method="post" action={`${formAction}#agam-status`} className="agam-verify__form" noValidate>
          {hidden}
          {carried}
          <p>{t("agam.factor.canSend", { mobile: state.sms })}</p>
          <button className={state.codeSent ? "button button--secondary" : "button"} type="submit" name="intent" value="send-code">
            {state.codeSent ? t("agam.factor.sendNew") : t("agam.factor.send")}
          </button>
          {state.codeSent && (
            <>
              <Field id="code" label={t("agam.factor.codeLabel")} hint={t("agam.factor.codeHint")} error={state.errors.code}>
                {(p) => (
                  <input {...p} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="input--short" />
                )}
              </Field>
              <button className="button" type="submit" name="intent" value="check-code">
                {t("agam.factor.checkCode")}
              </button>
            </>
          )}
        </Form>
      )}
      {state.pin && (
        <Form
          id={state.sms ? undefined : SWITCH_FORM_ID}
          method="post"
          action={`${formAction}#agam-status`}
          className="agam-verify__form"
          noValidate
        >
          {hidden}
          {!state.sms && carried}
          <Field id="pin" label={t("agam.factor.pin")} hint={t("agam.factor.pinHint")} error={state.errors.pin}>
            {(p) => <input {...p} type="password" inputMode="numeric" autoComplete="off" maxLength={12} className="input--short" />}
          </Field>
          <button className="button" type="submit" name="intent" value="check-pin">
            {t("agam.factor.checkPin")}
          </button>
        </Form>
      )}
    </section>
  );
}
