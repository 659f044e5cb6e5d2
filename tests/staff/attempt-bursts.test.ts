/**
 * Staff sign-in under a burst, through the console's forms (inject): simultaneous wrong
 * passwords and codes get no more checks than the limit allows, a TOTP code signs in once,
 * and the password asked again inside a session is throttled and audited like sign-in.
 * Counts come from the audit log: every checked try leaves `sign_in.failed` or
 * `sign_in.succeeded`, every refused one `sign_in.throttled`.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog } from "../../db/schema";
import { ACCOUNT_CEILING_RULE } from "../../modules/staff/throttle.server";
import { createTestApp, type TestApp } from "../support/app";
import { CookieJar } from "../support/cookie-jar";
import { createStaff, sessionCookieFor } from "../support/staff";

let t: TestApp;
const ORIGIN = "http://localhost:80";
beforeAll(async () => {
  t = await createTestApp({ withPages: true, env: { TRUST_PROXY: "127.0.0.1" } });
});
afterAll(async () => t?.close());

const db = () => t.app.deps.database.db;
let ipCounter = 10;
const newIp = () => `203.0.113.${ipCounter++}`;

function post(url: string, form: Record<string, string>, jar?: CookieJar | string, ip?: string) {
  const cookie = typeof jar === "string" ? jar : jar?.header;
  return t.app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(ip ? { "x-forwarded-for": ip } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

async function auditCount(action: string, where: { ip?: string; actorEmail?: string; actorId?: string; step?: string }) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        where.ip ? eq(auditLog.ip, where.ip) : undefined,
        where.actorEmail ? eq(auditLog.actorEmail, where.actorEmail) : undefined,
        where.actorId ? eq(auditLog.actorId, where.actorId) : undefined,
        where.step ? sql`${auditLog.after}->>'step' = ${where.step}` : undefined,
      ),
    );
  return row!.n;
}

/** A wrong 6-digit code for now (differs from the right one). */
const wrongCode = (right: string, i: number) => {
  const c = String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0");
  return c === right ? "000000" : c;
};

