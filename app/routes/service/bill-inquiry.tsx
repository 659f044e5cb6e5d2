import { data, Form, useNavigation } from "react-router";
import { CAPTCHA_CHALLENGE_PATH, COOPERATIVE } from "../../../modules/shared/constants";
import { formatDate } from "../../../modules/shared/dates";
import { failureInit, loggableError } from "../../../modules/shared/errors";
import { readForm } from "../../../modules/shared/forms";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { CaptchaField } from "../../components/ui/CaptchaField";
import { AccountNumberField, ErrorSummary, useFocusOnAnswer } from "../../components/ui/Field";
import { BILL_INQUIRY_SAMPLE } from "../../content/bill-inquiry-sample";
import { services } from "../../context";
import type { Route } from "./+types/bill-inquiry";
import { billInquirySchema, type CaptchaCheck, verifyCaptcha } from "./captcha.server";
import "./service.css";
import { socialMeta } from "../../seo";

/** The hint of spec section 5, word for word. */
export const ACCOUNT_NUMBER_HINT = "Please enter your Account Number.";

const pageTags: Route.MetaFunction = () => [
  { title: `Bill Inquiry | ${COOPERATIVE.shortName}` },
  { name: "description", content: `Look up an electric bill by account number (a demonstration with sample data).` },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

const CAPTCHA_MESSAGES: Record<Exclude<CaptchaCheck, "ok">, string> = {
  missing: "Please tick the box “I'm not a robot” and wait for the check to finish.",
  invalid: "The captcha could not be verified. Please tick the box again.",
  expired: "The captcha has expired. Please tick the box again.",
  replayed: "That captcha was already used. Please tick the box again.",
};

type ActionResult = { accountNumber: string; errors: { accountNumber?: string; altcha?: string }; captchaUsed: boolean; found: boolean };

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
  return data<ActionResult>({ accountNumber, errors, captchaUsed, found }, { status: found ? 200 : 422 });
}

export default function BillInquiry({ actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const errors = result?.errors ?? {};
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  // After an answer, take the reader to it (the errors or the bill).
  const resultRef = useFocusOnAnswer(result, ".error-summary, .demo-bill");

  const s = BILL_INQUIRY_SAMPLE;
  const peso = (n: number) => `Php ${n.toLocaleString("en-PH", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  return (
    <div className="container page bill-inquiry">
      <Breadcrumb items={[{ label: "Services" }, { label: "Bill Inquiry" }]} />
      <h1>Bill Inquiry</h1>
      <p className="notice">
        <strong>This is a demonstration.</strong> It does not look up real accounts: with a valid account number and captcha it shows the
        same sample bill.
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

      {result?.found && (
        <section className="demo-bill" aria-labelledby="demo-bill-title" tabIndex={-1}>
          <span className="demo-bill__label">Demonstration · sample data</span>
          <h2 id="demo-bill-title">Account details (sample)</h2>
          <p>These are not the details of account {result.accountNumber}: every inquiry shows this same hard-coded sample.</p>
          <dl className="summary-list">
            <div>
              <dt>Account number entered</dt>
              <dd>{result.accountNumber}</dd>
            </div>
            <div>
              <dt>Account name</dt>
              <dd>{s.accountName}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{s.address}</dd>
            </div>
            <div>
              <dt>Meter number</dt>
              <dd>{s.meterNumber}</dd>
            </div>
            <div>
              <dt>Rate type</dt>
              <dd>{s.rateType}</dd>
            </div>
            <div>
              <dt>Billing period</dt>
              <dd>
                {formatDate(s.billingPeriod.from)} to {formatDate(s.billingPeriod.to)}
              </dd>
            </div>
            <div>
              <dt>Meter readings</dt>
              <dd>
                {s.readings.previous.toLocaleString("en-PH")} to {s.readings.present.toLocaleString("en-PH")} ({s.kwhUsed} kWh)
              </dd>
            </div>
            <div>
              <dt>Amount due</dt>
              <dd>
                <strong>{peso(s.amountDuePhp)}</strong>
              </dd>
            </div>
            <div>
              <dt>Due date</dt>
              <dd>{formatDate(s.dueDate)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{s.status}</dd>
            </div>
            <div>
              <dt>Last payment</dt>
              <dd>
                {peso(s.lastPayment.amountPhp)} on {formatDate(s.lastPayment.date)}
              </dd>
            </div>
          </dl>
        </section>
      )}
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** This page loads React (root.tsx reads the flag): its form steps, checks and messages run in the browser too. */
export const handle = { hydrate: true };
