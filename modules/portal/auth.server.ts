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
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: portalUser,
        session: portalSession,
        account: portalAccount,
        verification: portalVerification,
        passkey: portalPasskey,
      },
    }),
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
