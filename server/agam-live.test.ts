import { afterEach, describe, expect, it } from "vitest";
import { AGAM_REGISTERED_CHANNEL, AgamLive } from "./agam-live";
import type { CountsBody as AgamCounts } from "./api/v1/agam-contract";
import { type Bus, CONTENT_CHANGED_CHANNEL, createLocalBus, createRedisBus } from "./bus";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("AgamLive: one count computation for every viewer", () => {
  let live: AgamLive | undefined;
  afterEach(() => live?.close());

  function setup(opts: { intervalMs?: number; minGapMs?: number } = {}) {
    const bus = createLocalBus();
    const state = { total: 10, queries: 0 };
    const compute = async (): Promise<AgamCounts> => {
      state.queries++;
      await sleep(5);
      return { qmember: state.total, qmember_north: state.total, qmember_south: 0 };
    };
    live = new AgamLive({ compute, bus, intervalMs: opts.intervalMs ?? 10_000, minGapMs: opts.minGapMs ?? 100 });
    return { bus, state, live };
  }

  it("answers a thousand simultaneous readers with one query", async () => {
    const { state, live } = setup();
    const values = await Promise.all(Array.from({ length: 1000 }, () => live.current()));
    expect(state.queries).toBe(1);
    expect(new Set(values.map((v) => v.qmember))).toEqual(new Set([10]));
    await live.current();
    expect(state.queries).toBe(1);
  });

  it("recomputes on a registration, coalescing a burst, and tells every listener", async () => {
    const { bus, state, live } = setup({ minGapMs: 100 });
    await live.current();
    const seen = Array.from({ length: 1000 }, () => [] as number[]);
    const offs = seen.map((list) => live.subscribe((c) => list.push(c.qmember)));
    for (let i = 0; i < 30; i++) {
      state.total++;
      await bus.publish(AGAM_REGISTERED_CHANNEL, "");
    }
    await expect.poll(() => seen.every((l) => l.at(-1) === 40), { timeout: 2000, interval: 20 }).toBe(true);
    // A burst of 30 changes costs a couple of queries, not 30 and not one per listener.
    expect(state.queries).toBeLessThanOrEqual(3);
    offs.forEach((off) => off());
  });

  it("listens to content-changed 'agam' (the page's registration) and ignores other areas", async () => {
    const { bus, state, live } = setup({ minGapMs: 50 });
    await live.current();
    const seen: number[] = [];
    live.subscribe((c) => seen.push(c.qmember));
    await bus.publish(CONTENT_CHANGED_CHANNEL, "news");
    await sleep(150);
    expect(state.queries).toBe(1);
    state.total = 11;
    await bus.publish(CONTENT_CHANGED_CHANNEL, "agam");
    await expect.poll(() => seen.at(-1), { timeout: 2000 }).toBe(11);
  });

  it("never starts two computations closer than the minimum gap", async () => {
    const { bus, state, live } = setup({ minGapMs: 200, intervalMs: 300 });
    live.subscribe(() => {});
    const started = Date.now();
    while (Date.now() - started < 1000) {
      state.total++;
      await bus.publish(AGAM_REGISTERED_CHANNEL, "");
      await live.current();
      await sleep(10);
    }
    // One second with a change every 10 ms: at most 1 s / 200 ms + 1 computations.
    expect(state.queries).toBeLessThanOrEqual(6);
    expect(live.shortestGapMs).toBeGreaterThanOrEqual(200);
    expect(state.queries).toBeGreaterThanOrEqual(2);
  });

  it("stops the interval when the last viewer leaves", async () => {
    const { state, live } = setup({ intervalMs: 50, minGapMs: 10 });
    const off = live.subscribe(() => {});
    await sleep(300);
    const during = state.queries;
    expect(during).toBeGreaterThanOrEqual(2);
    off();
    await sleep(300);
    expect(state.queries).toBeLessThanOrEqual(during + 1);
  });
});

describe.runIf(process.env.REDIS_URL)("AgamLive across processes (Redis)", () => {
  it("brings a registration announced by one process to the viewers of another", async () => {
    // Two buses = two processes; one shared "database".
    const busA: Bus = await createRedisBus(process.env.REDIS_URL!);
    const busB: Bus = await createRedisBus(process.env.REDIS_URL!);
    const db = { total: 100 };
    const compute = async (): Promise<AgamCounts> => ({ qmember: db.total, qmember_north: 0, qmember_south: db.total });
    // A long interval: only the Redis message can bring the change.
    const viewerSide = new AgamLive({ compute, bus: busB, intervalMs: 600_000, minGapMs: 10 });
    try {
      const seen: number[] = [];
      viewerSide.subscribe((c) => seen.push(c.qmember));
      expect((await viewerSide.current()).qmember).toBe(100);
      db.total = 101;
      // Publish until heard: B's SUBSCRIBE reaches Redis a moment after subscribe() returns.
      await expect
        .poll(
          async () => {
            await busA.publish(AGAM_REGISTERED_CHANNEL, "");
            return seen.at(-1);
          },
          { timeout: 5000, interval: 100 },
        )
        .toBe(101);
    } finally {
      viewerSide.close();
      await busA.close();
      await busB.close();
    }
  });
});
