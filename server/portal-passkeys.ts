/**
 * The member portal's passkey ceremonies: the only better-auth HTTP endpoints of the portal
 * realm (/mco/auth/passkey/…, JSON, called by app/enhance/passkey.js), forwarded to the
 * portal's own better-auth instance (modules/portal/auth.server.ts: its own tables, cookie
 * and secret, so a member's passkey never opens /staff and a staff passkey never a member
 * session). Options calls are limited per address (each stores a challenge row); sign-in
 * tries too. Adding a passkey needs a signed-in member with a fresh proof
 * (modules/portal/passkeys.server.ts); the account name the device keeps with the passkey is
 * the portal and the member's first linked account (modules/portal/messages.ts).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { PORTAL_AUTH_PATH, PORTAL_IP_HEADER, portalAuth } from "../modules/portal/auth.server";
import { maskContact } from "../modules/portal/contact";
import { linkedAccounts, memberById, recordSignIn } from "../modules/portal/members.server";
import { passkeyAccountName } from "../modules/portal/messages";
import { cleanPasskeyName } from "../modules/portal/passkey-name";
import { hasFreshProof } from "../modules/portal/passkeys.server";
import { type AttemptRule, type Reservation, reserveAttempt } from "../modules/shared/attempt-limits.server";
import type { Locale } from "../modules/shared/i18n";
import type { AppDeps } from "./deps";

/** Passkey challenges asked for from one address: 30 in 15 minutes, then a minute doubling. */
export const PORTAL_PASSKEY_OPTIONS_RULE: AttemptRule = {
  name: "portal-passkey-options",
  free: 30,
  windowMs: 15 * 60_000,
  firstWaitMs: 60_000,
  maxWaitMs: 15 * 60_000,
};
/** Passkey sign-in tries that fail, from one address: 10 in 15 minutes, then a minute doubling. */
export const PORTAL_PASSKEY_SIGN_IN_RULE: AttemptRule = {
  name: "portal-passkey-sign-in",
  free: 10,
  windowMs: 15 * 60_000,
  firstWaitMs: 60_000,
  maxWaitMs: 15 * 60_000,
};

const SIGN_IN = new Set(["/passkey/generate-authenticate-options", "/passkey/verify-authentication"]);
const REGISTER = new Set(["/passkey/generate-register-options", "/passkey/verify-registration"]);

const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send({ error: { code, message } });

export async function registerPortalPasskeys(app: FastifyInstance, deps: Pick<AppDeps, "config" | "database">) {
  const db = deps.database.db;
  const publicUrl = deps.config.publicUrl;

  app.route({
    method: ["GET", "POST"],
    url: `${PORTAL_AUTH_PATH}/passkey/*`,
    handler: async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      const sub = request.url.slice(PORTAL_AUTH_PATH.length).split("?")[0]!;
      const isPost = sub.startsWith("/passkey/verify-");
      if ((!SIGN_IN.has(sub) && !REGISTER.has(sub)) || (request.method === "POST") !== isPost)
        return refuse(reply, 404, "not_found", "Nothing is here.");
      const auth = await portalAuth(db, publicUrl);
      const ip = request.ip;
      const headers = new Headers();
      if (request.headers.cookie) headers.set("cookie", request.headers.cookie);
      headers.set(PORTAL_IP_HEADER, ip);
      const ua = request.headers["user-agent"];
      if (typeof ua === "string") headers.set("user-agent", ua.slice(0, 500));
      if (typeof request.headers.origin === "string") headers.set("origin", request.headers.origin);

      if (sub.endsWith("-options")) {
        // Each call stores a challenge row: a limit per address, so a loop cannot fill the table.
        const slot = await reserveAttempt(db, PORTAL_PASSKEY_OPTIONS_RULE, [`ip:${ip}`]);
        if (!slot.ok)
          return refuse(reply.header("Retry-After", String(Math.ceil(slot.waitMs / 1000))), 429, "rate_limited", "Too many tries.");
      }
      let reservation: Reservation | undefined;
      let accountName: string | undefined;
      if (sub === "/passkey/verify-authentication") {
        reservation = await reserveAttempt(db, PORTAL_PASSKEY_SIGN_IN_RULE, [`ip:${ip}`]);
        if (!reservation.ok)
          return refuse(reply.header("Retry-After", String(Math.ceil(reservation.waitMs / 1000))), 429, "rate_limited", "Too many tries.");
      }
      const url = new URL(`${publicUrl}${request.url}`);
      // A sign-in's page language (app/enhance/passkey.js): the member's messages follow it, as after a code.
      const language: Locale = url.searchParams.get("lang") === "fil" ? "fil" : "en";
      url.searchParams.delete("lang");
      let body: Record<string, unknown> | undefined = isPost ? { ...((request.body as Record<string, unknown>) ?? {}) } : undefined;
      if (REGISTER.has(sub)) {
        // A signed-in member with a fresh proof (a code just now, or a sign-in minutes ago).
        const session = await auth.api.getSession({ headers }).catch(() => null);
        if (!session || !(await hasFreshProof(db, { id: session.session.id, userId: session.user.id })))
          return refuse(reply, 403, "fresh_proof_required", "Confirm it is you first.");
        if (sub === "/passkey/generate-register-options") {
          // Nothing the script could add is wanted (the plugin would take `?name=` as the user name).
          url.search = "";
          const me = await memberById(db, session.user.id);
          const [first] = await linkedAccounts(db, session.user.id);
          accountName = passkeyAccountName(first?.accountNumber ?? (me?.contact ? maskContact(me.contact) : null), me?.language);
        } else {
          body = { ...body, name: cleanPasskeyName(body?.name) || "Passkey" };
        }
      }
      headers.set("content-type", "application/json");
      const response = await auth.handler(
        new Request(url, { method: request.method, headers, body: isPost ? JSON.stringify(body ?? {}) : undefined }),
      );
      let text = await response.text();
      if (accountName && response.status === 200) {
        // The account name the device keeps with the passkey. The plugin takes both the user
        // name and the display name from the session's user, whose e-mail is the internal
        // `…@members.invalid` (modules/portal/auth.server.ts), and has no option to change the
        // display name; neither is signed nor checked when the registration is verified.
        const options = JSON.parse(text) as { user: { name: string; displayName: string } };
        options.user.name = accountName;
        options.user.displayName = accountName;
        text = JSON.stringify(options);
      }
      if (sub === "/passkey/verify-authentication" && response.status === 200) {
        const userId = (JSON.parse(text) as { session?: { userId?: string } }).session?.userId;
        if (userId) await recordSignIn(db, userId, ip, "passkey", language);
        if (reservation?.ok) await reservation.release();
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header("set-cookie", cookies);
      // The answer carries the new session only as a cookie; the script needs just "ok".
      const answer = sub === "/passkey/verify-authentication" && response.status === 200 ? "{}" : text || "{}";
      return reply.code(response.status).type("application/json").send(answer);
    },
  });
}
