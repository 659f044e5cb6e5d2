import { data, Form, redirect } from "react-router";
import { requestAccountCode } from "../../../modules/portal/flows.server";
import { ACCOUNT_NUMBER_MAX_TYPED, normalizeAccountNumber } from "../../../modules/shared/account-number";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { AccountNumberField, ErrorSummary } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, requestT, useLocalePath, useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";
import type { Route } from "./+types/register";
import {
  clientIp,
  currentMember,
  MEMBER_CACHE_CONTROL,
  memberHeaders,
  messenger,
  portalPath,
  retryAt,
  withCookies,
} from "./session.server";
import { portalMeta } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ location }) => portalMeta(location.pathname, (t) => t("mco.register"));
export const headers = memberHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await currentMember(request, context);
  return data({ signedIn: Boolean(member) }, { headers: withCookies(member) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const t = requestT(portalMessages, request);
  const locale = requestLocale(request);
  const form = await request.formData();
  const typed = String(form.get("accountNumber") ?? "").slice(0, ACCOUNT_NUMBER_MAX_TYPED);
  const accountNumber = normalizeAccountNumber(typed);
  if (!accountNumber) return data({ accountNumber: typed, error: t("mco.accountError") }, { status: 422 });
  const member = await currentMember(request, context);
  const asked = await requestAccountCode(s.db, messenger(s), accountNumber, clientIp(context), member?.userId ?? null, locale);
  if (!asked.ok) return data({ accountNumber, error: t("mco.tooManyCodes", { time: retryAt(asked.waitMs, locale) }) }, { status: 429 });
  throw redirect(portalPath(request, `/mco/register/code?r=${encodeURIComponent(asked.id)}&a=${accountNumber}`), {
    headers: { "Cache-Control": MEMBER_CACHE_CONTROL },
  });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(portalMessages);
  const lp = useLocalePath();
  return (
    <div className="container page portal">
      <Breadcrumb
        items={[
          { label: t("mco.portal"), to: "/mco/login" },
          { label: loaderData.signedIn ? t("mco.register.crumbAdd") : t("mco.register") },
        ]}
      />
      <h1>{loaderData.signedIn ? t("mco.register.titleAdd") : t("mco.register.title")}</h1>
      <p>{t("mco.register.intro")}</p>
      <ErrorSummary errors={{ accountNumber: actionData?.error }} />
      <Form method="post" className="portal-form" noValidate>
        <AccountNumberField error={actionData?.error} defaultValue={actionData?.accountNumber} />
        <button type="submit" className="button">
          {t("mco.sendCode")}
        </button>
      </Form>
      {!loaderData.signedIn && (
        <p>
          {t("mco.register.already")} <a href={lp("/mco/login")}>{t("mco.signIn")}</a>.
        </p>
      )}
    </div>
  );
}
