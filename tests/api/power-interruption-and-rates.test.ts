import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOWNS } from "../../modules/shared/constants";
import { manilaParts } from "../../modules/shared/dates";
import { createTestApp, type TestApp } from "../support/app";

interface Incoming {
  id: number;
  date: { unix: number };
  time: { start: string; end: string };
  area: { name: string }[];
  activities: string;
  affectedAreas: string;
  circuitToBeOpened: string;
  status: string;
  status_updated_at: string;
}

describe("power interruption and rates API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject(url);

  describe("GET /power-interruption/incoming", () => {
    it("answers a bare array in the contract's shape, soonest first, no cancelled ones", async () => {
      const res = await get("/api/v1/power-interruption/incoming");
      expect(res.statusCode).toBe(200);
      const list = res.json() as Incoming[];
      expect(Array.isArray(list)).toBe(true);
      expect(list.length).toBeGreaterThan(3);
      for (const i of list) {
        expect(i).toEqual({
          id: expect.any(Number),
          date: { unix: expect.any(Number) },
          time: { start: expect.stringMatching(/^\d{1,2}:\d{2} (AM|PM)$/), end: expect.stringMatching(/^\d{1,2}:\d{2} (AM|PM)$/) },
          area: expect.arrayContaining([{ name: expect.any(String) }]),
          activities: expect.stringContaining("<p>"),
          affectedAreas: expect.stringContaining("<li>"),
          circuitToBeOpened: expect.any(String),
          status: expect.stringMatching(/^(scheduled|ongoing|extended|finished)$/),
          status_updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        });
        expect(Number.isInteger(i.date.unix)).toBe(true);
      }
      const starts = list.map((i) => i.date.unix);
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
      // Whatever is listed has not ended: no cancelled, and the seed's ongoing one is there.
      expect(list.some((i) => i.status === "ongoing")).toBe(true);
    });

    it("formats time in Manila from the unix start", async () => {
      const [first] = (await get("/api/v1/power-interruption/incoming")).json() as Incoming[];
      const start = new Date(first!.date.unix * 1000);
      const { hour, minute } = manilaParts(start);
      const h12 = hour % 12 === 0 ? 12 : hour % 12;
      expect(first!.time.start).toBe(`${h12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`);
    });

    it("filters by town", async () => {
      const all = (await get("/api/v1/power-interruption/incoming")).json() as Incoming[];
      const town = TOWNS.find((tn) => all.some((i) => i.affectedAreas.includes(`<strong>${tn}</strong>`)))!;
      const res = await get(`/api/v1/power-interruption/incoming?town=${town}`);
      expect(res.statusCode).toBe(200);
      const filtered = res.json() as Incoming[];
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.length).toBe(all.filter((i) => i.affectedAreas.includes(`<strong>${town}</strong>`)).length);
      for (const i of filtered) expect(i.area.some((a) => a.name.endsWith(`(${town})`))).toBe(true);
    });

    it("filters by barangay (any case), alone and with its town, and answers [] when nothing matches", async () => {
      const all = (await get("/api/v1/power-interruption/incoming")).json() as Incoming[];
      const [, name, town] = /^(.*) \((\w+)\)$/.exec(all[0]!.area[0]!.name)!;
      const byName = (
        await get(`/api/v1/power-interruption/incoming?barangay=${encodeURIComponent(name!.toUpperCase())}`)
      ).json() as Incoming[];
      expect(byName.map((i) => i.id)).toContain(all[0]!.id);
      for (const i of byName) expect(i.area.some((a) => a.name.startsWith(`${name} (`))).toBe(true);
      const both = (
        await get(`/api/v1/power-interruption/incoming?town=${town}&barangay=${encodeURIComponent(name!)}`)
      ).json() as Incoming[];
      expect(both.map((i) => i.id)).toContain(all[0]!.id);
      const otherTown = TOWNS.find((x) => x !== town)!;
      const none = await get(`/api/v1/power-interruption/incoming?town=${otherTown}&barangay=${encodeURIComponent(name!)}`);
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
      expect((await get("/api/v1/power-interruption/incoming?barangay=Nowhere%20Land")).json()).toEqual([]);
    });

    it("answers 400 for an unknown town or a bad barangay", async () => {
      for (const q of ["town=Manila", "town=bani", "barangay=%3Cscript%3E", `barangay=${"x".repeat(81)}`]) {
        const res = await get(`/api/v1/power-interruption/incoming?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json(), q).toEqual({ error: { code: "bad_request", message: expect.any(String) } });
      }
    });

    it("sanitizes the HTML fields", async () => {
      const { powerInterruptions } = await import("../../db/schema");
      const { db } = t.db.handle;
      const startsAt = new Date(Date.now() + 30 * 86_400_000);
      const [row] = await db
        .insert(powerInterruptions)
        .values({
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3600_000),
          activities: `<p onclick="x()">Line work<script>alert(1)</script></p>`,
          affectedAreas: `<img src=x onerror="alert(1)"><b>All</b>`,
          circuitToBeOpened: `<a href="javascript:alert(1)">F1</a>`,
        })
        .returning();
      const list = (await get("/api/v1/power-interruption/incoming")).json() as Incoming[];
      const item = list.find((i) => i.id === row!.id)!;
      expect(item.activities).toBe("<p>Line work</p>");
      expect(item.affectedAreas).not.toMatch(/onerror|script/i);
      expect(item.circuitToBeOpened).not.toMatch(/javascript/i);
      expect(item.area).toEqual([]);
      await db.delete(powerInterruptions).where((await import("drizzle-orm")).eq(powerInterruptions.id, row!.id));
    });
  });

  describe("GET /rates/...", () => {
    const now = manilaParts();

    it("answers the official rates of a month, R, LV and HV as numbers", async () => {
      const res = await get(`/api/v1/rates/official-rates/month/3/year/2024`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        data: {
          rates: [
            { type: "R", amount: expect.any(Number) },
            { type: "LV", amount: expect.any(Number) },
            { type: "HV", amount: expect.any(Number) },
          ],
        },
      });
      expect(body.data.rates[0].amount).toBeGreaterThan(body.data.rates[2].amount);
    });

    it("answers the current month (the seed reaches it)", async () => {
      const res = await get(`/api/v1/rates/official-rates/month/${now.month}/year/${now.year}`);
      expect(res.json().data.rates).toHaveLength(3);
    });

    it("answers the generation charges by queue, the queue-100 total last, with every column", async () => {
      const res = await get(`/api/v1/rates/generation/month/3/year/2024`);
      expect(res.statusCode).toBe(200);
      const { charges } = res.json().data;
      expect(charges.length).toBeGreaterThan(1);
      const queues = charges.map((c: { power_source: { queue: number } }) => c.power_source.queue);
      expect([...queues].sort((a: number, b: number) => a - b)).toEqual(queues);
      expect(queues.at(-1)).toBe(100);
      for (const c of charges) {
        expect(Object.keys(c).sort()).toEqual(
          [
            "power_source",
            "percent_kwh_purchased",
            "kwh_purchased",
            "basic_generation_cost",
            "other_cost_adjustment",
            "total_generation_cost",
            "prompt_payment_discount",
            "pilferage_cost_recoveries",
            "other_generation_cost_adjustment",
            "generation_rate",
          ].sort(),
        );
        expect(c.power_source).toEqual({ name: expect.any(String), queue: expect.any(Number) });
        for (const [k, v] of Object.entries(c)) if (k !== "power_source") expect(typeof v, k).toBe("number");
      }
      const total = charges.at(-1);
      const parts = charges.slice(0, -1);
      const sum = parts.reduce((s: number, c: { kwh_purchased: number }) => s + c.kwh_purchased, 0);
      expect(total.kwh_purchased).toBeCloseTo(sum, 0);
    });

    it("answers empty lists for months without data", async () => {
      expect((await get(`/api/v1/rates/official-rates/month/5/year/2019`)).json()).toEqual({ data: { rates: [] } });
      expect((await get(`/api/v1/rates/generation/month/5/year/2019`)).json()).toEqual({ data: { charges: [] } });
      // June 2023: rates but no generation charges.
      expect((await get(`/api/v1/rates/official-rates/month/6/year/2023`)).json().data.rates).toHaveLength(3);
      expect((await get(`/api/v1/rates/generation/month/6/year/2023`)).json()).toEqual({ data: { charges: [] } });
    });

    it("answers 400 for a month outside 1..12 or a year outside 2007..this year", async () => {
      for (const kind of ["official-rates", "generation"]) {
        for (const [m, y] of [
          ["13", "2024"],
          ["0", "2024"],
          ["3", "2006"],
          ["3", String(now.year + 1)],
          ["x", "2024"],
          ["3", "20x4"],
          ["-1", "2024"],
          ["1.5", "2024"],
        ]) {
          const res = await get(`/api/v1/rates/${kind}/month/${m}/year/${y}`);
          expect(res.statusCode, `${kind} ${m}/${y}`).toBe(400);
          expect(res.json()).toEqual({ error: { code: "bad_request", message: expect.any(String) } });
        }
      }
      expect((await get(`/api/v1/rates/generation/month/12/year/2007`)).statusCode).toBe(200);
      expect((await get(`/api/v1/rates/generation/month/1/year/${now.year}`)).statusCode).toBe(200);
    });
  });
});
