/**
 * The staff console's place in the Fastify app:
 * - one better-auth instance, and per request the staff services loaders and actions use;
 * - every answer under /staff is `no-store` and `noindex`, and carries the cookies
 *   better-auth set during the request;
 * - better-auth's own HTTP endpoints are reachable only for the passkey ceremonies (the
 *   browser's WebAuthn calls need JSON endpoints); everything else goes through the console's
 *   forms, which call `auth.api` on the server.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AttemptRule, type Reservation, reserveAttempt } from "../modules/shared/attempt-limits.server";
import { recordAccessDenied } from "../modules/staff/access-denied.server";
import { recordAudit } from "../modules/staff/audit.server";
import { AUTH_BASE_PATH, createStaffAuth, resolveAuthSecret, type StaffAuth } from "../modules/staff/auth.server";
import { hasRecentPassword } from "../modules/staff/reauth.server";
import { createStaffServices, type StaffServices } from "../modules/staff/services.server";
import { recordThrottled, reserveSignIn, signInWait } from "../modules/staff/throttle.server";
import type { AppDeps } from "./deps";

declare module "fastify" {
  interface FastifyRequest {
    /** The staff sign-in services of this request (created on first use). */
    staff(): StaffServices;
  }
  interface FastifyInstance {
    staffAuth: StaffAuth;
  }
}

/** Console paths: /staff and below (React Router matches paths case-insensitively). */
export const isConsolePath = (url: string) => /^\/staff(\/|$|\?)/i.test(url);

/** Passkey challenges asked for from one address: 30 in 15 minutes, then a minute doubling. */
export const PASSKEY_OPTIONS_RULE: AttemptRule = {
  name: "passkey-options",
  free: 30,
  windowMs: 15 * 60_000,
  firstWaitMs: 60_000,
  maxWaitMs: 15 * 60_000,
};

const PASSKEY_PATHS = new Set([
  "/passkey/generate-register-options",
  "/passkey/verify-registration",
  "/passkey/generate-authenticate-options",
  "/passkey/verify-authentication",
]);

export async function registerStaff(app: FastifyInstance, deps: Pick<AppDeps, "config" | "database">) {
  const db = deps.database.db;
  const secret = await resolveAuthSecret(db, deps.config.AUTH_SECRET);
  const auth = createStaffAuth({ db, secret, publicUrl: deps.config.publicUrl });
  app.decorate("staffAuth", auth);

  const cache = new WeakMap<FastifyRequest, StaffServices>();
  app.decorateRequest("staff", function (this: FastifyRequest) {
    let services = cache.get(this);
    if (!services) cache.set(this, (services = createStaffServices(auth, db, this)));
    return services;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (!isConsolePath(request.url)) return payload;
    // Every refusal in the console is audited (capped per account, so a flood cannot fill the disk).
    if (reply.statusCode === 403)
      await recordAccessDenied(request.staff(), request).catch((error) => request.log.warn({ err: error }, "access.denied not audited"));
    reply.header("Cache-Control", "no-store");
    reply.header("X-Robots-Tag", "noindex, nofollow");
    reply.removeHeader("ETag");
    reply.removeHeader("Last-Modified");
    const pending = cache.get(request)?.pendingCookies ?? [];
    if (pending.length) {
      const existing = reply.getHeader("set-cookie");
      const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
      reply.header("set-cookie", [...list, ...pending]);
    }
    return payload;
  });

  // The passkey ceremonies (JSON, called by the page's script), forwarded to better-auth.
  app.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/passkey/*`,
    handler: async (request, reply) => {
      const sub = request.url.slice(AUTH_BASE_PATH.length).split("?")[0]!;
      if (!PASSKEY_PATHS.has(sub)) return reply.code(404).send({ error: { code: "not_found", message: "Nothing is here." } });
      const staff = request.staff();
      if (sub === "/passkey/generate-authenticate-options" || sub === "/passkey/generate-register-options") {
        // Each call stores a challenge row: a limit per address, so a loop cannot fill the table.
        const slot = await reserveAttempt(staff.db, PASSKEY_OPTIONS_RULE, [`ip:${staff.ip}`]);
        if (!slot.ok)
          return reply
            .code(429)
            .header("Retry-After", String(Math.ceil(slot.waitMs / 1000)))
            .send({ error: { code: "rate_limited", message: "Too many tries. Please wait, then try again." } });
      }
      let reservation: Reservation | undefined;
      if (sub === "/passkey/verify-authentication") {
        // The same slow-down as password sign-in, per address, reserved before the check.
        reservation = await reserveSignIn(staff, {});
        if (!reservation.ok) {
          await recordThrottled(staff, null, reservation.waitMs);
          return reply
            .code(429)
            .header("Retry-After", String(Math.ceil(reservation.waitMs / 1000)))
            .send({ error: { code: "rate_limited", message: "Too many tries. Please wait, then try again." } });
        }
      }
      if (sub === "/passkey/generate-register-options" || sub === "/passkey/verify-registration") {
        // Adding a factor asks for the password again: the page confirms it first.
        const me = await staff.current();
        if (!me || !(await hasRecentPassword(db, me.sessionId))) {
          return reply.code(403).send({ error: { code: "password_required", message: "Confirm your password first." } });
        }
      }
      const url = `${deps.config.publicUrl}${request.url}`;
      const headers = staff.headers();
      headers.set("content-type", "application/json");
      const origin = request.headers.origin;
      if (typeof origin === "string") headers.set("origin", origin);
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: request.method === "POST" ? JSON.stringify(request.body ?? {}) : undefined,
        }),
      );
      staff.takeCookies(response.headers);
      const text = await response.text();
      if (reservation?.ok && response.status === 200) await reservation.release();
      await auditPasskey(request, staff, sub, response.status, text);
      return reply
        .code(response.status)
        .type("application/json")
        .send(text || "{}");
    },
  });
}

async function auditPasskey(request: FastifyRequest, staff: StaffServices, sub: string, status: number, body: string) {
  const base = { ip: staff.ip, userAgent: staff.userAgent };
  if (sub === "/passkey/verify-authentication") {
    let user: { id?: string; email?: string } | undefined;
    try {
      user = (JSON.parse(body) as { user?: { id: string; email: string } }).user;
    } catch {}
    const ok = status === 200 && user?.id;
    await recordAudit(staff.db, {
      ...base,
      actorId: ok ? user!.id! : null,
      actorEmail: ok ? user!.email : null,
      action: ok ? "sign_in.succeeded" : "sign_in.failed",
      objectType: "session",
      after: { method: "passkey" },
    });
    if (!ok) {
      const wait = await signInWait(staff);
      request.log.warn({ ip: staff.ip, waitMs: wait }, "staff passkey sign-in failed");
    }
  }
  if (sub === "/passkey/verify-registration" && status === 200) {
    const me = await staff.current();
    await recordAudit(staff.db, {
      ...base,
      actorId: me?.user.id ?? null,
      actorEmail: me?.user.email,
      action: "factor.passkey_added",
      objectType: "staff_user",
      objectId: me?.user.id,
    });
  }
}
