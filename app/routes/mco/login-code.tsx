import { data, Form } from "react-router";
import { proveSignIn } from "../../../modules/portal/flows.server";
import { ErrorSummary } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/login-code";
import { CodeField, codeError } from "./code-field";
import { memberHeaders, signInAndGo } from "./session.server";
import "./portal.css";

export const meta: Route.MetaFunction = () => [
  { title: "Enter your code | Member portal | WESPECO" },
  { name: "robots", content: "noindex" },
];
export const headers = memberHeaders;
export const handle = { query: ["r"] };

export function loader({ request }: Route.LoaderArgs) {
  return { r: new URL(request.url).searchParams.get("r") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const r = String(form.get("r") ?? "").slice(0, 100);
  const proof = await proveSignIn(services(context).db, r, String(form.get("code") ?? "").slice(0, 20));
  if (proof.ok) {
    const answer = await signInAndGo(request, context, proof.userId, "code", "/mco");
    if (answer) return answer;
    return data({ error: "This portal account is locked. Call member services to open it again.", spent: true }, { status: 403 });
  }
  return data({ error: codeError(proof), spent: proof.reason === "spent" }, { status: 422 });
}

export default function SignInCode({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container page portal">
      <h1>Enter your code</h1>
      <p>If that mobile number or e-mail is registered with the portal, we have sent it a 6-digit code. It is valid for 10 minutes.</p>
      <ErrorSummary errors={{ code: actionData?.error }} />
      <Form method="post" className="portal-form" noValidate>
        <input type="hidden" name="r" value={loaderData.r} />
        <CodeField error={actionData?.error} />
        <button type="submit" className="button">
          Sign in
        </button>
      </Form>
      <p>
        No code? <a href="/mco/login">Ask for a new one</a>. Not registered yet? <a href="/mco/register">Register</a>.
      </p>
    </div>
  );
}
