/**
 * Staff sign-in through the console's forms (inject): enrolment link, password rules, TOTP,
 * cookies, the brute-force throttle, idle and absolute session limits, disabling, the audit log.
 */

import { eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, staffSession, staffUser } from "../../db/schema";
import { COMMAND_LINE, inviteStaff } from "../../modules/staff/users.server";
import { createTestApp, type TestApp } from "../support/app";
import { CookieJar } from "../support/cookie-jar";
import { createStaff, signInAs } from "../support/staff";

let t: TestApp;
const ORIGIN = "http://localhost:80";
beforeAll(async () => {
  // The tests speak from several client addresses, through X-Forwarded-For from the loopback "proxy".
  t = await createTestApp({ withPages: true, env: { TRUST_PROXY: "127.0.0.1" } });
});
afterAll(async () => t?.close());

const db = () => t.app.deps.database.db;
let ipCounter = 10;
/** Each scenario from its own address, so the per-address throttle of one does not touch another. */
const newIp = () => `198.51.100.${ipCounter++}`;

function post(url: string, form: Record<string, string>, jar?: CookieJar, ip?: string) {
  return t.app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      ...(jar ? { cookie: jar.header } : {}),
      ...(ip ? { "x-forwarded-for": ip } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}
const get = (url: string, jar?: CookieJar, ip?: string) =>
  t.app.inject({ url, headers: { ...(jar ? { cookie: jar.header } : {}), ...(ip ? { "x-forwarded-for": ip } : {}) } });

/** A code from an otpauth URI's secret, computed here, independently of the server. */
function totpFromKey(base32: string, laterMs = 0): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(base32.replace(/\s+/g, "")),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate({ timestamp: Date.now() + laterMs });
}

async function signInWithCode(email: string, password: string, code: () => Promise<string> | string, ip = newIp()) {
  const jar = new CookieJar();
  const first = await post("/staff/sign-in", { email, password, next: "/staff" }, jar, ip);
  jar.take(first.headers);
  expect(first.statusCode, first.body.slice(0, 300)).toBe(302);
  expect(first.headers.location).toMatch(/^\/staff\/sign-in\/code/);
  const second = await post("/staff/sign-in/code", { code: await code(), next: "/staff" }, jar, ip);
  const cookies = jar.take(second.headers);
  return { jar, second, cookies };
}

