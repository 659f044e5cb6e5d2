/**
 * Signed-in staff for tests, without the sign-in pages: an enrolled account of the given
 * role (password, verified TOTP app) and a real better-auth session in the database, with
 * the signed cookie a browser would hold.
 *
 *   const admin = await signInAs(testApp, "dispatcher");
 *   await testApp.app.inject({ url: "/staff", headers: { cookie: admin.cookie } });
 *   await context.addCookies(admin.browserCookies(testApp.url));   // Playwright
 *
 * `totpSecret` and `password` let a browser test sign in through the pages too.
 */
import crypto from "node:crypto";
import { createOTP } from "@better-auth/utils/otp";
import { makeSignature, symmetricEncrypt } from "better-auth/crypto";
import { staffAccount, staffTwoFactor, staffUser } from "../../db/schema";
import type { Role } from "../../modules/staff/permissions";
import type { TestApp } from "./app";

export interface TestStaff {
  id: string;
  email: string;
  name: string;
  role: Role;
  password: string;
  /** The TOTP secret as better-auth keeps it (raw; `totp()` gives the code of now). */
  totpSecret: string;
  /** A 6-digit code valid now. */
  totp(): Promise<string>;
  /** The code of the next 30-second step, also accepted now: a second sign-in in the same step (a code is good once). */
  nextTotp(): Promise<string>;
  /** The Cookie header value of a signed-in session (empty for createStaff without a session). */
  cookie: string;
  /** The same cookie for Playwright's context.addCookies. */
  browserCookies(baseUrl: string): { name: string; value: string; url: string; httpOnly: boolean; sameSite: "Lax" }[];
}

let counter = 0;

/** An enrolled account (password and TOTP), without a session. */
export async function createStaff(
  testApp: Pick<TestApp, "app">,
  role: Role,
  opts: { email?: string; password?: string; name?: string } = {},
): Promise<TestStaff> {
  const auth = testApp.app.staffAuth;
  const ctx = await auth.$context;
  const db = testApp.app.deps.database.db;
  const id = crypto.randomBytes(16).toString("base64url");
  const email = (opts.email ?? `${role}-${process.pid}-${++counter}@staff.test`).toLowerCase();
  const password = opts.password ?? `Correct horse ${crypto.randomBytes(6).toString("hex")}`;
  const name = opts.name ?? `Test ${role}`;
  const totpSecret = crypto.randomBytes(20).toString("hex").slice(0, 32);
  await db.insert(staffUser).values({ id, email, name, role, twoFactorEnabled: true });
  await db
    .insert(staffAccount)
    .values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password: await ctx.password.hash(password) });
  await db.insert(staffTwoFactor).values({
    id: `${id}-totp`,
    userId: id,
    secret: await symmetricEncrypt({ key: ctx.secretConfig, data: totpSecret }),
    backupCodes: await symmetricEncrypt({ key: ctx.secretConfig, data: JSON.stringify([]) }),
    verified: true,
  });
  const otp = createOTP(totpSecret, { digits: 6, period: 30 });
  return {
    id,
    email,
    name,
    role,
    password,
    totpSecret,
    totp: () => otp.totp(),
    nextTotp: () => otp.hotp(Math.floor(Date.now() / 30_000) + 1),
    cookie: "",
    browserCookies: () => [],
  };
}

/** An enrolled account of this role with a signed-in session. */
export async function signInAs(testApp: Pick<TestApp, "app">, role: Role, opts: { email?: string } = {}): Promise<TestStaff> {
  const staff = await createStaff(testApp, role, opts);
  return { ...staff, ...(await sessionCookieFor(testApp, staff.id)) };
}

/** A new session for an existing account, as its cookie. */
export async function sessionCookieFor(testApp: Pick<TestApp, "app">, userId: string) {
  const ctx = await testApp.app.staffAuth.$context;
  const session = await ctx.internalAdapter.createSession(userId);
  if (!session) throw new Error("no session could be created (account disabled?)");
  const name = ctx.authCookies.sessionToken.name;
  const value = encodeURIComponent(`${session.token}.${await makeSignature(session.token, ctx.secret)}`);
  return {
    cookie: `${name}=${value}`,
    browserCookies: (baseUrl: string) => [{ name, value, url: baseUrl, httpOnly: true, sameSite: "Lax" as const }],
  };
}
