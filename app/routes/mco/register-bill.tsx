import { data, Form, redirect } from "react-router";
import { centavos } from "../../../modules/bills/money";
import { proveByBill, requestContactCode } from "../../../modules/portal/flows.server";
import { ACCOUNT_NUMBER_PATTERN } from "../../../modules/shared/constants";
import { AccountNumberField, ErrorSummary, Field } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/register-bill";
import { clientIp, MEMBER_CACHE_CONTROL, memberHeaders, messenger, waitWords } from "./session.server";
import "./portal.css";

export const meta: Route.MetaFunction = () => [
  { title: "Prove with your bill | Member portal | WESPECO" },
  { name: "robots", content: "noindex" },
];
export const headers = memberHeaders;
export const handle = { query: ["a"] };

export function loader({ request }: Route.LoaderArgs) {
  const a = new URL(request.url).searchParams.get("a") ?? "";
  return { account: ACCOUNT_NUMBER_PATTERN.test(a) ? a : "" };
}

type Answer = {
  step: "bill" | "contact";
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  token?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const form = await request.formData();
  const get = (k: string) => String(form.get(k) ?? "").slice(0, 300);
  const ip = clientIp(context);
  if (get("step") === "contact") {
    const token = get("token");
    const asked = await requestContactCode(s.db, messenger(s), token, get("contact"), ip);
    if (asked.ok)
      throw redirect(`/mco/register/code?r=${encodeURIComponent(asked.id)}`, { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
    if (asked.reason === "contact")
      return data<Answer>(
        {
          step: "contact",
          token,
          values: { contact: get("contact") },
          errors: { contact: "Enter a mobile number (like 0917 123 4567) or an e-mail address." },
        },
        { status: 422 },
      );
    const error =
      asked.reason === "limit"
        ? `Too many codes were asked for. Try again ${waitWords(asked.waitMs)}.`
        : "This step has expired. Prove the bill again.";
    return data<Answer>({ step: "bill", values: {}, errors: { accountNumber: error } }, { status: 422 });
  }
  const values = { accountNumber: get("accountNumber").trim(), amount: get("amount").trim(), dueDate: get("dueDate").trim() };
  const errors: Answer["errors"] = {};
  if (!ACCOUNT_NUMBER_PATTERN.test(values.accountNumber))
    errors.accountNumber = "Enter the account number as printed on your bill, for example 01-2345-6789.";
  const amount = centavos(values.amount.replace(/^php\s*/i, ""));
  if (amount === null || amount < 0) errors.amount = "Enter the amount due of your latest bill, in pesos, for example 1,234.50.";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.dueDate)) errors.dueDate = "Enter the due date of your latest bill.";
  if (Object.keys(errors).length) return data<Answer>({ step: "bill", values, errors }, { status: 422 });
  const proof = await proveByBill(s.db, values.accountNumber, amount!, values.dueDate, ip);
  if (proof.ok) return data<Answer>({ step: "contact", token: proof.token, values: {}, errors: {} });
  const error =
    proof.reason === "limit"
      ? `Too many tries. Try again ${waitWords(proof.waitMs)}.`
      : "The amount and due date do not match the latest bill of this account. Check them on your latest bill.";
  return data<Answer>({ step: "bill", values, errors: { amount: error } }, { status: proof.reason === "limit" ? 429 : 422 });
}

export default function RegisterBill({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.step === "contact")
    return (
      <div className="container page portal">
        <h1>Add your mobile number or e-mail</h1>
        <p>The bill matches. Now add the mobile number or e-mail where you want your codes. We send a code to it to confirm it is yours.</p>
        <ErrorSummary errors={actionData.errors} />
        <Form method="post" className="portal-form" noValidate>
          <input type="hidden" name="step" value="contact" />
          <input type="hidden" name="token" value={actionData.token} />
          <Field id="contact" label="Mobile number or e-mail" error={actionData.errors.contact}>
            {(p) => (
              <input {...p} type="text" autoComplete="email" spellCheck={false} maxLength={254} defaultValue={actionData.values.contact} />
            )}
          </Field>
          <button type="submit" className="button">
            Send the code
          </button>
        </Form>
        <p className="portal-note">This does not change the contact in the cooperative's billing records.</p>
      </div>
    );
  const v = actionData?.values ?? {};
  const e = actionData?.errors ?? {};
  return (
    <div className="container page portal">
      <h1>Prove the account with your latest bill</h1>
      <p>Type the amount due and the due date exactly as printed on the latest bill of the account.</p>
      <ErrorSummary errors={e} />
      <Form method="post" className="portal-form" noValidate>
        <input type="hidden" name="step" value="bill" />
        <AccountNumberField error={e.accountNumber} defaultValue={v.accountNumber ?? loaderData.account} />
        <Field id="amount" label="Amount due (Php)" hint="For example 1,234.50" error={e.amount}>
          {(p) => (
            <input
              {...p}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              className="input--short"
              defaultValue={v.amount}
            />
          )}
        </Field>
        <Field id="dueDate" label="Due date" error={e.dueDate}>
          {(p) => <input {...p} type="date" className="input--short" defaultValue={v.dueDate} />}
        </Field>
        <button type="submit" className="button">
          Continue
        </button>
      </Form>
    </div>
  );
}
