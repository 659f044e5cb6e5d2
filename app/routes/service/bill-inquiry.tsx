import { data } from "react-router";
import { type BillSummary, latestBill } from "../../../modules/bills/inquiry.server";
import { pesos } from "../../../modules/bills/money";
import { guestPayState } from "../../../modules/payments/pay.server";
import type { PaymentPlaceGroup } from "../../../modules/payments/where-to-pay";
import { CAPTCHA_CHALLENGE_PATH, COOPERATIVE } from "../../../modules/shared/constants";
import { formatDate } from "../../../modules/shared/dates";
import { failureInit, loggableError } from "../../../modules/shared/errors";
import { readForm } from "../../../modules/shared/forms";
import { formatNumber, localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { CaptchaField } from "../../components/ui/CaptchaField";
import { AccountNumberField, ErrorSummary } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, requestT, useLocale, useLocalePath, useT } from "../../i18n";
import { BILL_STATUS_KEYS, billMessages } from "../../messages/bills";
import { formMessages } from "../../messages/forms";
import { guestPayToken } from "../payments/guest-token.server";
import { WhereToPay } from "../payments/WhereToPay";
import { whereToPay } from "../payments/where-to-pay.server";
import type { Route } from "./+types/bill-inquiry";
import { billInquirySchema, type CaptchaCheck, verifyCaptcha } from "./captcha.server";
import "./service.css";
import { socialMeta } from "../../seo";

/** The hint of spec section 5, word for word. */
export const ACCOUNT_NUMBER_HINT = "Please enter your Account Number.";

const pageTags: Route.MetaFunction = ({ location }) => {
  const t = translator(billMessages, localeOfPath(location.pathname));
  return [{ title: `${t("bill.title")} | ${COOPERATIVE.shortName}` }, { name: "description", content: t("bill.description") }];
};

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

const CAPTCHA_KEYS = {
  missing: "form.captcha.missing",
  invalid: "form.captcha.invalid",
  expired: "form.captcha.expired",
  replayed: "form.captcha.replayed",
} as const satisfies Record<Exclude<CaptchaCheck, "ok">, string>;

type ActionResult = {
  accountNumber: string;
  errors: { accountNumber?: string; altcha?: string };
  found: boolean;
  /** The latest imported bill; null when the account has none yet. */
  bill?: BillSummary | null;
  /** Paying that bill online, when the site takes payments (no bill number: it proves an account). */
  pay?: GuestPayOffer | null;
  /** Where else to pay it (staff-written): beside the Pay button, or alone without one. */
  whereToPay?: PaymentPlaceGroup[];
};

type GuestPayOffer = { token: string; balance: number; posting: boolean };

/** The guest's pay form for the latest bill: a signed token of the look-up, never the bill's number. */
async function guestPayOffer(context: Route.ActionArgs["context"], accountNumber: string): Promise<GuestPayOffer | null> {
  const { db, payments } = services(context);
  // Without a gateway (production with no PAYMENT_* settings) there is no Pay button.
  if (!payments) return null;
  const state = await guestPayState(db, accountNumber);
  if (!state) return null;
  return {
    token: guestPayToken({ accountNumber, billingYear: state.billingYear, billingMonth: state.billingMonth }),
    balance: state.balance,
    posting: state.posting,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, log } = services(context);
  const t = requestT(billMessages, request);
  const f = requestT(formMessages, request);
  // The English hint is the specification's, word for word.
  const hint = requestLocale(request) === "en" ? ACCOUNT_NUMBER_HINT : t("bill.accountHint");
  const form = readForm(await request.formData(), billInquirySchema(hint, f(CAPTCHA_KEYS.missing)));
  const errors: ActionResult["errors"] = form.ok ? {} : { accountNumber: form.errors.accountNumber, altcha: form.errors.altcha };
  // Anything but ten digits counts as empty (spec section 5); a good number goes on in its stored shape.
  const accountNumber = form.ok ? form.data.accountNumber : (form.values.accountNumber ?? "").trim();
  if (!errors.accountNumber && !errors.altcha) {
    // Spend the captcha only when the account number is right, so a typo doesn't cost a new one.
    let check: CaptchaCheck;
    try {
      check = await verifyCaptcha(db, form.values.altcha);
    } catch (error) {
      // The database is down: keep what was typed and say to try again.
      log.error({ err: loggableError(error) }, "captcha check failed");
      return data<ActionResult>(
        {
          accountNumber,
          errors: { altcha: f("form.captcha.down") },
          found: false,
        },
        failureInit(error),
      );
    }
    if (check !== "ok") errors.altcha = f(CAPTCHA_KEYS[check]);
  }
  const found = !errors.accountNumber && !errors.altcha;
  if (!found) return data<ActionResult>({ accountNumber, errors, found }, { status: 422 });
  try {
    const bill = await latestBill(db, accountNumber);
    const pay = bill ? await guestPayOffer(context, accountNumber) : null;
    const places = bill && bill.status !== "paid" ? await whereToPay(context, requestLocale(request)) : [];
    return data<ActionResult>({ accountNumber, errors, found, bill, pay, whereToPay: places });
  } catch (error) {
    log.error({ err: loggableError(error) }, "bill look-up failed");
    return data<ActionResult>(
      {
        accountNumber,
        errors: { accountNumber: t("bill.lookupDown") },
        found: false,
      },
      failureInit(error),
    );
  }
}

