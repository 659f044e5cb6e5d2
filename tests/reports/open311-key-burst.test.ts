/**
 * Open311 api_key guesses under a burst: 30 wrong keys from one address at once get at most
 * 10 key checks (403), the rest 429 unchecked; a right key from another address still files.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueOpen311Key } from "../../modules/interruptions/restoration-hub.server";
import { OPEN311_KEY_RULE } from "../../server/open311";
import { createTestApp, type TestApp } from "../support/app";

describe("Open311 keys under a burst", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "off", TRUST_PROXY: "127.0.0.1" } });
  });
  afterAll(async () => t?.close());

  const file = (apiKey: string, ip: string) =>
    t.app.inject({
      method: "POST",
      url: "/open311/v2/requests.json",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
      payload: new URLSearchParams({ api_key: apiKey, service_code: "no-power", address_string: "Near the plaza" }).toString(),
    });

  it("checks at most the limit of 30 wrong keys sent at once", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => file(`guess-${i}`, "203.0.113.50")));
    const checked = answers.filter((a) => a.statusCode === 403).length;
    const refused = answers.filter((a) => a.statusCode === 429).length;
    console.info(`[figure] 30 concurrent wrong Open311 keys → ${checked} checked, ${refused} refused`);
    expect(checked).toBe(OPEN311_KEY_RULE.free);
    expect(refused).toBe(30 - OPEN311_KEY_RULE.free);
    expect(answers.find((a) => a.statusCode === 429)!.json()[0].code).toBe(429);
    const { key } = await issueOpen311Key(t.db.handle.db, { name: "Town DRRMO", actorId: "u1" });
    // A client with its key, from another address, is not held up; from the guessing address it waits too.
    expect((await file(key, "203.0.113.51")).statusCode).not.toBe(429);
    expect((await file(key, "203.0.113.50")).statusCode).toBe(429);
  });
});
