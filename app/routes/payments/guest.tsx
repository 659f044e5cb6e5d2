/**
 * /pay: a guest pays the latest bill of an account they looked up on the bill inquiry, with no
 * sign-in. The inquiry's answer has a Pay button that posts the look-up's signed token
 * (guest-token.server.ts) here: this page is then the pay form (amount, a contact for the
 * acknowledgement), posting here again with the token. A good answer goes on to the gateway; a
 * refused one is this page, with the errors beside the fields and what was typed kept. Nothing
 * here shows the bill's number (it proves an account). Served without React: a plain form.
 */
import { data } from "react-router";
import { latestPayableBill } from "../../../modules/payments/pay.server";
import { billMonth } from "../../../modules/payments/receipts.server";
import { parseContact } from "../../../modules/portal/contact";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { services } from "../../context";
import { requestLocale, useLocale, useLocalePath, useT } from "../../i18n";
import { paymentMessages } from "../../messages/payments";
import type { Route } from "./+types/guest";
import { readGuestPayToken } from "./guest-token.server";
import { checkAmount, payBill } from "./pay-action.server";
import { GuestPayFields, PayForm, TestPaymentNote } from "./pay-form";
import { WhereToPay } from "./WhereToPay";
import { whereToPay } from "./where-to-pay.server";
import "../mco/portal.css";

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translator(paymentMessages, localeOfPath(location.pathname));
  return [{ title: `${t("pay.meta")} | WESPECO` }, { name: "robots", content: "noindex" }];
};
export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

/** Without a look-up the page links to the bill inquiry, where a guest starts; where to pay is on it either way. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { whereToPay: await whereToPay(context, requestLocale(request)) };
}

type GuestAnswer =
  | { ok: false; message: string }
  | {
      ok: true;
      token: string;
      accountNumber: string;
      month: string;
      balance: number;
      fee: number;
      testMode: boolean;
      errors: Record<string, string | undefined>;
      values: Record<string, string>;
    };

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const locale = requestLocale(request);
  const t = translator(paymentMessages, locale);
  const form = await request.formData();
  const field = (name: string, max: number) => String(form.get(name) ?? "").slice(0, max);
  const token = field("token", 200);
  const typed = { amount: field("amount", 40), contact: field("contact", 300) };
  const target = readGuestPayToken(token);
  if (target === null || target === "expired") return data<GuestAnswer>({ ok: false, message: t("pay.guest.expired") }, { status: 422 });
  const bill = await latestPayableBill(s.db, target.accountNumber);
  if (!bill || bill.billingYear !== target.billingYear || bill.billingMonth !== target.billingMonth)
    return data<GuestAnswer>({ ok: false, message: t("pay.guest.changed") }, { status: 422 });
  // From the inquiry's Pay button: the form, nothing to check yet.
  const errors: Record<string, string | undefined> = {};
  if (form.has("contact")) {
    const contact = parseContact(typed.contact);
    const amount = checkAmount(context, locale, bill, typed.amount);
    // Both fields are checked first, so one answer names every field to fix; then off to the gateway.
    if (contact && amount.ok)
      Object.assign(errors, (await payBill(context, locale, bill, typed.amount, { receiptTo: contact.value })).errors);
    else {
      errors.amount = amount.ok ? undefined : amount.message;
      errors.contact = contact ? undefined : typed.contact.trim() ? t("pay.guest.contactInvalid") : t("pay.guest.contactMissing");
    }
  }
  return data<GuestAnswer>(
    {
      ok: true,
      token,
      accountNumber: bill.accountNumber,
      month: billMonth(bill.billingYear, bill.billingMonth, locale),
      balance: bill.balance,
      fee: s.payments?.fee ?? 0,
      testMode: s.payments?.testMode ?? false,
      errors,
      values: form.has("contact") ? typed : {},
    },
    { status: form.has("contact") ? 422 : 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function GuestPay({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(paymentMessages);
  const lp = useLocalePath();
  const locale = useLocale();
  if (!actionData?.ok)
    return (
      <div className="container page portal">
        <h1>{t("pay.meta")}</h1>
        {actionData && <p className="notice notice--error">{actionData.message}</p>}
        <p>
          <a className="button" href={lp("/service/bill-inquiry")}>
            {t("pay.guest.lookUp")}
          </a>
        </p>
        <WhereToPay groups={loaderData.whereToPay} folded={false} />
      </div>
    );
  const a = actionData;
  return (
    <div className="container page portal">
      <h1>{t("pay.guest.title", { month: a.month, account: a.accountNumber })}</h1>
      {a.testMode && <TestPaymentNote />}
      <PayForm
        view={{ balance: a.balance, fee: a.fee, testMode: a.testMode, locale }}
        values={a.values}
        errors={a.errors}
        action={lp("/pay")}
      >
        <GuestPayFields token={a.token} values={a.values} errors={a.errors} />
      </PayForm>
      <WhereToPay groups={loaderData.whereToPay} folded />
    </div>
  );
}
