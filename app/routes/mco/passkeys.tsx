/**
 * /mco/passkeys: the member's passkeys (name, date added, remove) and adding one. Adding needs
 * a fresh proof (modules/portal/passkeys.server.ts): a sign-in minutes ago, or a code sent now
 * to the confirmed contact, as closing the portal account does. The list and removing work
 * without JavaScript; creating a passkey needs the browser's WebAuthn (app/enhance/passkey.js).
 */
import { data, redirect } from "react-router";
import { checkCode, reserveSend, storeCode } from "../../../modules/portal/codes.server";
import { maskContact } from "../../../modules/portal/contact";
import { memberById } from "../../../modules/portal/members.server";
import { codeMessage, messageLanguage } from "../../../modules/portal/messages";
import { PASSKEY_NAME_MAX } from "../../../modules/portal/passkey-name";
import { freshSubject, hasFreshProof, listPasskeys, removePasskey } from "../../../modules/portal/passkeys.server";
import { formatDate } from "../../../modules/shared/dates";
import { translator } from "../../../modules/shared/i18n";
import { ErrorSummary, Field } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, useLocalePath, useT } from "../../i18n";
import { portalPasskeyMessages } from "../../messages/portal-passkeys";
import type { Route } from "./+types/passkeys";
import { CodeField, codeError } from "./code-field";
import { PasskeyScript, usePasskeyMessages } from "./passkeys-ui";
import { clientIp, MEMBER_CACHE_CONTROL, memberHeaders, messenger, requireMember, withCookies } from "./session.server";
import { PortalBar } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${translator(portalPasskeyMessages, location.pathname.startsWith("/fil/") ? "fil" : "en")("pk.meta")} | WESPECO` },
  { name: "robots", content: "noindex" },
];
export const headers = memberHeaders;
export const handle = { query: ["added", "removed"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const { db } = services(context);
  const locale = requestLocale(request);
  const [me, keys, fresh] = await Promise.all([
    memberById(db, member.userId),
    listPasskeys(db, member.userId),
    hasFreshProof(db, { id: member.sessionId, userId: member.userId }),
  ]);
  const q = new URL(request.url).searchParams;
  return data(
    {
      contact: me?.contact ? maskContact(me.contact) : "",
      passkeys: keys.map((k) => ({ id: k.id, name: k.name, added: k.createdAt ? formatDate(k.createdAt, locale) : "" })),
      fresh,
      notice: q.has("added") ? ("added" as const) : q.has("removed") ? ("removed" as const) : null,
    },
    { headers: withCookies(member) },
  );
}

type Answer = { step?: "code"; r?: string; errors: Record<string, string | undefined> };

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember(request, context);
  const s = services(context);
  const locale = requestLocale(request);
  const t = translator(portalPasskeyMessages, locale);
  const here = new URL(request.url).pathname;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "remove") {
    await removePasskey(s.db, member.userId, String(form.get("id") ?? "").slice(0, 200));
    throw redirect(`${here}?removed=1`, { status: 303, headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
  }
  if (intent === "fresh-start") {
    // Fresh proof: a code to the member's confirmed contact, for this session only.
    const me = await memberById(s.db, member.userId);
    if (!me?.contact) return data<Answer>({ errors: { code: t("pk.error.noContact") } }, { status: 422 });
    const reserved = await reserveSend(s.db, clientIp(context), `member:${member.userId}`, {
      key: `${me.contact.kind}:${me.contact.value}`,
      typed: true,
    });
    if (!reserved.ok)
      return data<Answer>(
        { errors: { code: t("pk.error.tooMany", { minutes: Math.max(1, Math.ceil(reserved.waitMs / 60_000)) }) } },
        { status: 429 },
      );
    const issued = await storeCode(s.db, {
      purpose: "fresh",
      subject: freshSubject(member.sessionId),
      destination: reserved.send ? me.contact : null,
      userId: member.userId,
    });
    if (reserved.send) {
      const { subject, text } = codeMessage(issued.code, { kind: "passkey" }, messageLanguage(locale, me));
      void messenger(s)(me.contact, subject, text).catch(() => {});
    }
    return data<Answer>({ step: "code", r: issued.id, errors: {} });
  }
  if (intent === "fresh") {
    const r = String(form.get("r") ?? "").slice(0, 100);
    const checked = await checkCode(s.db, r, "fresh", String(form.get("code") ?? "").slice(0, 20));
    if (!checked.ok || checked.userId !== member.userId || checked.subject !== freshSubject(member.sessionId))
      return data<Answer>(
        { step: "code", r, errors: { code: codeError(checked.ok ? { ok: false, reason: "spent" } : checked, locale) } },
        { status: 422 },
      );
    throw redirect(here, { status: 303, headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
  }
  throw redirect(here, { status: 303, headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
}

export default function Passkeys({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(portalPasskeyMessages);
  const lp = useLocalePath();
  const messages = usePasskeyMessages();
  const e = actionData?.errors ?? {};
  const { passkeys, fresh, contact, notice } = loaderData;
  return (
    <div className="container page portal">
      <PortalBar />
      <h1>{t("pk.title")}</h1>
      {notice && (
        <p className="notice" role="status">
          {t(notice === "added" ? "pk.added" : "pk.removed")}
        </p>
      )}
      <p>{t("pk.intro")}</p>

      <h2>{t("pk.list.title")}</h2>
      {passkeys.length === 0 ? (
        <p>{t("pk.list.none")}</p>
      ) : (
        <table className="portal-table">
          <thead>
            <tr>
              <th scope="col">{t("pk.list.name")}</th>
              <th scope="col">{t("pk.list.added")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("pk.list.removeButton")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {passkeys.map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td>{k.added}</td>
                <td className="num">
                  <form method="post" className="portal-inline">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={k.id} />
                    <button type="submit" className="button button--secondary" aria-label={t("pk.list.remove", { name: k.name })}>
                      {t("pk.list.removeButton")}
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t("pk.add.title")}</h2>
      {fresh ? (
        <>
          <p data-passkey-no-script>{t("pk.add.needsScript")}</p>
          <form className="portal-form" data-passkey="register" data-next={`${lp("/mco/passkeys")}?added=1`} hidden {...messages}>
            <Field id="name" label={t("pk.add.name")} hint={t("pk.add.nameHint")}>
              {(p) => <input {...p} type="text" maxLength={PASSKEY_NAME_MAX} required autoComplete="off" />}
            </Field>
            <button type="submit" className="button">
              {t("pk.add.button")}
            </button>
            <p className="field__error" data-passkey-status role="status" aria-live="polite" />
          </form>
          <PasskeyScript />
        </>
      ) : actionData?.step === "code" ? (
        <form method="post" className="portal-form">
          <ErrorSummary errors={{ code: e.code }} />
          <p>{t("pk.add.codeSent", { contact })}</p>
          <input type="hidden" name="intent" value="fresh" />
          <input type="hidden" name="r" value={actionData.r} />
          <CodeField error={e.code} />
          <button type="submit" className="button">
            {t("pk.add.confirm")}
          </button>
        </form>
      ) : (
        <form method="post" className="portal-form">
          {e.code && <p className="field__error">{e.code}</p>}
          <p>{t("pk.add.fresh", { contact })}</p>
          <input type="hidden" name="intent" value="fresh-start" />
          <button type="submit" className="button button--secondary">
            {t("pk.add.send")}
          </button>
        </form>
      )}
    </div>
  );
}
