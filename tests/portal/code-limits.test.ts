/**
 * Honest code limits (docs/decisions/0034-account-proof-and-code-limits.md): a code that is not
 * sent is never reported as sent; a refusal says at what time the next code can be asked, in the
 * same words and at the same time for a number or account that exists and one that does not;
 * six members registering from one address within an hour all get through, while a spray over
 * many accounts from one address stops at the address's limit, even 40 at once.
 */
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agamAccounts, attemptCounters } from "../../db/schema";
import { SENDS_PER_DESTINATION, SENDS_PER_IP } from "../../modules/portal/codes.server";
import { reserveAttempt } from "../../modules/shared/attempt-limits.server";
import { formatTime } from "../../modules/shared/dates";
import { normalizeMobile } from "../../modules/shared/phone";
import { demoAccountNumber } from "../../seed/accounts";
import { createTestApp, type TestApp } from "../support/app";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";
import { codeIn, rOf, Visitor, waitUntil } from "./helpers";

const HOUR = 3_600_000;

describe("portal code limits", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await createTestApp({
      withPages: true,
      env: { RATE_LIMIT: "off", TRUST_PROXY: "127.0.0.1", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });
  const db = () => t.db.handle.db;
  const phoneOf = async (account: string) =>
    normalizeMobile((await db().select().from(agamAccounts).where(eq(agamAccounts.accountNumber, account)))[0]!.phone!)!;

  /**
   * What the page must say: the end of the window of the counter that refused, rounded up to the
   * minute, as a Manila clock time ("12:42 AM"), after the date when that is another day.
   */
  async function nextAskAt(keyPart: string): Promise<RegExp> {
    const rows = await db()
      .select()
      .from(attemptCounters)
      .where(like(attemptCounters.key, `%${keyPart}`));
    const end = Math.max(...rows.map((r) => r.windowStartedAt.getTime() + HOUR));
    const time = formatTime(new Date(Math.ceil(end / 60_000) * 60_000));
    return new RegExp(`You can ask for a new code after ([A-Z][a-z]+ \\d{1,2}, \\d{4}, )?${time}\\.`);
  }

  /** Asks, and waits long enough to see whether a text went out. */
  async function ask(v: Visitor, url: string, fields: Record<string, string>) {
    const before = sms.messages.length;
    const answer = await v.post(url, fields);
    if (answer.statusCode === 302) await waitUntil(() => sms.messages.length > before, 2000).catch(() => {});
    else await new Promise((r) => setTimeout(r, 100));
    return { answer, texts: sms.messages.slice(before) };
  }

  it("never reports a code as sent when it is not: each ask for one number is texted or refused with the time to ask again", async () => {
    const account = demoAccountNumber(2, 4);
    const phone = await phoneOf(account);
    const v = new Visitor(t);
    // Registration: one code to the number on file. Then sign-in asks for that number.
    const first = await ask(v, "/mco/register", { accountNumber: account });
    expect(first.texts).toHaveLength(1);
    const done = await v.post("/mco/register/code", {
      r: rOf(first.answer.headers.location as string),
      code: codeIn(first.texts[0]!.message)!,
    });
    expect([302, 303]).toContain(done.statusCode);
    await v.post("/mco/sign-out", {});
    let refusals = 0;
    for (let i = 0; i < 5; i++) {
      const { answer, texts } = await ask(new Visitor(t), "/mco/login", { contact: phone });
      if (answer.statusCode === 302) {
        expect(
          texts.map((m) => m.number),
          `sign-in ask ${i + 1} was reported sent`,
        ).toEqual([phone]);
      } else {
        expect(answer.statusCode).toBe(429);
        expect(answer.body).toMatch(await nextAskAt(`contact:sms:${phone}`));
        expect(texts).toEqual([]);
        refusals++;
      }
    }
    expect(refusals).toBe(2);
  });

  it("says the same, at the same time, for a number or an account that exists and one that does not", async () => {
    const known = await phoneOf(demoAccountNumber(3, 2));
    const unknown = "639990001234";
    const answers = async (fields: (i: number) => Record<string, string>, url: string) => {
      const out: { status: number; body: string }[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await new Visitor(t).post(url, fields(i));
        out.push({
          status: r.statusCode,
          body:
            r.statusCode === 429 ? (/class="field__error"[^>]*>(.*?)<\/span><input/.exec(r.body)?.[1] ?? "no error beside the field") : "",
        });
      }
      return out;
    };
    const a = await answers(() => ({ contact: known }), "/mco/login");
    const b = await answers(() => ({ contact: unknown }), "/mco/login");
    expect(a.map((x) => x.status)).toEqual([302, 302, 302, 429]);
    expect(b.map((x) => x.status)).toEqual([302, 302, 302, 429]);
    // The refusal's words and time: the same sentence, each naming its own window's end.
    expect(a[3]!.body).toMatch(await nextAskAt(`contact:sms:${known}`));
    expect(b[3]!.body).toMatch(await nextAskAt(`contact:sms:${unknown}`));
    expect(a[3]!.body.replace(/after .*$/, "")).toBe(b[3]!.body.replace(/after .*$/, ""));
    const c = await answers(() => ({ accountNumber: demoAccountNumber(3, 5) }), "/mco/register");
    const d = await answers(() => ({ accountNumber: "09-9999-9998" }), "/mco/register");
    expect(c.map((x) => x.status)).toEqual([302, 302, 302, 429]);
    expect(d.map((x) => x.status)).toEqual([302, 302, 302, 429]);
    expect(c[3]!.body.replace(/after .*$/, "")).toBe(d[3]!.body.replace(/after .*$/, ""));
    expect(d[3]!.body).toMatch(await nextAskAt("account:09-9999-9998"));
  });

  it("a contact on file past its limit gets nothing, and the page says that can be so, the same as for an unknown account", async () => {
    const account = demoAccountNumber(4, 4);
    const phone = await phoneOf(account);
    for (let i = 0; i < SENDS_PER_DESTINATION.free; i++) await reserveAttempt(db(), SENDS_PER_DESTINATION, [`to:sms:${phone}`]);
    const pages: string[] = [];
    for (const accountNumber of [account, "09-9999-9997"]) {
      const v = new Visitor(t);
      const { answer, texts } = await ask(v, "/mco/register", { accountNumber });
      expect(answer.statusCode).toBe(302);
      expect(texts).toEqual([]);
      const page = await v.get(answer.headers.location as string);
      expect(page.body).toContain("unless that number or e-mail was already sent 5 codes in the past hour");
      pages.push(page.body.replace(/r=[^&"]+|r%3D[^%&"]+|value="[^"]+"|\d{2}-\d{4}-\d{4}/g, "_"));
    }
    expect(pages[0]).toBe(pages[1]);
  });

  it("six members registering from one address within an hour all get through (a code asked again, a later sign-in)", async () => {
    const office = "203.0.113.60";
    for (let k = 0; k < 6; k++) {
      const account = demoAccountNumber(8, k);
      const phone = await phoneOf(account);
      const v = new Visitor(t, office);
      const asked = await ask(v, "/mco/register", { accountNumber: account });
      expect(asked.answer.statusCode, `member ${k + 1} asked`).toBe(302);
      // The text was slow: asked again.
      const again = await ask(v, "/mco/register", { accountNumber: account });
      expect(again.answer.statusCode, `member ${k + 1} asked again`).toBe(302);
      const done = await v.post("/mco/register/code", {
        r: rOf(again.answer.headers.location as string),
        code: codeIn(again.texts.at(-1)!.message)!,
      });
      expect(done.headers.location, `member ${k + 1} registered`).toBe(`/mco/accounts/${account}`);
      await v.post("/mco/sign-out", {});
      const signIn = await ask(v, "/mco/login", { contact: phone });
      expect(signIn.answer.statusCode, `member ${k + 1} signs in`).toBe(302);
      const inside = await v.post("/mco/login/code", {
        r: rOf(signIn.answer.headers.location as string),
        code: codeIn(signIn.texts.at(-1)!.message)!,
      });
      expect([302, 303], `member ${k + 1} signed in`).toContain(inside.statusCode);
    }
  });

  it("a spray over 40 accounts from one address, all at once, stops at the address's limit and says when", async () => {
    const ip = "203.0.113.61";
    const before = sms.messages.length;
    const accounts = Array.from({ length: 40 }, (_, k) => (k % 2 ? demoAccountNumber(9, k) : `09-8888-${String(1000 + k)}`));
    const answers = await Promise.all(accounts.map((accountNumber) => new Visitor(t, ip).post("/mco/register", { accountNumber })));
    const sent = answers.filter((a) => a.statusCode === 302).length;
    const refused = answers.filter((a) => a.statusCode === 429);
    console.info(
      `[figure] 40 simultaneous registration asks over 40 accounts from one address → ${sent} accepted, ${refused.length} refused`,
    );
    expect(sent).toBe(SENDS_PER_IP.free);
    expect(refused).toHaveLength(40 - SENDS_PER_IP.free);
    const at = await nextAskAt(`ip:${ip}`);
    for (const r of refused) expect(r.body).toMatch(at);
    await new Promise((r) => setTimeout(r, 300));
    expect(sms.messages.length - before).toBeLessThanOrEqual(SENDS_PER_IP.free);
  });
});
