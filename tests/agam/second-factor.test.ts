/**
 * The AGAM second factor and private links, tried as a stranger would: the account number alone unlocks no
 * member. One-time codes go through the real SMS adapter to a loopback gateway stand-in.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PIN } from "../../seed/index";
import { createTestApp, type TestApp } from "../support/app";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";

const account = (district: number, k: number) =>
  `0${district}-${String(1000 + k * 37).padStart(4, "0")}-${String(4567 + k * 101 + district).padStart(4, "0")}`;
const API = "/api/v1/agam/pool";

describe("the AGAM second factor", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  let topics: { AT_ID: number; AT_SEQUENCE_NUMBER: number }[];
  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url: API + url, payload });
  const decisions = () =>
    topics.map((x) => ({ topic_sequence_id: x.AT_SEQUENCE_NUMBER, answer_topic_id: x.AT_ID, answer_value: 1, answer_topic_reason: "" }));
  const lastCode = () => /\b(\d{6})\b/.exec(sms.messages.at(-1)!.message)![1]!;

  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey } });
    topics = (await t.app.inject(`${API}/get-all-topics`)).json();
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  it("shows strangers only the masked name: no membership number, no address, not readable by other sites", async () => {
    const res = await t.app.inject({ url: `${API}/check-account-number/01-1000-4568`, headers: { origin: "https://evil.example" } });
    expect(res.json()).toEqual({ result: [{ CNAME: "R***O, J*** B.", MEMNO: "", CADDRESS: "" }], registered: 0 });
    expect(res.body).not.toMatch(/RABAGO|M-1010000|Bolinao/);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    // Public answers stay open to other origins.
    expect(
      (await t.app.inject({ url: "/api/v1/news", headers: { origin: "https://partner.example" } })).headers["access-control-allow-origin"],
    ).toBe("*");
    const page = await t.app.inject({
      method: "POST",
      url: "/agam-registration",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "intent=lookup&account=01-1000-4568",
    });
    expect(page.body).toContain("R***O, J*** B.");
    expect(page.body).not.toMatch(/RABAGO|M-1010000/);
    expect(page.body).toContain("0917 ••• ");
  });

  it("refuses to register without the second factor, or with another account's proof", async () => {
    const acct = account(6, 2);
    const none = await post("/register", { account: acct, decisions: decisions() });
    expect(none.statusCode).toBe(403);
    const guessed = await post("/register", { account: acct, decisions: decisions(), proof: "A".repeat(27) });
    expect(guessed.statusCode).toBe(403);
    const other = (await post("/verification", { account: account(6, 4), pin: DEMO_PIN })).json().data.proof;
    expect((await post("/register", { account: acct, decisions: decisions(), proof: other })).statusCode).toBe(403);
    expect((await t.app.inject(`${API}/check-account-number/${acct}`)).json().registered).toBe(0);
  });

  it("sends a 6-digit code by SMS to the number on file, masked on screen, once a minute", async () => {
    const acct = account(2, 6);
    const res = await post("/verification/send-code", { account: acct });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({ sent_to: expect.stringMatching(/^0917 ••• \d{4}$/), expires_in: 600, resend_after: 60 });
    expect(sms.messages.at(-1)!.number).toMatch(/^639\d{9}$/);
    expect(sms.messages.at(-1)!.message).toMatch(/\b\d{6}\b/);
    const again = await post("/verification/send-code", { account: acct });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("refuses a wrong code, then locks the account after 5 wrong tries (the right code too)", async () => {
    const acct = account(3, 4);
    await post("/verification/send-code", { account: acct });
    const code = lastCode();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 1; i <= 4; i++) {
      const res = await post("/verification", { account: acct, code: wrong });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toContain(`${5 - i} tr`);
    }
    expect((await post("/verification", { account: acct, code: wrong })).statusCode).toBe(429);
    const right = await post("/verification", { account: acct, code });
    expect(right.statusCode).toBe(429);
    expect(right.body).not.toContain("proof");
  });

  it("refuses an expired code", async () => {
    const acct = account(4, 6);
    await post("/verification/send-code", { account: acct });
    const code = lastCode();
    // Ten minutes later.
    await t.db.handle.db.execute(
      sql`update agam_verifications set code_expires_at = now() - interval '1 second' where account_number = ${acct}`,
    );
    const res = await post("/verification", { account: acct, code });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/expired/);
  });

  it("registers with the right code, and only then shows the confirmation", async () => {
    const acct = account(8, 6);
    await post("/verification/send-code", { account: acct });
    const proof = (await post("/verification", { account: acct, code: lastCode() })).json().data.proof as string;
    expect(proof).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect((await post("/register", { account: acct, decisions: decisions(), proof })).statusCode).toBe(201);
    expect((await t.app.inject(`${API}/get-registration-confirmation/web/${acct}`)).json()).toEqual([]);
    expect((await t.app.inject(`${API}/get-registration-confirmation/web/${acct}?proof=${"x".repeat(27)}`)).json()).toEqual([]);
    expect((await t.app.inject(`${API}/get-registration-confirmation/web/${acct}?proof=${proof}`)).json()).toHaveLength(1);
  });

  it("checks the registration PIN, and sends members with neither to their area office", async () => {
    expect((await post("/verification", { account: account(5, 8), pin: "000000" })).statusCode).toBe(422);
    expect((await post("/verification", { account: account(5, 8), pin: DEMO_PIN })).statusCode).toBe(200);
    // k = 7: no mobile number and no PIN on file.
    const neither = account(5, 7);
    expect((await post("/verification/send-code", { account: neither })).statusCode).toBe(422);
    expect((await post("/verification", { account: neither, pin: DEMO_PIN })).statusCode).toBe(422);
    const page = await t.app.inject({
      method: "POST",
      url: "/agam-registration",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `intent=lookup&account=${neither}`,
    });
    expect(page.body).toContain("register at your area office");
  });

  describe("unguessable links (item 4)", () => {
    it("shows nothing personal at the spec's confirmation address until the second factor", async () => {
      const registered = account(1, 1); // seeded as registered, reference AGAM-2026-000001
      const res = await t.app.inject(`/agam-registration-confirmation/web/${registered}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/AGAM-2026-000001|M-1\d{6}|<svg[^>]*qr/i);
      expect(res.body).toContain("prove it is you");
      // With the member's PIN (k = 1 has none: use the code) the slip appears.
      const form = "intent=send-code";
      await t.app.inject({
        method: "POST",
        url: `/agam-registration-confirmation/web/${registered}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: form,
      });
      const slip = await t.app.inject({
        method: "POST",
        url: `/agam-registration-confirmation/web/${registered}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `intent=check-code&code=${lastCode()}`,
      });
      expect(slip.body).toContain("AGAM-2026-000001");
    });

    it("answers 404 to a guessed confirmation link, and opens the one the member was given", async () => {
      for (let i = 0; i < 20; i++) {
        const guess = Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString("base64url");
        expect((await t.app.inject(`/agam-registration/confirmation/${guess}`)).statusCode).toBe(404);
      }
      const acct = account(9, 4);
      const step = (payload: string) =>
        t.app.inject({
          method: "POST",
          url: "/agam-registration",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload,
        });
      const verified = await step(`intent=check-pin&account=${acct}&pin=${DEMO_PIN}`);
      const proof = /name="proof" value="([^"]+)"/.exec(verified.body)![1]!;
      const answers = topics.map((x) => `a${x.AT_SEQUENCE_NUMBER}=1`).join("&");
      const done = await step(`intent=proceed&account=${acct}&proof=${proof}&${answers}`);
      expect(done.statusCode).toBe(302);
      const link = done.headers.location as string;
      expect(link).toMatch(/^\/agam-registration\/confirmation\/[A-Za-z0-9_-]{27}$/);
      const page = await t.app.inject(link);
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/AGAM-\d{4}-[0-9A-Z]{6}/);
    });

    it("answers 404 to a new-connection summary without its token, however the reference is guessed", async () => {
      const form = new URLSearchParams({
        lastName: "Santos",
        firstName: "Ana",
        middleName: "Reyes",
        address: "Poblacion, Bani",
        dateOfBirth: "1990-01-02",
        age: String(new Date().getFullYear() - 1990 - (new Date().getMonth() === 0 && new Date().getDate() < 2 ? 1 : 0)),
        gender: "Female",
        civilStatus: "Single",
        contactNumbers: "0917 123 4567",
        educationalAttainment: "Tertiary",
        occupation: "Teacher",
        dependents: "0",
      });
      const created = await t.app.inject({
        method: "POST",
        url: "/service/new-service-connection",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: form.toString(),
      });
      expect(created.statusCode, created.body.slice(0, 500)).toBe(302);
      const link = created.headers.location as string;
      expect(link).toMatch(/^\/service\/new-service-connection\/[A-Za-z0-9_-]{27}$/);
      const page = await t.app.inject(link);
      expect(page.statusCode).toBe(200);
      const reference = /NSC-\d{4}-[0-9A-Z]{6}/.exec(page.body)![0];
      expect((await t.app.inject(`/service/new-service-connection/${reference}`)).statusCode).toBe(404);
      expect((await t.app.inject(`/service/new-service-connection/${reference.toLowerCase()}`)).statusCode).toBe(404);
    });
  });
});
