/**
 * The reservation itself, on the test database (PGlite, or PostgreSQL with DATABASE_URL):
 * 30 simultaneous tries get exactly the rule's number through, waits double, a released
 * try does not count, several keys are reserved all or none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AttemptRule,
  attemptWait,
  clearAttempts,
  purgeAttemptCounters,
  reserveAttempt,
  waitAfter,
} from "../../modules/shared/attempt-limits.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

const RULE: AttemptRule = { name: "test", free: 5, windowMs: 15 * 60_000, firstWaitMs: 30_000, maxWaitMs: 15 * 60_000 };

describe("attempt reservation", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.cleanup());
  const db = () => t.handle.db;

  it("lets exactly 5 of 30 simultaneous tries through", async () => {
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 30 }, () => reserveAttempt(db(), RULE, ["k:burst"], now)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const refused = results.filter((r) => !r.ok) as { waitMs: number }[];
    expect(refused).toHaveLength(25);
    expect(Math.min(...refused.map((r) => r.waitMs))).toBeGreaterThanOrEqual(29_000);
  });

  it("after the wait one more try, then a doubled wait; the window's end starts afresh", async () => {
    const t0 = new Date("2026-01-01T00:00:00Z");
    for (let i = 0; i < 5; i++) expect((await reserveAttempt(db(), RULE, ["k:wait"], t0)).ok).toBe(true);
    expect((await reserveAttempt(db(), RULE, ["k:wait"], new Date(t0.getTime() + 29_000))).ok).toBe(false);
    const t1 = new Date(t0.getTime() + 30_000);
    const burst = await Promise.all(Array.from({ length: 10 }, () => reserveAttempt(db(), RULE, ["k:wait"], t1)));
    expect(burst.filter((r) => r.ok)).toHaveLength(1);
    expect(await attemptWait(db(), RULE, ["k:wait"], t1)).toBe(60_000);
    expect((await reserveAttempt(db(), RULE, ["k:wait"], new Date(t0.getTime() + 16 * 60_000))).ok).toBe(true);
    expect(await attemptWait(db(), RULE, ["k:wait"], new Date(t0.getTime() + 16 * 60_000))).toBe(0);
  });

  it("a released try is not counted", async () => {
    for (let i = 0; i < 20; i++) {
      const r = await reserveAttempt(db(), RULE, ["k:right"]);
      expect(r.ok).toBe(true);
      if (r.ok) await r.release();
    }
  });

  it("reserves several keys all or none", async () => {
    for (let i = 0; i < 5; i++) await reserveAttempt(db(), RULE, ["ip:a", `email:${i}`]);
    // The address is spent: a fresh e-mail from it is refused, and the e-mail is not counted.
    expect((await reserveAttempt(db(), RULE, ["ip:a", "email:fresh"])).ok).toBe(false);
    for (let i = 0; i < 5; i++) expect((await reserveAttempt(db(), RULE, [`ip:b${i}`, "email:fresh"])).ok).toBe(true);
    await clearAttempts(db(), RULE, ["ip:a"]);
    expect((await reserveAttempt(db(), RULE, ["ip:a"])).ok).toBe(true);
  });

  it("waits by the rule, and old counters are purged", async () => {
    const t0 = new Date("2026-01-01T00:00:00Z");
    expect(waitAfter(RULE, 4, t0, t0, t0)).toBe(0);
    expect(waitAfter(RULE, 5, t0, t0, t0)).toBe(30_000);
    expect(waitAfter(RULE, 9, t0, t0, t0)).toBe(480_000);
    expect(waitAfter(RULE, 20, t0, t0, t0)).toBe(900_000);
    expect(await purgeAttemptCounters(db(), new Date(Date.now() + 2 * 86_400_000))).toBeGreaterThan(0);
  });
});
