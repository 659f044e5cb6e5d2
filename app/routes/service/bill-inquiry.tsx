import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/bill-inquiry";
import { services } from "../../context";
import { ACCOUNT_NUMBER_EXAMPLE, ACCOUNT_NUMBER_PATTERN, COOPERATIVE } from "../../../core/constants";
import { formatDate } from "../../../core/dates";
import { BILL_INQUIRY_SAMPLE } from "../../content/bill-inquiry-sample";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { ErrorSummary, Field, FieldError } from "../../components/ui/Field";
import { verifyCaptcha, type CaptchaCheck } from "./captcha.server";
import "./service.css";
import { withSocial } from "../../seo";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { challenge?: string; name?: string; language?: string; workers?: string };
    }
  }
}

/** The hint of spec section 5, word for word. */
export const ACCOUNT_NUMBER_HINT = "Please enter your Account Number.";
export const CAPTCHA_PATH = "/service/bill-inquiry/challenge";

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
  const form = await request.formData();
  const raw = form.get("accountNumber");
  const accountNumber = typeof raw === "string" ? raw.trim() : "";
  // Anything but NN-NNNN-NNNN counts as empty (spec section 5).
  const accountOk = ACCOUNT_NUMBER_PATTERN.test(accountNumber);
  const captchaValue = form.get("altcha");
  const errors: ActionResult["errors"] = {};
  if (!accountOk) errors.accountNumber = ACCOUNT_NUMBER_HINT;
  let captchaUsed = false;
  if (!captchaValue) errors.altcha = CAPTCHA_MESSAGES.missing;
  else if (accountOk) {
    // Spend the captcha only when the account number is right, so a typo doesn't cost a new one.
    let check: Awaited<ReturnType<typeof verifyCaptcha>>;
    try {
      check = await verifyCaptcha(services(context).db, captchaValue);
    } catch {
      // The database is down: keep what was typed and say to try again.
      return data<ActionResult>(
        { accountNumber, errors: { altcha: "We could not check the captcha just now. Please try again in a minute." }, captchaUsed: true, found: false },
        { status: 503, headers: { "Retry-After": "10" } },
      );
    }
    captchaUsed = true;
    if (check !== "ok") errors.altcha = CAPTCHA_MESSAGES[check];
  }
  const found = !errors.accountNumber && !errors.altcha;
  return data<ActionResult>({ accountNumber: accountOk ? accountNumber : typeof raw === "string" ? raw : "", errors, captchaUsed, found }, { status: found ? 200 : 422 });
}

type AltchaWidget = HTMLElement & { reset?: () => void };

export default function BillInquiry({ actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const errors = result?.errors ?? {};
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const widgetRef = useRef<AltchaWidget>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // The widget is a client-only module from our own assets: loaded after hydration.
  useEffect(() => {
    let cancelled = false;
    const widget = widgetRef.current;
    const onState = (event: Event) => {
      const state = (event as CustomEvent<{ state?: string }>).detail?.state;
      // An error or expiry clears the captcha (spec section 4): the visitor ticks it again.
      if (state === "error" || state === "expired") widget?.reset?.();
    };
    import("altcha").then(() => {
      if (cancelled || !widget) return;
      widget.addEventListener("statechange", onState);
      widget.addEventListener("expired", onState);
    });
    return () => {
      cancelled = true;
      widget?.removeEventListener("statechange", onState);
      widget?.removeEventListener("expired", onState);
    };
  }, []);

  // A captcha is good once: after the server spent it, offer a fresh one.
  useEffect(() => {
    if (result?.captchaUsed) widgetRef.current?.reset?.();
    if (result) resultRef.current?.querySelector<HTMLElement>(".error-summary, .demo-bill")?.focus();
  }, [result]);

  const s = BILL_INQUIRY_SAMPLE;
  const peso = (n: number) => `Php ${n.toLocaleString("en-PH", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  return (
    <div className="container page bill-inquiry">
      <Breadcrumb items={[{ label: "Services" }, { label: "Bill Inquiry" }]} />
      <h1>Bill Inquiry</h1>
      <p className="notice">
        <strong>This is a demonstration.</strong> It does not look up real accounts: with a valid account number and captcha it shows the same sample bill.
      </p>

      <div ref={resultRef}>
        <ErrorSummary errors={errors} />
      </div>

      <Form method="post" noValidate className="bill-inquiry__form">
        <Field id="accountNumber" label="Account number" hint={`Two digits, four digits, four digits, for example ${ACCOUNT_NUMBER_EXAMPLE}.`} error={errors.accountNumber}>
          {(p) => <input {...p} type="text" inputMode="numeric" autoComplete="off" maxLength={12} defaultValue={result?.accountNumber} className="input--short" />}
        </Field>
        <div className={`field bill-inquiry__captcha${errors.altcha ? " field--error" : ""}`} id="altcha">
          <span className="field__label" id="captcha-label">
            Captcha
          </span>
          <FieldError id="altcha-error" message={errors.altcha} />
          <altcha-widget ref={widgetRef} challenge={CAPTCHA_PATH} name="altcha" language="en" aria-labelledby="captcha-label" />
          {/* Shown until scripts run (the shell marks <html class="js">): a plain <noscript> is not shown by every browser mode. */}
          <p className="notice notice--error bill-inquiry__nojs">
            The captcha needs JavaScript, which is turned off in your browser. Turn it on to look up your bill, or call us at {COOPERATIVE.phone}.
          </p>
        </div>
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
export const meta: Route.MetaFunction = (args) => withSocial(pageTags(args as never) as never, args);
