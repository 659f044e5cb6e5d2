import { data, Form, redirect } from "react-router";
import { parseContact } from "../../../modules/portal/contact";
import { requestSignInCode } from "../../../modules/portal/flows.server";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { ErrorSummary, Field } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/login";
import { PasskeySignIn } from "./passkeys-ui";
import { clientIp, currentMember, MEMBER_CACHE_CONTROL, memberHeaders, messenger, waitWords } from "./session.server";
import "./portal.css";

export const meta: Route.MetaFunction = () => [{ title: "Sign in | Member portal | WESPECO" }, { name: "robots", content: "noindex" }];
export const headers = memberHeaders;
export const handle = { query: ["signed-out", "closed"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await currentMember(request, context)) throw redirect("/mco", { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
  const q = new URL(request.url).searchParams;
  return { notice: q.has("closed") ? "Your portal account is closed." : q.has("signed-out") ? "You are signed out." : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const form = await request.formData();
  const typed = String(form.get("contact") ?? "").slice(0, 300);
  const contact = parseContact(typed);
  if (!contact)
    return data(
      { contact: typed, error: "Enter the mobile number (like 0917 123 4567) or the e-mail address you registered with." },
      { status: 422 },
    );
  const asked = await requestSignInCode(s.db, messenger(s), contact, clientIp(context));
  if (!asked.ok)
    return data({ contact: typed, error: `Too many codes were asked for. Try again ${waitWords(asked.waitMs)}.` }, { status: 429 });
  throw redirect(`/mco/login/code?r=${encodeURIComponent(asked.id)}`, { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container page portal">
      <Breadcrumb items={[{ label: "Member portal" }]} />
      {loaderData?.notice && (
        <p className="notice" role="status">
          {loaderData.notice}
        </p>
      )}
      <h1>Sign in to the member portal</h1>
      <p>
        See your bills, usage and payments, and get your bill by e-mail. We send a 6-digit code to the mobile number or e-mail you
        registered with. There is no password to remember.
      </p>
      <ErrorSummary errors={{ contact: actionData?.error }} />
      <Form method="post" className="portal-form" noValidate>
        <Field id="contact" label="Mobile number or e-mail" hint="The one you confirmed when you registered." error={actionData?.error}>
          {(p) => (
            <input {...p} type="text" autoComplete="username" spellCheck={false} maxLength={254} defaultValue={actionData?.contact} />
          )}
        </Field>
        <button type="submit" className="button">
          Send me a code
        </button>
      </Form>
      <PasskeySignIn />
      <h2>First time here?</h2>
      <p>
        <a href="/mco/register">Register with your account number</a>: we send a code to the mobile number or e-mail the cooperative has on
        file for that account.
      </p>
    </div>
  );
}
