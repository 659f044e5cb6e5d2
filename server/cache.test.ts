import { describe, expect, it } from "vitest";
import { isCacheablePath, ResponseCache } from "./cache";

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

  it("never caches personal or live paths", () => {
    expect(isCacheablePath("/news/power-interruptions")).toBe(true);
    expect(isCacheablePath("/api/v1/power-interruption/incoming")).toBe(true);
    expect(isCacheablePath("/agam-registration")).toBe(false);
    expect(isCacheablePath("/api/v1/agam/pool/check-account-number/01-1000-4568")).toBe(false);
    expect(isCacheablePath("/service/new-service-connection/NSC-2026-000001")).toBe(false);
  });
});
