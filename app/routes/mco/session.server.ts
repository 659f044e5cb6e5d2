/**
 * Who is signed in to the member portal on this request (better-auth's session, read from the
 * `__Host-mco.session` cookie only; the console's cookie means nothing here), the headers
 * every member page answers with, and how codes reach a member (the SMS gateway, SMTP).
 */
import { redirect } from "react-router";
import {
  PORTAL_IP_HEADER,
  type PortalAuth,
  portalAuth,
  SESSION_COOKIE,
  sessionRule,
  signedSessionToken,
  startSession,
} from "../../../modules/portal/auth.server";
import type { Contact } from "../../../modules/portal/contact";
import type { Messenger } from "../../../modules/portal/flows.server";
import { type PortalMember, recordSignIn, sessionMember } from "../../../modules/portal/members.server";
import { formatDateTime, formatTime, manilaIsoDate } from "../../../modules/shared/dates";
import { type Locale, localePath } from "../../../modules/shared/i18n";
import { type AppServices, services } from "../../context";
import { requestLocale } from "../../i18n";

export const MEMBER_CACHE_CONTROL = "private, no-store";

type Ctx = Parameters<typeof services>[0];

export interface SignedInMember {
  userId: string;
  sessionId: string;
  /** The member as the session's own query read them (contact, language): no second query for it. */
  member: PortalMember;
  /** Set-Cookie of a session renewed on this request (sliding expiry), to send back. */
  cookies: string[];
}

export function clientIp(context: Ctx): string {
  return services(context).staff.ip;
}

export function authHeaders(request: Request, context: Ctx): Headers {
  const h = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) h.set("cookie", cookie);
  h.set(PORTAL_IP_HEADER, clientIp(context));
  const ua = request.headers.get("user-agent");
  if (ua) h.set("user-agent", ua.slice(0, 500));
  return h;
}

export function authOf(context: Ctx): Promise<PortalAuth> {
  const s = services(context);
  return portalAuth(s.db, s.publicUrl);
}

/**
 * The member signed in on this request, checked against the database every time (a session
 * ended by signing out everywhere, locking or closing counts from the next request; nothing
 * is cached in the cookie). The usual case is ours: the cookie's signature (node:crypto) and
 * one query for the session and its member. Anything else goes through better-auth's own
 * check: a session past its end (which it removes), one due for renewal (once a day of use:
 * it moves the end and sends the cookie again), a "don't remember me" or cached-session cookie.
 */
export async function currentMember(request: Request, context: Ctx): Promise<SignedInMember | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes(`${SESSION_COOKIE}=`)) return null;
  const auth = await authOf(context);
  const rule = await sessionRule(auth);
  const token = signedSessionToken(cookie, rule);
  if (!token) return null;
  const found = await sessionMember(services(context).db, token);
  if (!found || found.member.lockedAt) return null;
  const now = Date.now();
  const current = found.expiresAt.getTime() > now && found.expiresAt.getTime() - rule.expiresInMs + rule.updateAgeMs > now;
  if (current && !rule.otherCookies.some((name) => cookie.includes(`${name}=`)))
    return { userId: found.member.id, sessionId: found.sessionId, member: found.member, cookies: [] };
  const { headers, response } = await auth.api.getSession({ headers: authHeaders(request, context), returnHeaders: true });
  if (!response || response.session.id !== found.sessionId || (response.user as { lockedAt?: Date | null }).lockedAt) return null;
  return { userId: found.member.id, sessionId: found.sessionId, member: found.member, cookies: headers.getSetCookie() };
}

/** The signed-in member, or a redirect to the sign-in page. */
export async function requireMember(request: Request, context: Ctx): Promise<SignedInMember> {
  const member = await currentMember(request, context);
  if (!member) throw redirect(localePath(requestLocale(request), "/mco/login"), { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
  return member;
}

/** Starts a session for a proven member and answers the redirect that sets its cookie. */
export async function signInAndGo(request: Request, context: Ctx, userId: string, method: string, to: string): Promise<Response | null> {
  const auth = await authOf(context);
  const cookies = await startSession(auth, userId, authHeaders(request, context));
  if (!cookies) return null;
  await recordSignIn(services(context).db, userId, clientIp(context), method, requestLocale(request));
  const headers = new Headers({ Location: to, "Cache-Control": MEMBER_CACHE_CONTROL });
  for (const c of cookies.getSetCookie()) headers.append("Set-Cookie", c);
  return new Response(null, { status: 303, headers });
}

/** Headers of a member page: never cached anywhere, and a renewed session cookie passed on. */
export function memberHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  const h = new Headers({ "Cache-Control": MEMBER_CACHE_CONTROL });
  for (const from of [loaderHeaders, actionHeaders]) for (const c of from.getSetCookie()) h.append("Set-Cookie", c);
  return h;
}

export function withCookies(member: SignedInMember | null): HeadersInit {
  const h = new Headers({ "Cache-Control": MEMBER_CACHE_CONTROL });
  for (const c of member?.cookies ?? []) h.append("Set-Cookie", c);
  return h;
}

/** Texts through the SMS gateway, e-mails through SMTP; a missing channel drops the message (logged). */
export function messenger(s: AppServices): Messenger {
  return async (to: Contact, subject: string, text: string) => {
    if (to.kind === "sms") {
      const result = await s.sendText?.(to.value, text);
      if (!result?.ok) s.log.warn({ channel: "sms" }, "portal code not sent");
      return;
    }
    const mail = s.alerts?.channels.mail;
    if (!mail) {
      s.log.warn({ channel: "email" }, "portal code not sent: no SMTP configured");
      return;
    }
    const result = await mail.send({ idempotencyKey: crypto.randomUUID(), to: to.value, subject, body: text });
    if (!result.ok) s.log.warn({ channel: "email" }, "portal code not sent");
  };
}

/**
 * When a refused ask may be made again, as the page says it: "3:42 PM" (Manila) the same day,
 * else with the date. Rounded up to the minute, so "after 3:42 PM" is never too early.
 */
export function retryAt(waitMs: number, locale: Locale = "en", now = new Date()): string {
  const at = new Date(Math.ceil((now.getTime() + waitMs) / 60_000) * 60_000);
  return manilaIsoDate(at) === manilaIsoDate(now) ? formatTime(at, locale) : formatDateTime(at, locale);
}

/** A portal path in the language of the request (a Filipino member stays under /fil/mco). */
export function portalPath(request: Request, path: string): string {
  return localePath(requestLocale(request), path);
}
