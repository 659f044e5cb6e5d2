/**
 * The AGAM second factor under a burst, through the API: simultaneous wrong PINs get no
 * more checks than the limit, simultaneous "send a code" asks send one text, and one number
 * gets at most 3 unused codes a day (the SMS goes through the real adapter to the loopback
 * gateway stand-in).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCode, TEXTS_PER_DAY } from "../../modules/agam/second-factor.server";
import { DEMO_PIN } from "../../seed/index";
import { createTestApp, type TestApp } from "../support/app";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";

const account = (district: number, k: number) =>
  `0${district}-${String(1000 + k * 37).padStart(4, "0")}-${String(4567 + k * 101 + district).padStart(4, "0")}`;
const API = "/api/v1/agam/pool";

describe("AGAM tries and texts under a burst", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url: API + url, payload });

  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await createTestApp({ env: { RATE_LIMIT: "off", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey } });
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  it("30 wrong PINs at once: 5 are checked, then even the right PIN waits", async () => {
    const acct = account(2, 4); // an even k has the demo PIN
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post("/verification", { account: acct, pin: `9${String(i).padStart(5, "0")}` })),
    );
    const messages = answers.map((a) => a.json().error?.message as string);
    // A checked wrong try says how many are left (4, 3, 2, 1); the fifth locks; the rest are refused unchecked.
    const told = messages.filter((m) => /tr(y|ies) left/.test(m));
    console.info(
      `[figure] 30 concurrent wrong AGAM PINs → ${told.length} answered "wrong, N tries left", ${answers.filter((a) => a.statusCode === 429).length} refused`,
    );
    expect(told.sort()).toEqual([
      "That is not the right code or PIN. 1 try left.",
      "That is not the right code or PIN. 2 tries left.",
      "That is not the right code or PIN. 3 tries left.",
      "That is not the right code or PIN. 4 tries left.",
    ]);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(26);
    const right = await post("/verification", { account: acct, pin: DEMO_PIN });
    expect(right.statusCode).toBe(429);
    expect(right.body).not.toContain("proof");
  });

  it("30 asks for a code at once send one text", async () => {
    const acct = account(3, 5);
    const before = sms.messages.length;
    const answers = await Promise.all(Array.from({ length: 30 }, () => post("/verification/send-code", { account: acct })));
    const sent = sms.messages.length - before;
    console.info(`[figure] 30 concurrent "send a code" for one account → ${sent} text(s)`);
    expect(sent).toBe(1);
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(29);
  });

  it("one number gets at most 3 unused codes a day, a minute apart", async () => {
    const acct = account(4, 9);
    // The adapter's place taken by a recorder: this test moves the clock, the gateway cannot.
    const texts: string[] = [];
    const send = async (to: string) => {
      texts.push(to);
      return { ok: true };
    };
    const t0 = Date.now();
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await sendCode(t.db.handle.db, acct, { send, now: () => new Date(t0 + i * 61_000) }));
    const sent = results.filter((r) => r.ok).length;
    console.info(`[figure] 6 asks a minute apart for one number → ${sent} texts`);
    expect(sent).toBe(TEXTS_PER_DAY);
    expect(texts).toHaveLength(TEXTS_PER_DAY);
    expect(results.at(-1)).toMatchObject({ ok: false, reason: "wait" });
  });
});
