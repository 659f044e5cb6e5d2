/**
 * The interface language at the edge (docs/decisions/0023): only `/` negotiates. A first
 * visit whose cookie or Accept-Language asks for Filipino is sent to `/fil/` by a 302 that
 * nothing keeps (no-store); `/` in English says `Vary: Accept-Language, Cookie` so that a
 * proxy keeps one copy per asking. Every other path is its own language: `/fil/…` is
 * Filipino, the rest English, whatever the headers say, so their cached bytes are keyed by
 * the path alone. The switch on every page is a plain link to `/language/<locale>?to=<path>`,
 * which remembers the choice in a cookie and sends the visitor to that page in that language.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LOCALE_COOKIE, LOCALES, type Locale, localePath, negotiateLocale } from "../modules/shared/i18n";

declare module "fastify" {
  interface FastifyRequest {
    /** `/` served in English after negotiation: its answer varies by these headers. */
    negotiated?: boolean;
  }
}

export const NEGOTIATED_VARY = "Accept-Language, Cookie";
const YEAR_SECONDS = 365 * 24 * 3600;

/** Before the page cache's fast path: a kept English home must not answer a Filipino first visit. */
export function registerLanguageNegotiation(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    if (request.method !== "GET" && request.method !== "HEAD") return done();
    const q = request.url.indexOf("?");
    const path = q < 0 ? request.url : request.url.slice(0, q);
    if (path !== "/") return done();
    if (negotiateLocale(request.headers.cookie, request.headers["accept-language"]) === "fil") {
      reply
        .code(302)
        .header("location", `/fil/${q < 0 ? "" : request.url.slice(q)}`)
        .header("cache-control", "no-store")
        .header("vary", NEGOTIATED_VARY)
        .send();
      return;
    }
    request.negotiated = true;
    done();
  });
}

/** A path on this site to go back to, or the home page (never another origin). */
function safeTarget(to: unknown): string {
  if (typeof to !== "string" || to.length > 512 || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return "/";
  return /[\u0000-\u001f]/.test(to) ? "/" : to;
}

type SwitchRequest = FastifyRequest<{ Params: { locale: string }; Querystring: { to?: string } }>;

/** The choice remembered, and on to the page in that language: 303 for the link, 307 for the form's button (the body goes along). */
function switchTo(status: 303 | 307) {
  return async (request: SwitchRequest, reply: FastifyReply) => {
    const locale = request.params.locale as Locale;
    if (!LOCALES.includes(locale)) return reply.code(404).type("text/plain; charset=utf-8").send("No such language.");
    return reply
      .code(status)
      .header("set-cookie", languageCookie(locale, request.protocol))
      .header("cache-control", "no-store")
      .header("location", localePath(locale, safeTarget(request.query.to)))
      .send();
  };
}

export function registerLanguageSwitch(app: FastifyInstance) {
  app.get("/language/:locale", { config: { policy: { cache: false } } }, switchTo(303));
  // The switch as a button of a multi-step form (app/language-switch.ts): the same choice
  // remembered, and a 307 so the browser posts what was typed, unread here, to the page in
  // that language, whose action shows the same step again.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.post("/language/:locale", { config: { policy: { cache: false } } }, switchTo(307));
  });
}

function languageCookie(locale: Locale, protocol: string): string {
  const secure = protocol === "https" ? "; Secure" : "";
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure}`;
}