describe("enrolment", () => {
  test("someone who stops after choosing the password is told to open the link again, and it works until a factor is set", async () => {
    const { url } = await inviteStaff(
      db(),
      { email: "jose.rizal@example.com", name: "Jose Rizal", role: "dispatcher" },
      COMMAND_LINE,
      ORIGIN,
    );
    const path = new URL(url).pathname;
    const password = "mangoes from the hills of Dasol";
    const set = await post(path, { password, confirm: password }, new CookieJar(), newIp());
    expect(set.headers.location).toBe("/staff/enrol/factor");
    // They close the browser. Later, the sign-in page says what to do ...
    const signIn = await post("/staff/sign-in", { email: "jose.rizal@example.com", password, next: "/staff" }, new CookieJar(), newIp());
    expect(signIn.statusCode).toBe(400);
    expect(signIn.body).toContain("open your enrolment link again to finish setting up your account");
    // ... and the link does it.
    const again = await get(path);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain("Set up your account");
    const jar = new CookieJar();
    const reset = await post(path, { password, confirm: password }, jar, newIp());
    expect(reset.statusCode).toBe(302);
    expect(reset.headers.location).toBe("/staff/enrol/factor");
    jar.take(reset.headers);
    const factor = await get("/staff/enrol/factor", jar);
    const key = /Key: <span class="console-code console-key">([A-Z2-7 ]+)<\/span>/.exec(factor.body)?.[1];
    const ok = await post("/staff/enrol/factor", { intent: "verify-totp", code: totpFromKey(key!) }, jar);
    expect(ok.body).toContain("Your backup codes");
    // With a second factor the link has done its work.
    expect((await get(path)).body).toContain("This link does not work");
    expect((await post(path, { password, confirm: password }, new CookieJar(), newIp())).body).toContain("no longer works");
  });

  test("a link sets a password (common ones refused) and a TOTP app; it works until then", async () => {
    const { url } = await inviteStaff(
      db(),
      { email: "Maria.Santos@example.com", name: "Maria Santos", role: "dispatcher" },
      COMMAND_LINE,
      ORIGIN,
    );
    const path = new URL(url).pathname;
    const ip = newIp();
    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toMatch(/noindex/);
    expect(page.body).toContain("maria.santos@example.com");

    const jar = new CookieJar();
    const common = await post(path, { password: "password123", confirm: "password123" }, jar, ip);
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain("list of common passwords");
    const short = await post(path, { password: "abc", confirm: "abc" }, jar, ip);
    expect(short.body).toContain("at least 8");

    const password = "banca at the pier of Bolinao";
    const set = await post(path, { password, confirm: password }, jar, ip);
    expect(set.statusCode).toBe(302);
    expect(set.headers.location).toBe("/staff/enrol/factor");
    jar.take(set.headers);

    // Not enrolled yet: the console itself sends back to the factor page.
    const home = await get("/staff", jar, ip);
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe("/staff/enrol/factor");

    const factor = await get("/staff/enrol/factor", jar, ip);
    expect(factor.statusCode).toBe(200);
    const key = /Key: <span class="console-code console-key">([A-Z2-7 ]+)<\/span>/.exec(factor.body)?.[1];
    expect(key).toBeTruthy();
    const wrong = await post("/staff/enrol/factor", { intent: "verify-totp", code: "000000" }, jar, ip);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(key!); // the QR code and key are still there
    const enrolCode = totpFromKey(key!);
    const ok = await post("/staff/enrol/factor", { intent: "verify-totp", code: enrolCode }, jar, ip);
    jar.take(ok.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain("Your backup codes");
    // Codes without 0/O, 1/l/i, and a download of them that needs no JavaScript.
    const codes = [...ok.body.matchAll(/<li>([^<]+)<\/li>/g)].map((m) => m[1]!).filter((c) => /^\S{5}-\S{5}$/.test(c));
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    const file = /href="data:text\/plain;charset=utf-8,([^"]+)" download="backup-codes.txt"/.exec(ok.body)?.[1];
    expect(decodeURIComponent(file!.replace(/&amp;/g, "&"))).toContain(codes.join("\n"));
    expect(await get("/staff", jar, ip).then((r) => r.statusCode)).toBe(200);

    // A second factor is set: the link no longer works.
    expect((await get(path)).body).toContain("This link does not work");

    // The code that turned the factor on is used: it does not sign in again (it did before).
    const replay = await signInWithCode("maria.santos@example.com", password, () => enrolCode);
    expect(replay.second.statusCode).toBe(400);
    expect(replay.second.body).toContain("That code is not right");
    // A normal sign-in: password, then the next code, computed here (within the server's window).
    const again = await signInWithCode("maria.santos@example.com", password, () => totpFromKey(key!, 30_000));
    expect(again.second.statusCode).toBe(302);
    expect(again.second.headers.location).toBe("/staff");

    // A backup code typed from paper in capitals and without its dash signs in once.
    const typed = codes[0]!.toUpperCase().replace("-", " ");
    const byBackup = await signInWithCode("maria.santos@example.com", password, () => typed);
    expect(byBackup.second.statusCode).toBe(302);
  });

  test("npm run staff:add's function refuses an e-mail that exists", async () => {
    await inviteStaff(db(), { email: "dup@example.com", name: "Dup", role: "rates" }, COMMAND_LINE, ORIGIN);
    await expect(inviteStaff(db(), { email: "DUP@example.com", name: "Dup", role: "rates" }, COMMAND_LINE, ORIGIN)).rejects.toThrow(
      /was already invited and has not set up the account yet/,
    );
  });
});

