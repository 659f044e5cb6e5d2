/** The pay form's answer, for a member and for a guest: check the amount, open the checkout, off to the gateway. */
import { redirect } from "react-router";
import { chooseAmount, MIN_ONLINE_PAYMENT } from "../../../modules/payments/amounts";
import { type PayableBill, startPayment } from "../../../modules/payments/pay.server";
import { type Locale, localePath, translator } from "../../../modules/shared/i18n";
import { services } from "../../context";
import { paymentMessages } from "../../messages/payments";
import { php } from "../mco/ui";

type Ctx = Parameters<typeof services>[0];

export type PayAnswer = { errors: Record<string, string | undefined>; values: Record<string, string> };

/** The amount typed, checked against what is left on the bill: the amount in centavos, or what to fix. */
export function checkAmount(
  context: Ctx,
  locale: Locale,
  bill: PayableBill,
  typed: string,
): { ok: true; amount: number } | { ok: false; message: string } {
  const t = translator(paymentMessages, locale);
  const money = (c: number) => php(c, locale);
  if (!services(context).payments) return { ok: false, message: t("pay.off") };
  if (bill.balance <= 0) return { ok: false, message: t("pay.nothingLeft") };
  const chosen = chooseAmount(typed, bill.balance);
  if (chosen.ok) return chosen;
  const message =
    chosen.reason === "format"
      ? t("pay.amountFormat")
      : chosen.reason === "below"
        ? t("pay.amountBelow", { min: money(MIN_ONLINE_PAYMENT) })
        : t("pay.amountAbove", { max: money(bill.balance) });
  return { ok: false, message };
}

/** The checkout's gateway page as a redirect, or the form's errors. */
export async function payBill(
  context: Ctx,
  locale: Locale,
  bill: PayableBill,
  typed: string,
  who: { portalUserId?: string; receiptTo?: string | null },
): Promise<PayAnswer> {
  const s = services(context);
  const t = translator(paymentMessages, locale);
  const chosen = checkAmount(context, locale, bill, typed);
  if (!chosen.ok || !s.payments) return { errors: { amount: chosen.ok ? t("pay.off") : chosen.message }, values: { amount: typed } };
  const opened = await startPayment(s.db, s.payments, {
    bill,
    amount: chosen.amount,
    language: locale,
    portalUserId: who.portalUserId ?? null,
    receiptTo: who.receiptTo ?? null,
    receiptUrl: (reference) => `${s.publicUrl}${localePath(locale, `/pay/${reference}`)}`,
  });
  if (!opened.ok) {
    s.log.warn({ reason: opened.reason, bill: bill.billNumber }, "checkout not opened");
    return { errors: { amount: t("pay.gatewayDown") }, values: { amount: typed } };
  }
  // Through our own acknowledgement page, which forwards to the gateway: the pages' policy
  // (form-action 'self') stops a form's answer from redirecting to another origin.
  throw redirect(localePath(locale, `/pay/${opened.checkout.reference}?go=1`), {
    status: 303,
    headers: { "Cache-Control": "private, no-store" },
  });
}
