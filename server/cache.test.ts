import { describe, expect, it } from "vitest";
import { createTestApp } from "../tests/support/app";
import { ResponseCache } from "./cache";

describe("ResponseCache", () => {
  it("computes a cold key once for many concurrent requests", async () => {
    const cache = new ResponseCache<string>(10_000);
    let computations = 0;
    const compute = async () => {
      computations++;
      await new Promise((r) => setTimeout(r, 20));
      return { value: "page" };
    };
    const results = await Promise.all(Array.from({ length: 200 }, () => cache.get("/x", compute)));
    expect(computations).toBe(1);
    expect(results.every((r) => "value" in r && r.value === "page")).toBe(true);
  });

  it("serves the last good copy when computing fails", async () => {
    const cache = new ResponseCache<string>(10);
    await cache.get("/x", async () => ({ value: "good" }), 0);
    const later = await cache.get("/x", async () => Promise.reject(new Error("database down")), 1000);
    expect(later).toMatchObject({ value: "good", stale: true });
    await expect(cache.get("/y", async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
  });

  it("serves the last good copy to every waiter when the one computation fails", async () => {
    const cache = new ResponseCache<string>(10);
    await cache.get("/x", async () => ({ value: "good" }), 0);
    const failing = async () => {
      await new Promise((r) => setTimeout(r, 10));
      throw new Error("database down");
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.get("/x", failing, 1000)));
    expect(results.every((r) => "value" in r && r.value === "good" && r.stale)).toBe(true);
  });

  it("recomputes after the time to live and after expireAll", async () => {
    const cache = new ResponseCache<number>(1000);
    let n = 0;
    const compute = async () => ({ value: ++n });
    expect(await cache.get("/x", compute, 0)).toMatchObject({ value: 1 });
    expect(await cache.get("/x", compute, 500)).toMatchObject({ value: 1, fromCache: true });
    expect(await cache.get("/x", compute, 1500)).toMatchObject({ value: 2 });
    cache.expireAll();
    expect(await cache.get("/x", compute)).toMatchObject({ value: 3 });
  });

  it("does not keep uncacheable answers and lets each waiter compute", async () => {
    const cache = new ResponseCache<string>(10_000);
    let n = 0;
    const compute = async () => ({ uncacheable: ++n });
    const [a, b] = await Promise.all([cache.get("/x", compute), cache.get("/x", compute)]);
    expect([a, b].map((r) => ("uncacheable" in r ? r.uncacheable : null)).sort()).toEqual([1, 2]);
    expect(cache.size).toBe(0);
  });

  it("never caches personal or live paths", async () => {
    // The route-policy table: pages listed in server/route-policy.ts, API routes declare theirs.
    const { app, close } = await createTestApp();
    const isCacheablePath = (path: string) => app.routePolicies.lookup("GET", path).cache;
    expect(isCacheablePath("/news/power-interruptions")).toBe(true);
    expect(isCacheablePath("/api/v1/power-interruption/incoming")).toBe(true);
    expect(isCacheablePath("/agam-registration")).toBe(false);
    expect(isCacheablePath("/api/v1/agam/pool/check-account-number/01-1000-4568")).toBe(false);
    expect(isCacheablePath("/service/new-service-connection/NSC-2026-000001")).toBe(false);
    await close();
  });
});

describe("ResponseCache byte cap", () => {
  it("never holds more than its cap: the oldest copies go first", async () => {
    const cache = new ResponseCache<string>(60_000, undefined, 10_000, 1000, (v) => v.length);
    for (let i = 0; i < 50; i++) await cache.get(`/?cb=${i}`, async () => ({ value: "x".repeat(100) }));
    expect(cache.stats.bytes).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(10);
    expect(cache.fresh("/?cb=49")).toBe("x".repeat(100));
    expect(cache.fresh("/?cb=0")).toBeUndefined();
    // An answer larger than the whole cap is not kept at all.
    await cache.get("/huge", async () => ({ value: "y".repeat(2000) }));
    expect(cache.fresh("/huge")).toBeUndefined();
  });
});

describe("ResponseCache stale while revalidating", () => {
  it("serves the old copy at once past its time and renews it in the background, but not after content changed", async () => {
    const cache = new ResponseCache<string>(10, undefined, 100, Number.POSITIVE_INFINITY, () => 0, 1000);
    await cache.get("/x", async () => ({ value: "v1" }), 0);
    let release!: () => void;
    const slow = () => new Promise<{ value: string }>((r) => (release = () => r({ value: "v2" })));
    const served = await cache.get("/x", slow, 50);
    expect(served).toMatchObject({ value: "v1", stale: true });
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.fresh("/x", 55)).toBe("v2");
    cache.expireAll();
    const after = await cache.get("/x", async () => ({ value: "v3" }), 60);
    expect(after).toMatchObject({ value: "v3", fromCache: false });
  });
});
