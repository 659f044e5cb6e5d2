import { data, Form, redirect } from "react-router";
import { BILL_NUMBER_PATTERN } from "../../../modules/bills/files";
import { normalizeBillNumber, readingHundredths } from "../../../modules/bills/proof-figures";
import { proveByBill, requestContactCode } from "../../../modules/portal/flows.server";
import { normalizeAccountNumber } from "../../../modules/shared/account-number";
import { AccountNumberField, ErrorSummary, Field } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, requestT, useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";
import type { Route } from "./+types/register-bill";
import { clientIp, MEMBER_CACHE_CONTROL, memberHeaders, messenger, portalPath, retryAt } from "./session.server";
import { portalMeta } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ location }) => portalMeta(location.pathname, (t) => t("mco.registerBill.meta"));
export const headers = memberHeaders;
export const handle = { query: ["a"] };

export function loader({ request }: Route.LoaderArgs) {
  const a = new URL(request.url).searchParams.get("a") ?? "";
  return { account: normalizeAccountNumber(a) ?? "" };
}

type Answer = {
  step: "bill" | "contact";
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  token?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const t = requestT(portalMessages, request);
  const locale = requestLocale(request);
  const form = await request.formData();
  const get = (k: string) => String(form.get(k) ?? "").slice(0, 300);
  const ip = clientIp(context);
  if (get("step") === "contact") {
    const token = get("token");
    const asked = await requestContactCode(s.db, messenger(s), token, get("contact"), ip, locale);
    if (asked.ok)
      throw redirect(portalPath(request, `/mco/register/code?r=${encodeURIComponent(asked.id)}&via=bill`), {
        headers: { "Cache-Control": MEMBER_CACHE_CONTROL },
      });
    if (asked.reason === "contact")
      return data<Answer>(
        {
          step: "contact",
          token,
          values: { contact: get("contact") },
          errors: { contact: t("mco.registerBill.contactError") },
        },
        { status: 422 },
      );
    const error = asked.reason === "limit" ? t("mco.tooManyCodes", { time: retryAt(asked.waitMs, locale) }) : t("mco.registerBill.expired");
    return data<Answer>({ step: "bill", values: {}, errors: { accountNumber: error } }, { status: 422 });
  }
  const values = {
    accountNumber: get("accountNumber").trim(),
    billNumber: get("billNumber").trim(),
    presentReading: get("presentReading").trim(),
  };
  const errors: Answer["errors"] = {};
  const accountNumber = normalizeAccountNumber(values.accountNumber);
  if (!accountNumber) errors.accountNumber = t("mco.accountError");
  else values.accountNumber = accountNumber;
  if (!BILL_NUMBER_PATTERN.test(normalizeBillNumber(values.billNumber))) errors.billNumber = t("mco.registerBill.billNumberError");
  const reading = readingHundredths(values.presentReading);
  if (reading === null) errors.presentReading = t("mco.registerBill.readingError");
  if (Object.keys(errors).length || reading === null) return data<Answer>({ step: "bill", values, errors }, { status: 422 });
  const proof = await proveByBill(s.db, values.accountNumber, values.billNumber, reading, ip);
  if (proof.ok) return data<Answer>({ step: "contact", token: proof.token, values: {}, errors: {} });
  if (proof.reason === "limit")
    return data<Answer>(
      { step: "bill", values, errors: { accountNumber: t("mco.tooManyTries", { time: retryAt(proof.waitMs, locale) }) } },
      { status: 429 },
    );
  // Either figure may be the wrong one: both fields say so, and keep what was typed.
  return data<Answer>(
    {
      step: "bill",
      values,
      errors: { billNumber: t("mco.registerBill.mismatch"), presentReading: t("mco.registerBill.readingCheck") },
    },
    { status: 422 },
  );
}

export default function RegisterBill({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(portalMessages);
  if (actionData?.step === "contact")
    return (
      <div className="container page portal">
        <h1>{t("mco.registerBill.contactTitle")}</h1>
        <p>{t("mco.registerBill.contactIntro")}</p>
        <ErrorSummary errors={actionData.errors} />
        <Form method="post" className="portal-form" noValidate>
          <input type="hidden" name="step" value="contact" />
          <input type="hidden" name="token" value={actionData.token} />
          <Field id="contact" label={t("mco.contact")} error={actionData.errors.contact}>
            {(p) => (
              <input {...p} type="text" autoComplete="email" spellCheck={false} maxLength={254} defaultValue={actionData.values.contact} />
            )}
          </Field>
          <button type="submit" className="button">
            {t("mco.sendCode")}
          </button>
        </Form>
        <p className="portal-note">{t("mco.registerBill.note")}</p>
      </div>
    );
  const v = actionData?.values ?? {};
  const e = actionData?.errors ?? {};
  return (
    <div className="container page portal">
      <h1>{t("mco.registerBill.title")}</h1>
      <p>{t("mco.registerBill.intro")}</p>
      <ErrorSummary errors={e} />
      <Form method="post" className="portal-form" noValidate>
        <input type="hidden" name="step" value="bill" />
        <AccountNumberField error={e.accountNumber} defaultValue={v.accountNumber ?? loaderData.account} />
        <Field id="billNumber" label={t("mco.registerBill.billNumber")} hint={t("mco.registerBill.billNumberHint")} error={e.billNumber}>
          {(p) => <input {...p} type="text" autoComplete="off" spellCheck={false} maxLength={40} defaultValue={v.billNumber} />}
        </Field>
        <Field id="presentReading" label={t("mco.registerBill.reading")} hint={t("mco.registerBill.readingHint")} error={e.presentReading}>
          {(p) => (
            <input
              {...p}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              className="input--short"
              defaultValue={v.presentReading}
            />
          )}
        </Field>
        <button type="submit" className="button">
          {t("mco.registerBill.continue")}
        </button>
      </Form>
    </div>
  );
}
