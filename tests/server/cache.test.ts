import { afterAll, describe, expect, it } from "vitest";
import { loadServerBuild } from "../../server/start";
import { createTestApp, type TestApp } from "../support/app";

/** The server cache for public API answers (pages: tests/e2e/cache.spec.ts). */
describe("the server cache", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it("keeps public answers, drops them when content changes, never keeps personal data", async () => {
    const t = await createTestApp({ env: { CACHE_TTL_MS: "60000" } });
    apps.push(t);
    const first = await t.app.inject("/api/v1/power-interruption/incoming");
    const second = await t.app.inject("/api/v1/power-interruption/incoming");
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(second.headers["cache-control"]).toMatch(/s-maxage=60, stale-while-revalidate=\d+, stale-if-error=\d+/);

    await t.bus.publish("content-changed", "interruptions");
    expect((await t.app.inject("/api/v1/power-interruption/incoming")).headers["x-cache"]).toBe("MISS");

    const personal = await t.app.inject("/api/v1/agam/pool/check-account-number/01-1000-4568");
    expect(personal.statusCode).toBe(200);
    expect(personal.headers["x-cache"]).toBeUndefined();
    expect(personal.headers["cache-control"]).toBe("no-store");
  });

  it("keeps React Router's route discovery answers apart by the paths asked", async () => {
    const t = await createTestApp({ withPages: true, env: { CACHE_TTL_MS: "60000" } });
    apps.push(t);
    const version = (await loadServerBuild()).assets.version;
    const manifest = async (path: string) => {
      const res = await t.app.inject(`/__manifest?${new URLSearchParams({ paths: path, version })}`);
      expect(res.statusCode).toBe(200);
      return Object.keys(res.json().patches ?? res.json());
    };
    // A page of the console is discovered first; the next path asked must get its own answer,
    // not the one kept for the first (which sent a browser to the wrong route).
    expect(await manifest("/staff/sign-in")).toContain("routes/staff/sign-in");
    const factor = await manifest("/staff/enrol/factor");
    expect(factor).toContain("routes/staff/enrol-factor");
    expect(await manifest("/staff/enrol/factor")).toEqual(factor);
  });

  it("serves the last good copy when the database fails", async () => {
    const t = await createTestApp({ env: { CACHE_TTL_MS: "1" } });
    apps.push(t);
    const good = await t.app.inject("/api/v1/careers");
    expect(good.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    await t.db.handle.close();
    const stale = await t.app.inject("/api/v1/careers");
    expect(stale.statusCode).toBe(200);
    expect(stale.headers["x-cache"]).toBe("STALE");
    expect(stale.body).toBe(good.body);
    // Nothing kept for this one: an honest 503 with Retry-After, in the error shape.
    const cold = await t.app.inject("/api/v1/announcements/bid");
    expect(cold.statusCode).toBe(503);
    expect(cold.headers["retry-after"]).toBeDefined();
    expect(cold.json().error.code).toBe("unavailable");
  });

  // Across processes: two servers sharing Redis, as behind a load balancer.
  it.runIf(process.env.REDIS_URL)("drops the copies of another process through Redis", async () => {
    const a = await createTestApp({ env: { CACHE_TTL_MS: "60000" }, redis: true });
    const b = await createTestApp({ env: { CACHE_TTL_MS: "60000" }, redis: true });
    apps.push(a, b);
    await a.app.inject("/api/v1/careers");
    expect((await a.app.inject("/api/v1/careers")).headers["x-cache"]).toBe("HIT");
    await b.bus.publish("content-changed", "careers");
    let state: unknown;
    for (let i = 0; i < 50 && state !== "MISS"; i++) {
      await new Promise((r) => setTimeout(r, 20));
      state = (await a.app.inject("/api/v1/careers")).headers["x-cache"];
    }
    expect(state).toBe("MISS");
  });
});

describe("requests waiting on one render", () => {
  it("each get the whole answer when the render is not kept (a 404) or fails (database down)", { timeout: 120_000 }, async () => {
    const t = await createTestApp({ withPages: true, env: { CACHE_TTL_MS: "60000" } });
    try {
      // One render serves every request for the same path that arrives while it runs: each must
      // get its own copy of the body, not the one stream the first reader drains.
      const missing = await Promise.all(Array.from({ length: 10 }, () => t.app.inject("/no-such-page-here")));
      for (const res of missing) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain("</html>");
      }
      await t.db.handle.close();
      const down = await Promise.all(Array.from({ length: 3 }, () => t.app.inject("/news/advisories")));
      for (const res of down) {
        expect(res.statusCode).toBe(503);
        expect(res.headers["retry-after"]).toBeDefined();
        expect(res.body).toContain("</html>");
      }
    } finally {
      await t.close();
    }
  });
});
