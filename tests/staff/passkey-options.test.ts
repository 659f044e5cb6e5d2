/**
 * Every call to the passkey options endpoint stores a challenge row: limited per address, so
 * 40 calls at once store at most the limit, and expired rows are purged daily.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffVerification } from "../../db/schema";
import { DEFAULT_RETENTION } from "../../modules/privacy/retention";
import { runPurge } from "../../server/personal-data-purge";
import { PASSKEY_OPTIONS_RULE } from "../../server/staff-console";
import { createTestApp, type TestApp } from "../support/app";

describe("passkey options per address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "127.0.0.1", RATE_LIMIT: "off" } });
  });
  afterAll(async () => t?.close());
  const rows = async () => (await t.db.handle.db.select({ n: sql<number>`count(*)::int` }).from(staffVerification))[0]!.n;

  it("stores at most the limit of challenges for 40 simultaneous calls, and purges expired ones", async () => {
    const before = await rows();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          url: "/staff/auth/passkey/generate-authenticate-options",
          headers: { "x-forwarded-for": "192.0.2.90" },
        }),
      ),
    );
    const stored = (await rows()) - before;
    console.info(`[figure] 40 concurrent passkey option calls from one address → ${stored} rows stored`);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PASSKEY_OPTIONS_RULE.free);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(40 - PASSKEY_OPTIONS_RULE.free);
    expect(stored).toBe(PASSKEY_OPTIONS_RULE.free);
    await t.db.handle.db.execute(sql`update staff_verification set expires_at = now() - interval '1 minute'`);
    const counts = await runPurge(t.db.handle.db, DEFAULT_RETENTION, { info: () => {} });
    expect(counts.staffChallengesDeleted).toBeGreaterThanOrEqual(PASSKEY_OPTIONS_RULE.free);
    expect(await rows()).toBe(0);
  });
});
