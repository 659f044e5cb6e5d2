import { data, Form, redirect } from "react-router";
import { requestAccountCode } from "../../../modules/portal/flows.server";
import { ACCOUNT_NUMBER_PATTERN } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { AccountNumberField, ErrorSummary } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/register";
import { clientIp, currentMember, MEMBER_CACHE_CONTROL, memberHeaders, messenger, waitWords, withCookies } from "./session.server";
import "./portal.css";

export const meta: Route.MetaFunction = () => [{ title: "Register | Member portal | WESPECO" }, { name: "robots", content: "noindex" }];
export const headers = memberHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await currentMember(request, context);
  return data({ signedIn: Boolean(member) }, { headers: withCookies(member) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const form = await request.formData();
  const accountNumber = String(form.get("accountNumber") ?? "")
    .trim()
    .slice(0, 20);
  if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber))
    return data({ accountNumber, error: "Enter the account number as printed on your bill, for example 01-2345-6789." }, { status: 422 });
  const member = await currentMember(request, context);
  const asked = await requestAccountCode(s.db, messenger(s), accountNumber, clientIp(context), member?.userId ?? null);
  if (!asked.ok)
    return data({ accountNumber, error: `Too many codes were asked for. Try again ${waitWords(asked.waitMs)}.` }, { status: 429 });
  throw redirect(`/mco/register/code?r=${encodeURIComponent(asked.id)}&a=${accountNumber}`, {
    headers: { "Cache-Control": MEMBER_CACHE_CONTROL },
  });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container page portal">
      <Breadcrumb items={[{ label: "Member portal", to: "/mco/login" }, { label: loaderData.signedIn ? "Add an account" : "Register" }]} />
      <h1>{loaderData.signedIn ? "Add a service account" : "Register for the member portal"}</h1>
      <p>
        Type the account number printed on your bill. We send a 6-digit code to the mobile number or e-mail the cooperative has on file for
        that account, never to one typed here. The code proves the account is yours.
      </p>
      <ErrorSummary errors={{ accountNumber: actionData?.error }} />
      <Form method="post" className="portal-form" noValidate>
        <AccountNumberField error={actionData?.error} defaultValue={actionData?.accountNumber} />
        <button type="submit" className="button">
          Send the code
        </button>
      </Form>
      {!loaderData.signedIn && (
        <p>
          Already registered? <a href="/mco/login">Sign in</a>.
        </p>
      )}
    </div>
  );
}
