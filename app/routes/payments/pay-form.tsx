/** The pay form both payers see (a member on their bill, a guest from the bill inquiry): amount, fee, total, and on to the gateway. */
import { MIN_ONLINE_PAYMENT } from "../../../modules/payments/amounts";
import type { Locale } from "../../../modules/shared/i18n";
import { ErrorSummary, Field } from "../../components/ui/Field";
import { useT } from "../../i18n";
import { paymentMessages } from "../../messages/payments";
import { php } from "../mco/ui";

export interface PayFormView {
  balance: number;
  fee: number;
  testMode: boolean;
  locale: Locale;
}

export function TestPaymentNote() {
  const t = useT(paymentMessages);
  return <p className="notice notice--warning">{t("pay.test")}</p>;
}

/**
 * A plain form (the document navigates): the answer is a redirect to the gateway's page on
 * another origin. `children` are the payer's own fields (a guest's contact).
 */
export function PayForm({
  view,
  values,
  errors,
  action,
  children,
}: {
  view: PayFormView;
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  /** Where it posts (the guest's /pay); the page itself when absent. */
  action?: string;
  children?: React.ReactNode;
}) {
  const t = useT(paymentMessages);
  const money = (c: number) => php(c, view.locale);
  return (
    <>
      <ErrorSummary errors={errors} />
      <form method="post" action={action} className="portal-form" noValidate>
        <dl className="summary-list">
          <div>
            <dt>{t("pay.leftToPay")}</dt>
            <dd>
              <strong>{money(view.balance)}</strong>
            </dd>
          </div>
          <div>
            <dt>{t("pay.fee")}</dt>
            <dd>{view.fee > 0 ? money(view.fee) : t("pay.noFee")}</dd>
          </div>
        </dl>
        <Field
          id="amount"
          label={t("pay.amount")}
          hint={t("pay.amountHint", { min: money(MIN_ONLINE_PAYMENT), max: money(view.balance) })}
          error={errors.amount}
        >
          {(p) => (
            <input
              {...p}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              className="input--short"
              defaultValue={values.amount ?? (view.balance / 100).toFixed(2)}
            />
          )}
        </Field>
        {children}
        {view.fee > 0 && (
          <p>
            {t("pay.total")}: amount + {money(view.fee)}
          </p>
        )}
        <button type="submit" className="button">
          {t("pay.continue")}
        </button>
        <p className="portal-note">{t("pay.how")}</p>
      </form>
    </>
  );
}

/** A guest's own fields: the signed token of their look-up, and where the acknowledgement goes. */
export function GuestPayFields({
  token,
  values,
  errors,
}: {
  token: string;
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
}) {
  const t = useT(paymentMessages);
  return (
    <>
      <input type="hidden" name="token" value={token} />
      <Field id="contact" label={t("pay.guest.contact")} hint={t("pay.guest.contactHint")} error={errors.contact}>
        {(p) => <input {...p} type="text" inputMode="email" autoComplete="email" maxLength={254} defaultValue={values.contact ?? ""} />}
      </Field>
    </>
  );
}
