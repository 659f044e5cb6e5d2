import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import { type BillSummary, latestBill } from "../../../modules/bills/inquiry.server";
import { pesos } from "../../../modules/bills/money";
import { BILL_STATUS_LABELS } from "../../../modules/bills/status";
import { CAPTCHA_CHALLENGE_PATH, COOPERATIVE } from "../../../modules/shared/constants";
import { formatDate } from "../../../modules/shared/dates";
import { failureInit, loggableError } from "../../../modules/shared/errors";
import { readForm } from "../../../modules/shared/forms";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { CaptchaField } from "../../components/ui/CaptchaField";
import { AccountNumberField, ErrorSummary, useFocusOnAnswer } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/bill-inquiry";
import { billInquirySchema, type CaptchaCheck, verifyCaptcha } from "./captcha.server";
import "./service.css";
import { socialMeta } from "../../seo";

/** The hint of spec section 5, word for word. */
export const ACCOUNT_NUMBER_HINT = "Please enter your Account Number.";

const pageTags: Route.MetaFunction = () => [
  { title: `Bill Inquiry | ${COOPERATIVE.shortName}` },
  { name: "description", content: "Look up your latest electric bill by account number: amount due, due date, status and last payment." },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

const CAPTCHA_MESSAGES: Record<Exclude<CaptchaCheck, "ok">, string> = {
  missing: "Please tick the box “I'm not a robot” and wait for the check to finish.",
  invalid: "The captcha could not be verified. Please tick the box again.",
  expired: "The captcha has expired. Please tick the box again.",
  replayed: "That captcha was already used. Please tick the box again.",
};

type ActionResult = {
  accountNumber: string;
  errors: { accountNumber?: string; altcha?: string };
  captchaUsed: boolean;
  found: boolean;
  /** The latest imported bill; null when the account has none yet. */
  bill?: BillSummary | null;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { db, log } = services(context);
  const form = readForm(await request.formData(), billInquirySchema(ACCOUNT_NUMBER_HINT, CAPTCHA_MESSAGES.missing));
  const errors: ActionResult["errors"] = form.ok ? {} : { accountNumber: form.errors.accountNumber, altcha: form.errors.altcha };
  // Anything but NN-NNNN-NNNN counts as empty (spec section 5).
  const accountNumber = errors.accountNumber ? form.values.accountNumber! : form.values.accountNumber!.trim();
  let captchaUsed = false;
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
          errors: { altcha: "We could not check the captcha just now. Please try again in a minute." },
          captchaUsed: true,
          found: false,
        },
        failureInit(error),
      );
    }
    captchaUsed = true;
    if (check !== "ok") errors.altcha = CAPTCHA_MESSAGES[check];
  }
  const found = !errors.accountNumber && !errors.altcha;
  if (!found) return data<ActionResult>({ accountNumber, errors, captchaUsed, found }, { status: 422 });
  try {
    const bill = await latestBill(db, accountNumber);
    return data<ActionResult>({ accountNumber, errors, captchaUsed, found, bill });
  } catch (error) {
    log.error({ err: loggableError(error) }, "bill look-up failed");
    return data<ActionResult>(
      {
        accountNumber,
        errors: { accountNumber: "We could not look up bills just now. Please try again in a minute." },
        captchaUsed,
        found: false,
      },
      failureInit(error),
    );
  }
}

export default function BillInquiry({ actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const errors = result?.errors ?? {};
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  // After an answer, take the reader to it (the errors or the bill).
  const resultRef = useFocusOnAnswer(result);
  // A bill (or "no bill yet") sits below the form: the reader is taken to it.
  useEffect(() => {
    if (result?.found) document.querySelector<HTMLElement>(".bill-result")?.focus();
  }, [result]);

  return (
    <div className="container page bill-inquiry">
      <Breadcrumb items={[{ label: "Services" }, { label: "Bill Inquiry" }]} />
      <h1>Bill Inquiry</h1>
      <p>
        Type the account number printed on your bill to see your latest bill: the amount due, the due date and whether it is paid. For your
        privacy only your initials are shown.
      </p>

      <div ref={resultRef}>
        <ErrorSummary errors={errors} />
      </div>

      <Form method="post" noValidate className="bill-inquiry__form">
        <AccountNumberField error={errors.accountNumber} defaultValue={result?.accountNumber} />
        <CaptchaField
          id="altcha"
          label="Captcha"
          error={errors.altcha}
          challenge={CAPTCHA_CHALLENGE_PATH}
          reset={result?.captchaUsed ? result : undefined}
        >
          <p className="notice notice--error">
            The captcha needs JavaScript, which is turned off in your browser. Turn it on to look up your bill, or call us at{" "}
            {COOPERATIVE.phone}.
          </p>
        </CaptchaField>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? "Looking up…" : "View account details"}
        </button>
      </Form>

      {result?.found && result.bill && <BillDetails bill={result.bill} />}
      {result?.found && !result.bill && (
        <section className="bill-result" aria-labelledby="bill-result-title" tabIndex={-1}>
          <h2 id="bill-result-title">No bill yet for {result.accountNumber}</h2>
          <p>
            We have no bill for this account number yet. A new connection's first bill comes after its first meter reading. Otherwise, check
            the number against a past bill, or call us at {COOPERATIVE.phone}.
          </p>
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

function BillDetails({ bill: b }: { bill: BillSummary }) {
  const php = (cents: number) => `Php ${pesos(cents)}`;
  const kwh = (n: number) => n.toLocaleString("en-PH", { maximumFractionDigits: 2 });
  return (
    <section className="bill-result" aria-labelledby="bill-result-title" tabIndex={-1}>
      <h2 id="bill-result-title">
        Latest bill of {b.accountNumber}
        {b.maskedName ? <span className="bill-result__name"> ({b.maskedName})</span> : null}
      </h2>
      <p className={`bill-status ${STATUS_CLASS[b.status]}`}>
        {BILL_STATUS_LABELS[b.status]}
        {b.status !== "paid" && b.balance !== b.totalDue ? `: Php ${pesos(b.balance)} left to pay` : ""}
      </p>
      <dl className="summary-list">
        <div>
          <dt>Billing period</dt>
          <dd>
            {formatDate(b.periodFrom)} to {formatDate(b.periodTo)}
          </dd>
        </div>
        <div>
          <dt>Meter readings</dt>
          <dd>
            {kwh(b.previousReading)} to {kwh(b.presentReading)}
          </dd>
        </div>
        <div>
          <dt>Energy used</dt>
          <dd>{kwh(b.kwh)} kWh</dd>
        </div>
        <div>
          <dt>Amount due</dt>
          <dd>
            <strong>{php(b.totalDue)}</strong>
          </dd>
        </div>
        <div>
          <dt>Due date</dt>
          <dd>{formatDate(b.dueDate)}</dd>
        </div>
        {b.disconnectionDate && b.status !== "paid" && (
          <div>
            <dt>Disconnection date</dt>
            <dd>{formatDate(b.disconnectionDate)}, if the arrears are not paid by then</dd>
          </div>
        )}
        <div>
          <dt>Last payment</dt>
          <dd>{b.lastPayment ? `${php(b.lastPayment.amount)} on ${formatDate(b.lastPayment.paidOn)}` : "None on record"}</dd>
        </div>
      </dl>
      <p className="bill-result__note">Payments made today may take a day to show here.</p>
    </section>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** This page loads React (root.tsx reads the flag): its form steps, checks and messages run in the browser too. */
export const handle = { hydrate: true };