export default function BillInquiry({ actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const errors = result?.errors ?? {};
  const t = useT(billMessages);
  const f = useT(formMessages);

  return (
    <div className="container page bill-inquiry">
      <Breadcrumb items={[{ label: t("bill.services") }, { label: t("bill.title") }]} />
      <h1>{t("bill.title")}</h1>
      <p>{t("bill.intro")}</p>

      <ErrorSummary errors={errors} />

      <form method="post" noValidate className="bill-inquiry__form">
        <AccountNumberField error={errors.accountNumber} defaultValue={result?.accountNumber} />
        <CaptchaField id="altcha" label={f("form.captcha")} error={errors.altcha} challenge={CAPTCHA_CHALLENGE_PATH}>
          <p className="notice notice--error">{t("bill.noJs", { phone: COOPERATIVE.phone })}</p>
        </CaptchaField>
        <button type="submit" className="button" data-busy-text={t("bill.submitting")}>
          {t("bill.submit")}
        </button>
      </form>

      {result?.found && result.bill && <BillDetails bill={result.bill} pay={result.pay ?? null} places={result.whereToPay ?? []} />}
      {result?.found && !result.bill && (
        <section className="bill-result" aria-labelledby="bill-result-title" tabIndex={-1} data-focus-on-load="">
          <h2 id="bill-result-title">{t("bill.none.title", { account: result.accountNumber })}</h2>
          <p>{t("bill.none.text", { phone: COOPERATIVE.phone })}</p>
        </section>
      )}
    </div>
  );
}

const STATUS_CLASS: Record<BillSummary["status"], string> = {
  paid: "bill-status--paid",
  "partly-paid": "bill-status--partly",
  unpaid: "bill-status--unpaid",
  overdue: "bill-status--overdue",
};

function BillDetails({ bill: b, pay, places }: { bill: BillSummary; pay: GuestPayOffer | null; places: PaymentPlaceGroup[] }) {
  const locale = useLocale();
  const t = useT(billMessages);
  const lp = useLocalePath();
  const php = (cents: number) => `Php ${pesos(cents)}`;
  const kwh = (n: number) => formatNumber(n, locale);
  const date = (d: Parameters<typeof formatDate>[0]) => formatDate(d, locale);
  return (
    // A bill sits below the form: the reader is taken to it (app/enhance/forms.js).
    <section className="bill-result" aria-labelledby="bill-result-title" tabIndex={-1} data-focus-on-load="">
      <h2 id="bill-result-title">
        {t("bill.latest", { account: b.accountNumber })}
        {b.maskedName ? <span className="bill-result__name"> ({b.maskedName})</span> : null}
      </h2>
      <p className={`bill-status ${STATUS_CLASS[b.status]}`}>
        {t(BILL_STATUS_KEYS[b.status])}
        {b.status !== "paid" && b.balance !== b.totalDue ? t("bill.left", { amount: php(b.balance) }) : ""}
      </p>
      <dl className="summary-list">
        <div>
          <dt>{t("bill.period")}</dt>
          <dd>{t("bill.range", { from: date(b.periodFrom), to: date(b.periodTo) })}</dd>
        </div>
        <div>
          <dt>{t("bill.used")}</dt>
          <dd>{kwh(b.kwh)} kWh</dd>
        </div>
        <div>
          <dt>{t("bill.due")}</dt>
          <dd>
            <strong>{php(b.totalDue)}</strong>
          </dd>
        </div>
        <div>
          <dt>{t("bill.dueDate")}</dt>
          <dd>{date(b.dueDate)}</dd>
        </div>
        {b.disconnectionDate && b.status !== "paid" && (
          <div>
            <dt>{t("bill.disconnection")}</dt>
            <dd>{t("bill.disconnection.when", { date: date(b.disconnectionDate) })}</dd>
          </div>
        )}
        <div>
          <dt>{t("bill.lastPayment")}</dt>
          <dd>
            {b.lastPayment
              ? t("bill.lastPayment.on", { amount: php(b.lastPayment.amount), date: date(b.lastPayment.paidOn) })
              : t("bill.lastPayment.none")}
          </dd>
        </div>
      </dl>
      <p className="bill-result__note">{t("bill.note")}</p>
      {pay?.posting && <p className="bill-result__paid">{t("bill.payPosting")}</p>}
      {pay && !pay.posting && pay.balance > 0 && (
        // A plain form to the guest's pay page (amount, contact), which is served without React:
        // it carries the look-up's signed token, never the bill's number.
        <form method="post" action={lp("/pay")}>
          <input type="hidden" name="token" value={pay.token} />
          <button type="submit" className="button">
            {t("bill.pay", { amount: php(pay.balance) })}
          </button>
        </form>
      )}
      <WhereToPay groups={places} folded={Boolean(pay && !pay.posting && pay.balance > 0)} />
    </section>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** A form page without React: app/enhance/forms.js focuses the answer, loads the captcha on use (root.tsx reads the flag). */
export const handle = { forms: true };
