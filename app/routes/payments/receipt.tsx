/**
 * /pay/:reference: where the gateway sends the payer back, and the acknowledgement of an
 * online payment. Its unguessable reference is the key (as a private link); it shows the bill,
 * the amount and where the payment stands, nothing of the member.
 */
import { data } from "react-router";
import { checkoutByReference } from "../../../modules/payments/checkouts.server";
import { payableBill } from "../../../modules/payments/pay.server";
import { billMonth } from "../../../modules/payments/receipts.server";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { services } from "../../context";
import { useLocale, useLocalePath, useT } from "../../i18n";
import { paymentMessages } from "../../messages/payments";
import { php } from "../mco/ui";
import type { Route } from "./+types/receipt";
import { TestPaymentNote } from "./pay-form";

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const t = translator(paymentMessages, localeOfPath(location.pathname));
  return [
    { title: `${t("pay.receipt.title")} | WESPECO` },
    { name: "robots", content: "noindex" },
    // Straight on to the gateway after the pay form (?go=1), without JavaScript; the page's
    // "Go back to the payment page" button is there if the browser does not follow.
    ...(loaderData?.forward ? [{ httpEquiv: "refresh", content: `0;url=${loaderData.forward}` }] : []),
  ];
};
export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const reference = String(params.reference ?? "");
  const db = services(context).db;
  const checkout = /^WP-[A-Z2-9]{10}$/.test(reference) ? await checkoutByReference(db, reference) : null;
  if (!checkout) throw data(null, { status: 404 });
  const bill = await payableBill(db, checkout.accountNumber, checkout.billNumber);
  return {
    month: bill ? billMonth(bill.billingYear, bill.billingMonth, localeOfPath(new URL(request.url).pathname)) : "",
    reference: checkout.reference,
    status: checkout.status,
    amount: checkout.amount + checkout.fee,
    // The bill's number proves an account (modules/bills/proof-figures.ts): a member's own link only.
    billPath: checkout.portalUserId ? `/mco/accounts/${checkout.accountNumber}/bills/${encodeURIComponent(checkout.billNumber)}` : null,
    accountNumber: checkout.accountNumber,
    testMode: checkout.testMode,
    refundDue: checkout.refundDue,
    receiptSent: Boolean(checkout.receiptSentAt),
    checkoutUrl: checkout.status === "open" ? checkout.checkoutUrl : null,
    forward: checkout.status === "open" && new URL(request.url).searchParams.has("go") ? checkout.checkoutUrl : null,
  };
}

export default function Receipt({ loaderData: r }: Route.ComponentProps) {
  const t = useT(paymentMessages);
  const locale = useLocale();
  const lp = useLocalePath();
  const billLink = r.billPath ? lp(r.billPath) : lp("/service/bill-inquiry");
  const heading =
    r.status === "paid"
      ? t("pay.receipt.paid")
      : r.status === "open"
        ? t("pay.receipt.open")
        : r.status === "failed"
          ? t("pay.receipt.failed")
          : t("pay.receipt.ended");
  return (
    <div className="container page portal">
      <h1>{heading}</h1>
      {r.testMode && <TestPaymentNote />}
      <div role="status">
        {r.status === "paid" && (
          <p>{r.refundDue ? t("pay.receipt.refund") : t("pay.receipt.paidText", { amount: php(r.amount, locale), bill: r.month })}</p>
        )}
        {r.status === "paid" && r.receiptSent && <p>{t("pay.receipt.sent")}</p>}
        {r.status === "open" && <p>{t("pay.receipt.openText")}</p>}
        {r.status === "failed" && <p>{t("pay.receipt.failedText")}</p>}
        {(r.status === "expired" || r.status === "replaced") && <p>{t("pay.receipt.endedText")}</p>}
      </div>
      <dl className="summary-list">
        <div>
          <dt>{t("pay.receipt.reference")}</dt>
          <dd>
            <strong>{r.reference}</strong>
          </dd>
        </div>
        <div>
          <dt>{t("pay.receipt.amount")}</dt>
          <dd>{php(r.amount, locale)}</dd>
        </div>
        <div>
          <dt>{t("pay.receipt.bill")}</dt>
          <dd>{r.month}</dd>
        </div>
        <div>
          <dt>{t("pay.receipt.account")}</dt>
          <dd>{r.accountNumber}</dd>
        </div>
      </dl>
      <p className="console-actions">
        {r.status === "open" && r.checkoutUrl && (
          <a className="button" href={r.checkoutUrl}>
            {t("pay.receipt.resume")}
          </a>
        )}
        {r.status === "open" && (
          <a className="button button--secondary" href={lp(`/pay/${r.reference}`)}>
            {t("pay.receipt.refresh")}
          </a>
        )}
        <a className="button button--secondary" href={billLink}>
          {r.status === "paid" ? t("pay.receipt.toBill") : t("pay.receipt.again")}
        </a>
      </p>
    </div>
  );
}
