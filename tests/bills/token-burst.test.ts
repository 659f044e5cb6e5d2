/**
 * The billing API's token under a burst: 30 requests at once from one address with wrong
 * tokens and a file each get at most 10 token checks (and 10 audit rows); the others are
 * refused (429) before their file is read. The billing system's own token, from its
 * address, is not held up.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { issueBillingToken } from "../../modules/bills/tokens.server";
import { BILLING_TOKEN_RULE } from "../../server/api/v1/billing";
import { createTestApp, type TestApp } from "../support/app";

describe("billing tokens under a burst", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
  });
  afterAll(async () => t?.close());

  const post = (token: string, ip: string, body = "account_number\n") =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/billing/bills",
      headers: { "content-type": "text/csv", authorization: `Bearer ${token}`, "x-forwarded-for": ip },
      payload: body,
    });

  it("checks at most 10 of 30 wrong tokens sent at once, and refuses the rest before reading the file", async () => {
    const file = "x".repeat(2 * 1024 * 1024);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(`bill_guess${i}`, "203.0.113.70", file)));
    const status = (code: number) => answers.filter((a) => a.statusCode === code).length;
    const audited = await t.db.handle.db.select().from(auditLog).where(eq(auditLog.action, "billing_token.refused"));
    console.info(
      `[figure] 30 concurrent wrong billing tokens → ${status(401)} checked (401), ${status(429)} refused (429), ${audited.length} audited`,
    );
    expect(status(401)).toBe(BILLING_TOKEN_RULE.free);
    expect(status(429)).toBe(30 - BILLING_TOKEN_RULE.free);
    expect(audited).toHaveLength(BILLING_TOKEN_RULE.free);
    expect(answers.find((a) => a.statusCode === 429)!.json().error.code).toBe("rate_limited");

    const { token } = await issueBillingToken(t.db.handle.db, { name: "Billing nightly", actorId: "u1" });
    const own = await post(token, "203.0.113.71");
    expect(own.statusCode).not.toBe(401);
    expect(own.statusCode).not.toBe(429);
  });
});
