import { data, Form, redirect } from "react-router";
import { proveAccount } from "../../../modules/portal/flows.server";
import { normalizeAccountNumber } from "../../../modules/shared/account-number";
import { ErrorSummary } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, requestT, useLocalePath, useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";
import type { Route } from "./+types/register-code";
import { CodeField, codeError } from "./code-field";
import { currentMember, MEMBER_CACHE_CONTROL, memberHeaders, portalPath, signInAndGo } from "./session.server";
import { portalMeta } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ location }) => portalMeta(location.pathname, (t) => t("mco.code.title"));
export const headers = memberHeaders;
export const handle = { query: ["r", "a", "via"] };

export function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const a = q.get("a") ?? "";
  // `via=bill`: the code went to a contact the member just gave after proving the bill, so the
  // page does not offer that proof again (nor speak of a contact "on file").
  return { r: q.get("r") ?? "", account: normalizeAccountNumber(a) ?? "", viaBill: q.get("via") === "bill" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const r = String(form.get("r") ?? "").slice(0, 100);
  const proof = await proveAccount(services(context).db, r, String(form.get("code") ?? "").slice(0, 20));
  if (!proof.ok) return data({ error: codeError(proof, requestLocale(request)) }, { status: 422 });
  const to = portalPath(request, `/mco/accounts/${proof.accountNumber}`);
  const member = await currentMember(request, context);
  if (member?.userId === proof.userId) throw redirect(to, { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
  const answer = await signInAndGo(request, context, proof.userId, "registration", to);
  return answer ?? data({ error: requestT(portalMessages, request)("mco.locked") }, { status: 403 });
}

export default function RegisterCode({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(portalMessages);
  const bill = useLocalePath()(`/mco/register/bill${loaderData.account ? `?a=${loaderData.account}` : ""}`);
  return (
    <div className="container page portal">
      <h1>{t("mco.code.title")}</h1>
      <p>{loaderData.viaBill ? t("mco.registerCode.added") : t("mco.registerCode.intro")}</p>
      <ErrorSummary errors={{ code: actionData?.error }} />
      <Form method="post" className="portal-form" noValidate>
        <input type="hidden" name="r" value={loaderData.r} />
        <CodeField error={actionData?.error} />
        <button type="submit" className="button">
          {t("mco.registerCode.confirm")}
        </button>
      </Form>
      <h2>{t("mco.registerCode.noCode")}</h2>
      {loaderData.viaBill ? (
        <p>
          {t("mco.registerCode.addedNoCode")} <a href={bill}>{t("mco.registerCode.again")}</a>.
        </p>
      ) : (
        <p>
          {t("mco.registerCode.old")} <a href={bill}>{t("mco.registerCode.billLink")}</a> {t("mco.registerCode.billRest")}
        </p>
      )}
    </div>
  );
}
