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
  const money = (c: number) => php(c, locale);
  if (!s.payments) return { errors: { amount: t("pay.off") }, values: { amount: typed } };
  if (bill.balance <= 0) return { errors: { amount: t("pay.nothingLeft") }, values: { amount: typed } };
  const chosen = chooseAmount(typed, bill.balance);
  if (!chosen.ok) {
    const message =
      chosen.reason === "format"
        ? t("pay.amountFormat")
        : chosen.reason === "below"
          ? t("pay.amountBelow", { min: money(MIN_ONLINE_PAYMENT) })
          : t("pay.amountAbove", { max: money(bill.balance) });
    return { errors: { amount: message }, values: { amount: typed } };
  }
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
  throw redirect(opened.checkout.checkoutUrl!, { status: 303, headers: { "Cache-Control": "private, no-store" } });
}
