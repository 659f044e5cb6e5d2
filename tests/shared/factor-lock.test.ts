/**
 * The lifetime cap on second factors, tried as a patient guesser would: the hourly limits let
 * 50 wrong staff codes an hour through forever, so 100 wrong answers in a row (however slowly
 * they come) lock the factor until a person unlocks it, and the owner hears of it by e-mail.
 * The slow guessing is stood in for by the count it leaves (99 wrong in a row), then the
 * 100th arrives through the real forms and API, alone or in a burst of 30.
 * Real SMTP (smtp-server) and the SMS gateway stand-in on loopback.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { agamAccounts, auditLog, factorFailures } from "../../db/schema";
import { FACTOR_FAILURE_CAP } from "../../modules/shared/factor-lock.server";
import { DEMO_PIN } from "../../seed/index";
import { CookieJar } from "../support/cookie-jar";
import { createMessagingApp, type MessagingApp } from "../support/messaging-app";
import { createStaff, signInAs } from "../support/staff";
import { waitUntil } from "../support/wait";

let m: MessagingApp;
const ORIGIN = "http://localhost:80";
beforeAll(async () => {
  m = await createMessagingApp();
});
afterAll(async () => m?.close());

const db = () => m.t.app.deps.database.db;
let ipCounter = 10;
const newIp = () => `198.51.100.${ipCounter++}`;

function post(url: string, form: Record<string, string>, jar?: CookieJar | string, ip = newIp()) {
  const cookie = typeof jar === "string" ? jar : jar?.header;
  return m.t.app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      "x-forwarded-for": ip,
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

/** As if this many wrong answers in a row had come, slowly enough for every hourly limit. */
async function wrongInARow(key: string, n: number) {
  await db()
    .insert(factorFailures)
    .values({ key, consecutive: n })
    .onConflictDoUpdate({ target: factorFailures.key, set: { consecutive: n } });
}

const wrongCode = (right: string, i: number) => {
  const c = String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0");
  return c === right ? "000000" : c;
};

async function passwordStep(email: string, password: string, ip: string) {
  const jar = new CookieJar();
  const first = await post("/staff/sign-in", { email, password }, jar, ip);
  expect(first.statusCode, first.body).toBe(302);
  jar.take(first.headers);
  return jar;
}

