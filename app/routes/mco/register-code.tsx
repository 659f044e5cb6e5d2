import { data, Form, redirect } from "react-router";
import { proveAccount } from "../../../modules/portal/flows.server";
import { ACCOUNT_NUMBER_PATTERN } from "../../../modules/shared/constants";
import { ErrorSummary } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/register-code";
import { CodeField, codeError } from "./code-field";
import { currentMember, MEMBER_CACHE_CONTROL, memberHeaders, signInAndGo } from "./session.server";
import "./portal.css";

export const meta: Route.MetaFunction = () => [
  { title: "Enter your code | Member portal | WESPECO" },
  { name: "robots", content: "noindex" },
];
export const headers = memberHeaders;
export const handle = { query: ["r", "a"] };

export function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const a = q.get("a") ?? "";
  return { r: q.get("r") ?? "", account: ACCOUNT_NUMBER_PATTERN.test(a) ? a : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const r = String(form.get("r") ?? "").slice(0, 100);
  const proof = await proveAccount(services(context).db, r, String(form.get("code") ?? "").slice(0, 20));
  if (!proof.ok) return data({ error: codeError(proof) }, { status: 422 });
  const to = `/mco/accounts/${proof.accountNumber}`;
  const member = await currentMember(request, context);
  if (member?.userId === proof.userId) throw redirect(to, { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
  const answer = await signInAndGo(request, context, proof.userId, "registration", to);
  return answer ?? data({ error: "This portal account is locked. Call member services to open it again." }, { status: 403 });
}

export default function RegisterCode({ loaderData, actionData }: Route.ComponentProps) {
  const bill = `/mco/register/bill${loaderData.account ? `?a=${loaderData.account}` : ""}`;
  return (
    <div className="container page portal">
      <h1>Enter your code</h1>
      <p>
        If the account has a mobile number or e-mail on file, we have sent it a 6-digit code. It is valid for 10 minutes. Texts can take a
        minute to arrive.
      </p>
      <ErrorSummary errors={{ code: actionData?.error }} />
      <Form method="post" className="portal-form" noValidate>
        <input type="hidden" name="r" value={loaderData.r} />
        <CodeField error={actionData?.error} />
        <button type="submit" className="button">
          Confirm
        </button>
      </Form>
      <h2>No code came?</h2>
      <p>
        The number or e-mail on file may be old, or there may be none. <a href={bill}>Prove the account with your latest bill instead</a>{" "}
        (its amount and due date), then add your mobile number or e-mail. To change the contact on file, visit or call a branch.
      </p>
    </div>
  );
}