describe("simultaneous sign-in tries", () => {
  test("30 wrong passwords at once: 5 are checked, 25 refused", async () => {
    const staff = await createStaff(t, "rates");
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post("/staff/sign-in", { email: staff.email, password: `wrong ${i}` }, undefined, ip)),
    );
    const checked = await auditCount("sign_in.failed", { ip, actorEmail: staff.email });
    const refused = await auditCount("sign_in.throttled", { ip, actorEmail: staff.email });
    console.info(`[figure] 30 concurrent wrong passwords → ${checked} checked, ${refused} refused`);
    expect(checked).toBe(5);
    expect(refused).toBe(25);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(25);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    // From that address the account waits, even with the right password.
    const there = await post("/staff/sign-in", { email: staff.email, password: staff.password }, undefined, ip);
    expect(there.statusCode).toBe(429);
    // The owner, from their own address, with the right password and code, is not locked out
    // by the stranger's tries (the lock is per account and address).
    const own = newIp();
    const jar = new CookieJar();
    const first = await post("/staff/sign-in", { email: staff.email, password: staff.password }, jar, own);
    expect(first.statusCode).toBe(302);
    jar.take(first.headers);
    const second = await post("/staff/sign-in/code", { code: await staff.totp() }, jar, own);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe("/staff");
    console.info(`[figure] after a stranger's 30 wrong passwords, the owner from their own address → ${second.statusCode} (signed in)`);
  });

  test("wrong passwords for one account spread over 60 addresses at once: the account's ceiling (50) holds", async () => {
    const staff = await createStaff(t, "rates");
    const ips = Array.from({ length: 60 }, (_, i) => `198.18.${10 + Math.floor(i / 250)}.${(i % 250) + 1}`);
    const answers = await Promise.all(
      ips.map((ip, i) => post("/staff/sign-in", { email: staff.email, password: `wrong ${i}` }, undefined, ip)),
    );
    const checked = await auditCount("sign_in.failed", { actorEmail: staff.email });
    console.info(`[figure] 60 concurrent wrong passwords from 60 addresses → ${checked} checked (ceiling ${ACCOUNT_CEILING_RULE.free})`);
    expect(checked).toBe(ACCOUNT_CEILING_RULE.free);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(60 - ACCOUNT_CEILING_RULE.free);
  });

  test("a stranger who knows the password cannot lock the owner's code step: 30 wrong codes from elsewhere", async () => {
    const staff = await createStaff(t, "dispatcher");
    const ip = newIp();
    const jar = new CookieJar();
    const first = await post("/staff/sign-in", { email: staff.email, password: staff.password }, jar, ip);
    jar.take(first.headers);
    const right = await staff.totp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post("/staff/sign-in/code", { code: wrongCode(right, i) }, jar, ip)),
    );
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    const own = newIp();
    const ownJar = new CookieJar();
    const ownFirst = await post("/staff/sign-in", { email: staff.email, password: staff.password }, ownJar, own);
    ownJar.take(ownFirst.headers);
    const ownSecond = await post("/staff/sign-in/code", { code: right }, ownJar, own);
    expect(ownSecond.statusCode).toBe(302);
  });

  test("19 wrong codes and the right one at once: at most 5 are checked", async () => {
    const staff = await createStaff(t, "dispatcher");
    const ip = newIp();
    const jar = new CookieJar();
    const first = await post("/staff/sign-in", { email: staff.email, password: staff.password }, jar, ip);
    expect(first.statusCode).toBe(302);
    jar.take(first.headers);
    const right = await staff.totp();
    const codes = [...Array.from({ length: 19 }, (_, i) => wrongCode(right, i)), right];
    const answers = await Promise.all(codes.map((code) => post("/staff/sign-in/code", { code }, jar, ip)));
    const failed = await auditCount("sign_in.failed", { ip, step: "code" });
    const succeeded = await auditCount("sign_in.succeeded", { ip });
    console.info(`[figure] 19 wrong codes + the right one at once → ${failed + succeeded} checked, ${succeeded} signed in`);
    expect(failed + succeeded).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(15);
  });

  test("a TOTP code signs in once, even sent twice at the same moment", async () => {
    const staff = await createStaff(t, "communications");
    const code = await staff.totp();
    const start = async () => {
      const ip = newIp();
      const jar = new CookieJar();
      const first = await post("/staff/sign-in", { email: staff.email, password: staff.password }, jar, ip);
      jar.take(first.headers);
      return { jar, ip };
    };
    const [a, b] = [await start(), await start()];
    const both = await Promise.all([a, b].map((s) => post("/staff/sign-in/code", { code }, s.jar, s.ip)));
    const signedIn = both.filter((r) => r.statusCode === 302);
    console.info(`[figure] one TOTP code sent twice at once → ${signedIn.length} sign-in(s)`);
    expect(signedIn).toHaveLength(1);
    // And again later in its window: refused.
    const c = await start();
    const again = await post("/staff/sign-in/code", { code }, c.jar, c.ip);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("That code is not right");
    expect(await auditCount("sign_in.succeeded", { actorId: staff.id })).toBe(1);
  });
});

describe("the password asked again inside a session", () => {
  test("30 wrong passwords at once on the account page: 5 checked, the rest refused, all audited", async () => {
    const staff = await createStaff(t, "rates");
    const { cookie } = await sessionCookieFor(t, staff.id);
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post("/staff/account", { intent: "confirm-password", password: `wrong ${i}` }, cookie, ip)),
    );
    const failed = await auditCount("reauth.failed", { actorId: staff.id });
    const refused = await auditCount("reauth.throttled", { actorId: staff.id });
    const status = (code: number) => answers.filter((a) => a.statusCode === code).length;
    console.info(
      `[figure] 30 concurrent wrong re-auth passwords → ${status(400)} checked (400), ${status(429)} refused (429), ${failed} audited`,
    );
    expect(failed).toBe(5);
    expect(refused).toBe(25);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(25);
    // The right password is refused while the wait lasts.
    const right = await post("/staff/account", { intent: "confirm-password", password: staff.password }, cookie, ip);
    expect(right.statusCode).toBe(429);
    expect(right.body).toMatch(/Too many tries\. Wait \d+ seconds?/);
  });
});
