/**
 * Staff accounts with better-auth: e-mail and password, then a second factor that is always
 * required (TOTP with backup codes, or a passkey, which alone is enough). Sessions live in the
 * database so an administrator can end them; sign-up is closed (accounts come from enrolment
 * links). See docs/decisions for why better-auth and how its pieces are used.
 */

import crypto from "node:crypto";
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffAccount, staffPasskey, staffSecret, staffSession, staffTwoFactor, staffUser, staffVerification } from "../../db/schema";
import { hashSessionTokens, sessionTokenHash } from "../shared/session-token-hash.server";
import { generateBackupCodes } from "./backup-codes.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password.server";

/** Sign-in session rules: idle 30 minutes, absolute 12 hours, so a console left open on a shared office computer closes itself. */
export const SESSION_IDLE_SECONDS = 30 * 60;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** The header our own code puts the client address in (from Fastify's request.ip); never trusted from outside. */
export const CLIENT_IP_HEADER = "x-staff-client-ip";
export const AUTH_BASE_PATH = "/staff/auth";
export const TOTP_ISSUER = "WESPECO staff";

export interface StaffAuthOptions {
  db: Db;
  secret: string;
  /** The site's origin: the passkey relying party (its host name) and the cookie's Secure flag. */
  publicUrl: string;
}

export function createStaffAuth({ db, secret, publicUrl }: StaffAuthOptions) {
  const origin = new URL(publicUrl).origin;
  return betterAuth({
    appName: TOTP_ISSUER,
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret,
    telemetry: { enabled: false },
    // Only a hash of each session token is stored (modules/shared/session-token-hash.server.ts).
    database: hashSessionTokens(
      drizzleAdapter(db, {
        provider: "pg",
        schema: {
          user: staffUser,
          session: staffSession,
          account: staffAccount,
          verification: staffVerification,
          twoFactor: staffTwoFactor,
          passkey: staffPasskey,
        },
      }),
    ),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
    },
    user: {
      additionalFields: {
        role: { type: "string", required: true, input: false },
        disabledAt: { type: "date", required: false, input: false },
      },
    },
    session: {
      // Sliding expiry: each use after a minute moves the end 30 minutes on; the 12-hour
      // absolute limit is checked on every request (modules/staff/services.server.ts).
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 60,
      // Changing a factor asks for the password again (our own check), not for a fresh sign-in.
      freshAge: 0,
    },
    // Our own throttle counts failures per account and per address in the audit log
    // (modules/staff/throttle.server.ts); better-auth's only sees its HTTP handler.
    rateLimit: { enabled: false },
    trustedOrigins: [origin],
    advanced: {
      cookiePrefix: "staff",
      useSecureCookies: origin.startsWith("https:"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled account gets no session, whatever the way in (password, TOTP, passkey).
          async before(session) {
            const [user] = await db.select({ disabledAt: staffUser.disabledAt }).from(staffUser).where(eq(staffUser.id, session.userId));
            if (!user || user.disabledAt) return false;
          },
        },
      },
    },
    plugins: [
      twoFactor({ issuer: TOTP_ISSUER, backupCodeOptions: { customBackupCodesGenerate: () => generateBackupCodes(10) } }),
      passkey({
        rpID: new URL(origin).hostname,
        rpName: TOTP_ISSUER,
        origin,
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      }),
    ],
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

/**
 * AUTH_SECRET when set; otherwise one made at first start and kept in the database, so every
 * process (and every restart) signs cookies and decrypts TOTP secrets with the same key.
 */
export async function resolveAuthSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(staffSecret)
    .values({ id: 1, value: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: staffSecret.value }).from(staffSecret).where(eq(staffSecret.id, 1));
  return row!.value;
}

/** Ends every session of a user at once (disabling, role change, "end sessions"). */
export async function endSessionsOf(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(staffSession).where(eq(staffSession.userId, userId)).returning({ id: staffSession.id });
  return rows.length;
}

/** Whether the user has finished enrolment: a verified TOTP app or at least one passkey. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [totp] = await db
    .select({ id: staffTwoFactor.id })
    .from(staffTwoFactor)
    .where(and(eq(staffTwoFactor.userId, userId), eq(staffTwoFactor.verified, true)))
    .limit(1);
  if (totp) return true;
  const [key] = await db.select({ id: staffPasskey.id }).from(staffPasskey).where(eq(staffPasskey.userId, userId)).limit(1);
  return Boolean(key);
}

export async function endSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(staffSession).where(eq(staffSession.token, sessionTokenHash(token)));
}