describe("a staff account's second factor", () => {
  test("the 100th wrong code in a row locks it: the right code is then refused, the owner is e-mailed once, an administrator unlocks it", async () => {
    const staff = await createStaff(m.t, "dispatcher");
    await wrongInARow(`staff:${staff.id}`, FACTOR_FAILURE_CAP - 1);
    const ip = newIp();
    const jar = await passwordStep(staff.email, staff.password, ip);
    const right = await staff.totp();
    const hundredth = await post("/staff/sign-in/code", { code: wrongCode(right, 0) }, jar, ip);
    expect(hundredth.statusCode).toBe(400);
    expect(hundredth.body).toContain("An administrator must unlock it");
    const notice = await waitUntil(async () => m.smtp.messages.find((x) => x.to === staff.email));
    expect(notice.subject).toBe("Your staff console sign-in is locked");
    expect(notice.text).toContain("100 wrong codes in a row");

    // Locked: even the right code from a new address does not sign in.
    const ownIp = newIp();
    const again = await passwordStep(staff.email, staff.password, ownIp);
    const refused = await post("/staff/sign-in/code", { code: right }, again, ownIp);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("An administrator must unlock it");
    expect(refused.headers["set-cookie"] ?? "").not.toMatch(/staff\.session_token=[^;]/);

    // The administrator sees the lock on the account's page and unlocks it.
    const admin = await signInAs(m.t, "admin");
    const page = await m.t.app.inject({ url: `/staff/users/${staff.id}`, headers: { cookie: admin.cookie } });
    expect(page.body).toContain("Second factor locked");
    const unlocked = await post(`/staff/users/${staff.id}`, { intent: "unlock-factor" }, admin.cookie);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.body).toContain("The second factor is unlocked");
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'factor.unlocked' and ${auditLog.objectId} = ${staff.id}`);
    expect(entry?.actorId).toBe(admin.id);

    // Now the owner signs in with a fresh code (a code signs in once, so wait for the next step).
    const later = newIp();
    const jar3 = await passwordStep(staff.email, staff.password, later);
    const ok = await post("/staff/sign-in/code", { code: await staff.nextTotp() }, jar3, later);
    expect(ok.statusCode, ok.body).toBe(302);
    expect(
      await db()
        .select()
        .from(factorFailures)
        .where(eq(factorFailures.key, `staff:${staff.id}`)),
    ).toEqual([]);
    expect(m.smtp.messages.filter((x) => x.to === staff.email)).toHaveLength(1);
  });

  test("30 wrong codes at once at 99: one is checked and locks it, one e-mail", async () => {
    const staff = await createStaff(m.t, "rates");
    await wrongInARow(`staff:${staff.id}`, FACTOR_FAILURE_CAP - 1);
    const jars = await Promise.all(
      Array.from({ length: 6 }, () => newIp()).map(async (ip) => ({ ip, jar: await passwordStep(staff.email, staff.password, ip) })),
    );
    const right = await staff.totp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const s = jars[i % jars.length]!;
        return post("/staff/sign-in/code", { code: wrongCode(right, i) }, s.jar, s.ip);
      }),
    );
    expect(answers.every((a) => a.statusCode === 400 || a.statusCode === 429)).toBe(true);
    const [row] = await db()
      .select()
      .from(factorFailures)
      .where(eq(factorFailures.key, `staff:${staff.id}`));
    expect(row?.consecutive).toBe(FACTOR_FAILURE_CAP);
    expect(row?.suspendedAt).toBeInstanceOf(Date);
    await waitUntil(async () => m.smtp.messages.find((x) => x.to === staff.email));
    const suspended = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'factor.suspended' and ${auditLog.objectId} = ${staff.id}`);
    expect(suspended).toHaveLength(1);
    expect(m.smtp.messages.filter((x) => x.to === staff.email)).toHaveLength(1);
  });

  test("a right code starts the count again", async () => {
    const staff = await createStaff(m.t, "billing");
    await wrongInARow(`staff:${staff.id}`, FACTOR_FAILURE_CAP - 2);
    const ip = newIp();
    const jar = await passwordStep(staff.email, staff.password, ip);
    const ok = await post("/staff/sign-in/code", { code: await staff.totp() }, jar, ip);
    expect(ok.statusCode, ok.body).toBe(302);
    expect(
      await db()
        .select()
        .from(factorFailures)
        .where(eq(factorFailures.key, `staff:${staff.id}`)),
    ).toEqual([]);
  });
});

describe("an AGAM account's code and PIN", () => {
  const ACCOUNT = "06-1148-4977";
  const API = "/api/v1/agam/pool/verification";
  const verify = (pin: string, ip = newIp()) =>
    m.t.app.inject({ method: "POST", url: API, payload: { account: ACCOUNT, pin }, headers: { "x-forwarded-for": ip } });

  test("the 100th wrong PIN in a row locks it until member services unlock it; the member is told by e-mail", async () => {
    const email = "member.factor@example.com";
    await db().update(agamAccounts).set({ email }).where(eq(agamAccounts.accountNumber, ACCOUNT));
    await wrongInARow(`agam:${ACCOUNT}`, FACTOR_FAILURE_CAP - 1);
    const hundredth = await verify("000000");
    expect(hundredth.statusCode).toBe(422);
    expect(hundredth.json().error.message).toContain("locked until member services unlock it");
    const notice = await waitUntil(async () => m.smtp.messages.find((x) => x.to === email));
    expect(notice.subject).toBe("Your AGAM code and PIN are locked");
    // The right PIN no longer gives a proof.
    const right = await verify(DEMO_PIN);
    expect(right.statusCode).toBe(422);
    expect(right.body).not.toContain("proof");

    // Member services see it on AGAM administration and unlock it.
    const staff = await signInAs(m.t, "member-services");
    const page = await m.t.app.inject({ url: "/staff/members/agam", headers: { cookie: staff.cookie } });
    expect(page.body).toContain("Accounts locked after 100 wrong codes or PINs");
    expect(page.body).toContain(`name="account" value="${ACCOUNT}"`);
    const unlocked = await post("/staff/members/agam", { intent: "unlock-factor", account: ACCOUNT }, staff.cookie);
    expect(unlocked.statusCode).toBe(302);
    expect(decodeURIComponent(unlocked.headers.location ?? "")).toContain("code and PIN unlocked");
    const proof = await verify(DEMO_PIN);
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().data.proof).toMatch(/^[A-Za-z0-9_-]{27}$/);
  });
});
