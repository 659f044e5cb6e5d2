/**
 * The member portal's sessions with better-auth, as a realm apart from the staff console:
 * its own tables (portal_*), its own secret, its own cookie (`__Host-mco.session`: Secure,
 * HttpOnly, SameSite=Lax, path /, no domain) and base path. The portal's forms prove the
 * member with our own codes (codes.server.ts) and then let better-auth make the session on
 * the server (its e-mail OTP plugin, with a code made and used in the same call), so a
 * sign-in is always a new session token. 30 days, sliding (renewed once a day of use).
 * Its only HTTP surface is the passkey ceremonies (server/portal-passkeys.ts): passkeys in
 * portal_passkey, the site's origin as relying party, the challenge in `__Host-mco.passkey`.
 */
import crypto from "node:crypto";
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP } from "better-auth/plugins/email-otp";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { portalAccount, portalPasskey, portalSecret, portalSession, portalUser, portalVerification } from "../../db/schema";
import { hashSessionTokens } from "../shared/session-token-hash.server";

export const SESSION_DAYS = 30;
export const SESSION_COOKIE = "__Host-mco.session";
export const PORTAL_AUTH_PATH = "/mco/auth";
/** The passkey ceremony's challenge cookie (signed; lives 5 minutes), in the portal's own name. */
export const PASSKEY_COOKIE = "__Host-mco.passkey";
/** Where the client address reaches better-auth (set by our own code only). */
export const PORTAL_IP_HEADER = "x-portal-client-ip";

export function createPortalAuth(db: Db, secret: string, publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  return betterAuth({
    appName: "WESPECO member portal",
    baseURL: origin,
    basePath: PORTAL_AUTH_PATH,
    secret,
    telemetry: { enabled: false },
    // Only a hash of each session token is stored (modules/shared/session-token-hash.server.ts).
    database: hashSessionTokens(
      drizzleAdapter(db, {
        provider: "pg",
        schema: {
          user: portalUser,
          session: portalSession,
          account: portalAccount,
          verification: portalVerification,
          passkey: portalPasskey,
        },
      }),
    ),
    user: { additionalFields: { lockedAt: { type: "date", required: false, input: false } } },
    session: { expiresIn: SESSION_DAYS * 86_400, updateAge: 86_400, freshAge: 0 },
    rateLimit: { enabled: false },
    trustedOrigins: [origin],
    advanced: {
      // The name carries the __Host- prefix itself; better-auth's own prefix would make it __Secure-.
      useSecureCookies: false,
      cookies: {
        session_token: { name: SESSION_COOKIE, attributes: { secure: true, httpOnly: true, sameSite: "lax", path: "/" } },
        "better-auth-passkey": { name: PASSKEY_COOKIE, attributes: { secure: true, httpOnly: true, sameSite: "lax", path: "/" } },
      },
      ipAddress: { ipAddressHeaders: [PORTAL_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          // A locked member gets no session, whichever way in.
          async before(session) {
            const [user] = await db.select({ lockedAt: portalUser.lockedAt }).from(portalUser).where(eq(portalUser.id, session.userId));
            if (!user || user.lockedAt) return false;
          },
        },
      },
    },
    plugins: [
      emailOTP({ disableSignUp: true, expiresIn: 60, allowedAttempts: 1, async sendVerificationOTP() {} }),
      passkey({
        rpID: new URL(origin).hostname,
        rpName: "WESPECO member portal",
        origin,
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      }),
    ],
  });
}

export type PortalAuth = ReturnType<typeof createPortalAuth>;

const instances = new WeakMap<Db, Promise<PortalAuth>>();

/** One better-auth instance per database handle, with the secret kept in the database. */
export function portalAuth(db: Db, publicUrl: string): Promise<PortalAuth> {
  let auth = instances.get(db);
  if (!auth) {
    auth = (async () => {
      await db
        .insert(portalSecret)
        .values({ id: 1, value: crypto.randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await db.select({ value: portalSecret.value }).from(portalSecret).where(eq(portalSecret.id, 1));
      return createPortalAuth(db, process.env.PORTAL_AUTH_SECRET || row!.value, publicUrl);
    })();
    auth.catch(() => instances.delete(db));
    instances.set(db, auth);
  }
  return auth;
}

/**
 * What the portal's own session check (app/routes/mco/session.server.ts currentMember) needs of
 * better-auth's rule, read from better-auth's context so that the two cannot drift apart: the
 * secret that signs the cookie, the cookies' names, the session's life and when it is renewed.
 */
export interface SessionRule {
  secret: string;
  cookie: string;
  /** Cookies only better-auth's own check handles ("don't remember me", a cached session). */
  otherCookies: string[];
  expiresInMs: number;
  updateAgeMs: number;
}

const rules = new WeakMap<PortalAuth, Promise<SessionRule>>();

export function sessionRule(auth: PortalAuth): Promise<SessionRule> {
  let rule = rules.get(auth);
  if (!rule) {
    rule = auth.$context.then((c) => ({
      secret: c.secret,
      cookie: c.authCookies.sessionToken.name,
      otherCookies: [c.authCookies.dontRememberToken.name, c.authCookies.sessionData.name],
      expiresInMs: c.sessionConfig.expiresIn * 1000,
      updateAgeMs: c.sessionConfig.updateAge * 1000,
    }));
    rules.set(auth, rule);
  }
  return rule;
}

/**
 * The session token in a Cookie header when its signature is good, else null. The cookie is
 * better-auth's (better-call's signed cookie: `token.base64(HMAC-SHA256(secret, token))`,
 * URL-encoded; the first of a name counts), checked here with node:crypto in one synchronous
 * step: better-auth's own check goes through WebCrypto's asynchronous jobs and its endpoint
 * machinery, about 1 ms of CPU a request.
 */
export function signedSessionToken(cookieHeader: string, rule: Pick<SessionRule, "secret" | "cookie">): string | null {
  let value: string | undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === rule.cookie) {
      value = part.slice(eq + 1).trim();
      break;
    }
  }
  if (!value) return null;
  if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  try {
    value = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(crypto.createHmac("sha256", rule.secret).update(token).digest("base64"));
  return signature.length === expected.length && crypto.timingSafeEqual(signature, expected) ? token : null;
}

/** The made-up e-mail better-auth keeps for a member (it needs one; nothing is sent to it). */
export const internalEmail = (userId: string) => `${userId.toLowerCase()}@members.invalid`;

/**
 * Makes a new session for a member whose proof our code has just checked, and answers its
 * Set-Cookie headers. Any session the request came with is ended first (the id rotates).
 */
export async function startSession(auth: PortalAuth, userId: string, requestHeaders: Headers): Promise<Headers | null> {
  const email = internalEmail(userId);
  const otp = await auth.api.createVerificationOTP({ body: { email, type: "sign-in" } });
  try {
    const result = await auth.api.signInEmailOTP({ body: { email, otp }, headers: requestHeaders, returnHeaders: true });
    return result.headers;
  } catch {
    return null;
  }
}