describe("sign-in", () => {
  test("password and TOTP give an httpOnly, SameSite=Lax session cookie, a new token each time", async () => {
    const staff = await createStaff(t, "communications");
    const a = await signInWithCode(staff.email, staff.password, staff.totp);
    expect(a.second.statusCode).toBe(302);
    const cookie = a.cookies.find((c) => c.startsWith("staff.session_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http here; see the HTTPS test below
    // A code is good once: the second sign-in uses the next step's code.
    const b = await signInWithCode(staff.email, staff.password, staff.nextTotp);
    const other = b.cookies.find((c) => c.startsWith("staff.session_token="))!;
    expect(other.split(";")[0]).not.toBe(cookie.split(";")[0]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.actorId, staff.id));
    expect(audit.filter((e) => e.action === "sign_in.succeeded")).toHaveLength(2);
  });

  test("a wrong password and an unknown e-mail get the same answer", async () => {
    const staff = await createStaff(t, "rates");
    const ip = newIp();
    const wrong = await post("/staff/sign-in", { email: staff.email, password: "not the password" }, undefined, ip);
    const unknown = await post("/staff/sign-in", { email: "nobody-here@example.com", password: "not the password" }, undefined, ip);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    const message = (body: string) => /<a href="#password">([^<]+)<\/a>/.exec(body)?.[1];
    expect(message(wrong.body)).toBe("The e-mail address or password is not right.");
    expect(message(unknown.body)).toBe(message(wrong.body));
    expect(unknown.body).toContain('value="nobody-here@example.com"'); // what was typed is kept
  });

  test("a wrong code is refused; a backup-code-shaped guess too", async () => {
    const staff = await createStaff(t, "dispatcher");
    const ip = newIp();
    const jar = new CookieJar();
    jar.take((await post("/staff/sign-in", { email: staff.email, password: staff.password }, jar, ip)).headers);
    const bad = await post("/staff/sign-in/code", { code: "123456" === (await staff.totp()) ? "654321" : "123456" }, jar, ip);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("That code is not right");
    const backup = await post("/staff/sign-in/code", { code: "abcde-fghij" }, jar, ip);
    expect(backup.statusCode).toBe(400);
  });

  test("after 5 failures an account is slowed down from that address, even with the right password, and it is logged", async () => {
    const staff = await createStaff(t, "member-services");
    const stranger = newIp();
    for (let i = 0; i < 5; i++) {
      const r = await post("/staff/sign-in", { email: staff.email, password: `wrong ${i}` }, undefined, stranger);
      expect(r.statusCode).toBe(400);
    }
    const blocked = await post("/staff/sign-in", { email: staff.email, password: staff.password }, undefined, stranger);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toMatch(/Too many tries\. Wait \d+ seconds?/);
    // The owner's own address is not locked by the stranger's tries.
    const owner = await post("/staff/sign-in", { email: staff.email, password: staff.password }, undefined, newIp());
    expect(owner.statusCode).toBe(302);
    // The same answer for an e-mail without an account: nothing is revealed.
    const ghostIp = newIp();
    for (let i = 0; i < 5; i++) await post("/staff/sign-in", { email: "ghost@example.com", password: `wrong ${i}` }, undefined, ghostIp);
    const ghost = await post("/staff/sign-in", { email: "ghost@example.com", password: "whatever" }, undefined, ghostIp);
    expect(ghost.statusCode).toBe(429);
    const logged = await db().select().from(auditLog).where(eq(auditLog.action, "sign_in.throttled"));
    expect(logged.map((e) => e.actorEmail)).toEqual(expect.arrayContaining([staff.email, "ghost@example.com"]));
  });

  test("after 5 failures an address is slowed down for every e-mail", async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) await post("/staff/sign-in", { email: `guess${i}@example.com`, password: "guess" }, undefined, ip);
    const staff = await createStaff(t, "rates");
    const blocked = await post("/staff/sign-in", { email: staff.email, password: staff.password }, undefined, ip);
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await post("/staff/sign-in", { email: staff.email, password: staff.password }, undefined, newIp());
    expect(elsewhere.statusCode).toBe(302);
  });

  test("a password alone never signs in an account without a second factor", async () => {
    const { url } = await inviteStaff(db(), { email: "half@example.com", name: "Half", role: "rates" }, COMMAND_LINE, ORIGIN);
    const ip = newIp();
    const jar = new CookieJar();
    const password = "a tricycle in the rain";
    jar.take((await post(new URL(url).pathname, { password, confirm: password }, jar, ip)).headers);
    const r = await post("/staff/sign-in", { email: "half@example.com", password }, undefined, newIp());
    expect(r.statusCode).toBe(400);
    expect(r.headers["set-cookie"] ?? "").not.toMatch(/session_token=[^;]/);
  });
});

