import { data, Form, redirect } from "react-router";
import { parseContact } from "../../../modules/portal/contact";
import { requestSignInCode } from "../../../modules/portal/flows.server";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { ErrorSummary, Field } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, requestT, useLocalePath, useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";
import type { Route } from "./+types/login";
import { PasskeySignIn } from "./passkeys-ui";
import { clientIp, currentMember, MEMBER_CACHE_CONTROL, memberHeaders, messenger, portalPath, retryAt } from "./session.server";
import { portalMeta } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ location }) => portalMeta(location.pathname, (t) => t("mco.signIn"));
export const headers = memberHeaders;
export const handle = { query: ["signed-out", "closed"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await currentMember(request, context))
    throw redirect(portalPath(request, "/mco"), { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
  const q = new URL(request.url).searchParams;
  const t = requestT(portalMessages, request);
  return { notice: q.has("closed") ? t("mco.login.closed") : q.has("signed-out") ? t("mco.login.signedOut") : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const t = requestT(portalMessages, request);
  const locale = requestLocale(request);
  const form = await request.formData();
  const typed = String(form.get("contact") ?? "").slice(0, 300);
  const contact = parseContact(typed);
  if (!contact) return data({ contact: typed, error: t("mco.login.contactError") }, { status: 422 });
  const asked = await requestSignInCode(s.db, messenger(s), contact, clientIp(context), locale);
  if (!asked.ok) return data({ contact: typed, error: t("mco.tooManyCodes", { time: retryAt(asked.waitMs, locale) }) }, { status: 429 });
  throw redirect(portalPath(request, `/mco/login/code?r=${encodeURIComponent(asked.id)}`), {
    headers: { "Cache-Control": MEMBER_CACHE_CONTROL },
  });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(portalMessages);
  const lp = useLocalePath();
  return (
    <div className="container page portal">
      <Breadcrumb items={[{ label: t("mco.portal") }]} />
      {loaderData?.notice && (
        <p className="notice" role="status">
          {loaderData.notice}
        </p>
      )}
      <h1>{t("mco.login.title")}</h1>
      <p>{t("mco.login.intro")}</p>
      <ErrorSummary errors={{ contact: actionData?.error }} />
      <Form method="post" className="portal-form" noValidate>
        <Field id="contact" label={t("mco.contact")} hint={t("mco.login.contactHint")} error={actionData?.error}>
          {(p) => (
            <input {...p} type="text" autoComplete="username" spellCheck={false} maxLength={254} defaultValue={actionData?.contact} />
          )}
        </Field>
        <button type="submit" className="button">
          {t("mco.login.send")}
        </button>
      </Form>
      <PasskeySignIn />
      <h2>{t("mco.login.first")}</h2>
      <p>
        <a href={lp("/mco/register")}>{t("mco.login.registerLink")}</a>
        {t("mco.login.registerRest")}
      </p>
    </div>
  );
}
