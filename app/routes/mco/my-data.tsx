import { data, redirect } from "react-router";
import { checkCode, reserveSend, storeCode } from "../../../modules/portal/codes.server";
import { maskContact } from "../../../modules/portal/contact";
import { closeMember, linkedAccounts, memberById, requestContactChange } from "../../../modules/portal/members.server";
import { codeMessage, messageLanguage } from "../../../modules/portal/messages";
import { ErrorSummary } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, requestT, useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";
import type { Route } from "./+types/my-data";
import { CodeField, codeError } from "./code-field";
import { PasskeysLink } from "./passkeys-ui";
import {
  clientIp,
  MEMBER_CACHE_CONTROL,
  memberHeaders,
  messenger,
  portalPath,
  requireMember,
  retryAt,
  withCookies,
} from "./session.server";
import { PortalBar, portalMeta } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ location }) => portalMeta(location.pathname, (t) => t("mco.bar.myData"));
export const headers = memberHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const { db } = services(context);
  const [me, links] = await Promise.all([memberById(db, member.userId), linkedAccounts(db, member.userId)]);
  return data(
    { contact: me?.contact ? maskContact(me.contact) : "", accounts: links.map((l) => l.accountNumber) },
    { headers: withCookies(member) },
  );
}

type Answer = { step?: "close-code"; r?: string; errors: Record<string, string | undefined>; done?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember(request, context);
  const s = services(context);
  const t = requestT(portalMessages, request);
  const locale = requestLocale(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "contact-change") {
    const account = String(form.get("account") ?? "");
    const requested = String(form.get("requested") ?? "")
      .trim()
      .slice(0, 200);
    const links = await linkedAccounts(s.db, member.userId);
    if (!links.some((l) => l.accountNumber === account))
      return data<Answer>({ errors: { account: t("mco.myData.chooseAccount") } }, { status: 422 });
    if (requested.length < 5) return data<Answer>({ errors: { requested: t("mco.myData.requestedError") } }, { status: 422 });
    await requestContactChange(s.db, member.userId, account, requested, "");
    return data<Answer>({ errors: {}, done: t("mco.myData.done") });
  }
  if (intent === "close-start") {
    // Fresh proof: a code to the member's confirmed contact, asked for now.
    const me = await memberById(s.db, member.userId);
    if (!me?.contact) return data<Answer>({ errors: { code: t("mco.myData.noContact") } }, { status: 422 });
    const reserved = await reserveSend(s.db, clientIp(context), `member:${member.userId}`, {
      key: `${me.contact.kind}:${me.contact.value}`,
      typed: true,
    });
    if (!reserved.ok)
      return data<Answer>({ errors: { code: t("mco.tooManyCodes", { time: retryAt(reserved.waitMs, locale) }) } }, { status: 429 });
    const issued = await storeCode(s.db, {
      purpose: "fresh",
      subject: "close",
      destination: reserved.send ? me.contact : null,
      userId: member.userId,
    });
    if (reserved.send) {
      const { subject, text } = codeMessage(issued.code, { kind: "close" }, messageLanguage(locale, me));
      void messenger(s)(me.contact, subject, text).catch(() => {});
    }
    return data<Answer>({ step: "close-code", r: issued.id, errors: {} });
  }
  if (intent === "close") {
    const r = String(form.get("r") ?? "").slice(0, 100);
    const checked = await checkCode(s.db, r, "fresh", String(form.get("code") ?? "").slice(0, 20));
    if (!checked.ok || checked.userId !== member.userId)
      return data<Answer>(
        { step: "close-code", r, errors: { code: codeError(checked.ok ? { ok: false, reason: "spent" } : checked, locale) } },
        { status: 422 },
      );
    await closeMember(s.db, member.userId);
    const headers = new Headers({ Location: portalPath(request, "/mco/login?closed=1"), "Cache-Control": MEMBER_CACHE_CONTROL });
    headers.append("Set-Cookie", "__Host-mco.session=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax");
    throw new Response(null, { status: 303, headers });
  }
  throw redirect(portalPath(request, "/mco/my-data"), { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
}

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  const e = actionData?.errors ?? {};
  const t = useT(portalMessages);
  return (
    <div className="container page portal">
      <PortalBar />
      <h1>{t("mco.bar.myData")}</h1>
      <p>{t("mco.signedInWith", { contact: loaderData.contact })}</p>
      <h2>{t("mco.myData.download.title")}</h2>
      <p>
        {t("mco.myData.download.intro")}{" "}
        <a href="/mco/my-data.json" download>
          {t("mco.myData.download.link")}
        </a>
      </p>

      <h2>{t("mco.myData.contact.title")}</h2>
      <p>{t("mco.myData.contact.intro")}</p>
      {actionData?.done && <p className="notice">{actionData.done}</p>}
      <ErrorSummary errors={{ account: e.account, requested: e.requested }} />
      <form method="post" className="portal-form">
        <input type="hidden" name="intent" value="contact-change" />
        <div className={`field${e.account ? " field--error" : ""}`}>
          <label className="field__label" htmlFor="account">
            {t("mco.myData.account")}
          </label>
          <select id="account" name="account">
            {loaderData.accounts.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </div>
        <div className={`field${e.requested ? " field--error" : ""}`}>
          <label className="field__label" htmlFor="requested">
            {t("mco.myData.requested")}
          </label>
          {e.requested && (
            <p className="field__error" id="requested-error">
              {e.requested}
            </p>
          )}
          <input
            id="requested"
            name="requested"
            type="text"
            maxLength={200}
            aria-describedby={e.requested ? "requested-error" : undefined}
          />
        </div>
        <button type="submit" className="button button--secondary">
          {t("mco.myData.send")}
        </button>
      </form>

      <h2>{t("mco.myData.close.title")}</h2>
      <p>{t("mco.myData.close.intro")}</p>
      {actionData?.step === "close-code" ? (
        <form method="post" className="portal-form">
          <ErrorSummary errors={{ code: e.code }} />
          <p>{t("mco.myData.close.sent", { contact: loaderData.contact })}</p>
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="r" value={actionData.r} />
          <CodeField error={e.code} />
          <button type="submit" className="button">
            {t("mco.myData.close.title")}
          </button>
        </form>
      ) : (
        <form method="post" className="portal-form">
          {e.code && <p className="field__error">{e.code}</p>}
          <input type="hidden" name="intent" value="close-start" />
          <button type="submit" className="button button--secondary">
            {t("mco.myData.close.start")}
          </button>
        </form>
      )}
      <PasskeysLink />
    </div>
  );
}