describe("sessions", () => {
  test("ended after 30 idle minutes", async () => {
    const staff = await signInAs(t, "dispatcher");
    expect((await get("/staff", cookieJar(staff.cookie))).statusCode).toBe(200);
    await db()
      .update(staffSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSession.userId, staff.id));
    const r = await get("/staff", cookieJar(staff.cookie));
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe("/staff/sign-in");
  });

  test("ended 12 hours after sign-in, even when in use", async () => {
    const staff = await signInAs(t, "dispatcher");
    await db()
      .update(staffSession)
      .set({ createdAt: new Date(Date.now() - 12 * 3600_000 - 60_000) })
      .where(eq(staffSession.userId, staff.id));
    const r = await get("/staff", cookieJar(staff.cookie));
    expect(r.statusCode).toBe(302);
    expect(await db().select().from(staffSession).where(eq(staffSession.userId, staff.id))).toHaveLength(0);
  });

  test("use slides the idle limit: an answer renews the cookie", async () => {
    const staff = await signInAs(t, "dispatcher");
    await db()
      .update(staffSession)
      .set({ expiresAt: new Date(Date.now() + 10 * 60_000) })
      .where(eq(staffSession.userId, staff.id));
    const r = await get("/staff", cookieJar(staff.cookie));
    expect(r.statusCode).toBe(200);
    const [row] = await db().select().from(staffSession).where(eq(staffSession.userId, staff.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(String(r.headers["set-cookie"])).toMatch(/staff\.session_token=.*Max-Age=1800/);
  });

  test("an administrator ends someone's sessions, and disabling ends them at once", async () => {
    const admin = await signInAs(t, "admin");
    const victim = await signInAs(t, "communications");
    expect((await get("/staff", cookieJar(victim.cookie))).statusCode).toBe(200);
    const list = await get("/staff/users", cookieJar(admin.cookie));
    expect(list.body).toMatch(new RegExp(`${victim.email}</td><td[^>]*>Communications</td><td[^>]*>Active<br/>1<!-- --> session`));
    const end = await post(`/staff/users/${victim.id}`, { intent: "end-sessions" }, cookieJar(admin.cookie));
    expect(end.statusCode).toBe(200);
    expect(end.body).toContain("1 session ended");
    expect((await get("/staff", cookieJar(victim.cookie))).statusCode).toBe(302);

    const again = await signInAs(t, "communications");
    await post(`/staff/users/${again.id}`, { intent: "disable" }, cookieJar(admin.cookie));
    expect((await get("/staff", cookieJar(again.cookie))).statusCode).toBe(302);
    // And no new session for a disabled account, whatever the way in.
    const retry = await post("/staff/sign-in", { email: again.email, password: again.password }, undefined, newIp());
    expect(retry.statusCode).toBe(400);
    const [row] = await db().select().from(staffUser).where(eq(staffUser.id, again.id));
    expect(row!.disabledAt).not.toBeNull();
  });

  test("behind HTTPS the cookie is Secure", async () => {
    const secure = await createTestApp({ withPages: true, env: { PUBLIC_URL: "https://www.wespeco.example", TRUST_PROXY: "127.0.0.1" } });
    try {
      const staff = await createStaff(secure, "rates");
      const r = await secure.app.inject({
        method: "POST",
        url: "/staff/sign-in",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://www.wespeco.example",
          host: "www.wespeco.example",
          "x-forwarded-proto": "https",
        },
        payload: new URLSearchParams({ email: staff.email, password: staff.password }).toString(),
      });
      expect(r.statusCode).toBe(302);
      const cookies = ([] as string[]).concat(r.headers["set-cookie"] ?? []);
      expect(cookies.length).toBeGreaterThan(0);
      for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
    } finally {
      await secure.close();
    }
  });
});

