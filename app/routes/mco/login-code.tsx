import { data, Form } from "react-router";
import { proveSignIn } from "../../../modules/portal/flows.server";
import { ErrorSummary } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, requestT, useLocalePath, useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";
import type { Route } from "./+types/login-code";
import { CodeField, codeError } from "./code-field";
import { memberHeaders, portalPath, signInAndGo } from "./session.server";
import { portalMeta } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ location }) => portalMeta(location.pathname, (t) => t("mco.code.title"));
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
    const answer = await signInAndGo(request, context, proof.userId, "code", portalPath(request, "/mco"));
    if (answer) return answer;
    return data({ error: requestT(portalMessages, request)("mco.locked"), spent: true }, { status: 403 });
  }
  return data({ error: codeError(proof, requestLocale(request)), spent: proof.reason === "spent" }, { status: 422 });
}

export default function SignInCode({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(portalMessages);
  const lp = useLocalePath();
  return (
    <div className="container page portal">
      <h1>{t("mco.code.title")}</h1>
      <p>{t("mco.loginCode.intro")}</p>
      <ErrorSummary errors={{ code: actionData?.error }} />
      <Form method="post" className="portal-form" noValidate>
        <input type="hidden" name="r" value={loaderData.r} />
        <CodeField error={actionData?.error} />
        <button type="submit" className="button">
          {t("mco.signIn")}
        </button>
      </Form>
      <p>
        {t("mco.loginCode.noCode")} <a href={lp("/mco/login")}>{t("mco.loginCode.askNew")}</a>. {t("mco.loginCode.notRegistered")}{" "}
        <a href={lp("/mco/register")}>{t("mco.register")}</a>.
      </p>
    </div>
  );
}
