/**
 * The per-address form limits under a burst: 30 posts at once from one address to the
 * report form (10 in 10 minutes), the bill inquiry (10) and the survey API (5) get no more
 * through than the limit, counted in memory, or in Redis when REDIS_URL is set (PG phase).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/protection";
import { createTestApp, type TestApp } from "../support/app";

describe("form limits under 30 simultaneous posts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, redis: true, env: { TRUST_PROXY: "127.0.0.1" } });
  });
  afterAll(async () => t?.close());

  const burst = async (url: string, ip: string, payload: string, type = "application/x-www-form-urlencoded") => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: "POST",
          url,
          headers: { "content-type": type, origin: "http://localhost:80", "x-forwarded-for": ip },
          payload,
        }),
      ),
    );
    return { through: answers.filter((a) => a.statusCode !== 429).length, refused: answers.filter((a) => a.statusCode === 429).length };
  };

  it("the report form, the bill inquiry and the survey API each let the limit through, no more", async () => {
    // Distinct addresses per run: the Redis store outlives the test app.
    const run = `${Date.now() % 200}`;
    const report = await burst(
      "/report?kind=no-power&barangay=1",
      `198.51.${run}.1`,
      "intent=report&kind=no-power&barangayId=1&landmark=x",
    );
    const inquiry = await burst("/service/bill-inquiry", `198.51.${run}.2`, "accountNumber=01-0000-0001&altcha=x");
    const survey = await burst("/api/v1/customer-satisfaction-survey", `198.51.${run}.3`, "{}", "application/json");
    console.info(
      `[figure] 30 simultaneous posts from one address (${t.config.REDIS_URL ? "Redis" : "memory"}) → report ${report.through} through, bill inquiry ${inquiry.through}, survey API ${survey.through}`,
    );
    expect(report.through).toBe(RATE_LIMITS["page-report"].max);
    expect(inquiry.through).toBe(RATE_LIMITS["page-lookup"].max);
    expect(survey.through).toBe(RATE_LIMITS.survey.max);
  });
});