describe("audit log", () => {
  test("append-only in the database: no update, delete or truncate", async () => {
    await expect(db().execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_log`)).rejects.toThrow();
  });

  test("an administrator filters it and exports JSON lines; the export is logged", async () => {
    const admin = await signInAs(t, "admin");
    const page = await get("/staff/audit?action=sign_in.", cookieJar(admin.cookie));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("sign_in.failed");
    expect(page.body).not.toContain("user.invited");
    const r = await get("/staff/audit.jsonl?action=user.invited", cookieJar(admin.cookie));
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toMatch(/application\/x-ndjson/);
    expect(r.headers["cache-control"]).toBe("no-store");
    const lines = r.body
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.action === "user.invited")).toBe(true);
    expect(lines[0]).toMatchObject({ objectType: "staff_user", after: expect.objectContaining({ role: expect.any(String) }) });
    const exported = await db().select().from(auditLog).where(eq(auditLog.action, "audit.exported"));
    expect(exported.at(-1)?.actorId).toBe(admin.id);
  });
});

describe("passkey endpoints", () => {
  test("registering a passkey needs a recent password confirmation; other better-auth endpoints are not exposed", async () => {
    const staff = await signInAs(t, "rates");
    const options = await t.app.inject({ url: "/staff/auth/passkey/generate-register-options", headers: { cookie: staff.cookie } });
    expect(options.statusCode).toBe(403);
    const signUp = await t.app.inject({
      method: "POST",
      url: "/staff/auth/sign-up/email",
      headers: { "content-type": "application/json", origin: ORIGIN },
      payload: { email: "x@example.com", password: "long enough pass", name: "x" },
    });
    expect([302, 404]).toContain(signUp.statusCode);
    expect(await db().select().from(staffUser).where(eq(staffUser.email, "x@example.com"))).toHaveLength(0);
    const confirm = await post("/staff/account", { intent: "confirm-password", password: staff.password }, cookieJar(staff.cookie));
    expect(confirm.statusCode).toBe(200);
    const again = await t.app.inject({ url: "/staff/auth/passkey/generate-register-options", headers: { cookie: staff.cookie } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ rp: { id: "localhost" }, user: { name: staff.email } });
  });
});

function cookieJar(cookie: string): CookieJar {
  const jar = new CookieJar();
  jar.take({ "set-cookie": [cookie] });
  return jar;
}

describe("passkey sign-in", () => {
  test("failed passkey answers count towards the address's slow-down", async () => {
    const ip = "203.0.113.77";
    const attempt = () =>
      t.app.inject({
        method: "POST",
        url: "/staff/auth/passkey/verify-authentication",
        headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": ip },
        payload: {
          response: {
            id: "bm8tc3VjaC1rZXk",
            rawId: "bm8tc3VjaC1rZXk",
            type: "public-key",
            response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
            clientExtensionResults: {},
          },
        },
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBeGreaterThanOrEqual(400);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: "rate_limited" } });
  });
});
