/**
 * Saving the rate schedule stores the lines typed, nothing more: a class left empty gets no
 * rows, a line left empty in a typed class gets none either (it reads as 0), and the revision
 * lists the typed lines alone (no 0.0000 line in its diff). The editor shows an unstored line
 * empty again.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentRevisions, rateSchedule } from "../../db/schema";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

describe("saving the rate schedule", () => {
  let t: TestApp;
  let rates: TestStaff;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    rates = await signInAs(t, "rates");
  });
  afterAll(async () => t?.close());
  const post = (fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/staff/rates/schedule",
      headers: { cookie: rates.cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
      payload: new URLSearchParams(fields).toString(),
    });

  it("stores only the lines typed, and the revision names only them", async () => {
    // Every class's every line is on the form; only three Residential lines are typed.
    const page = (await t.app.inject({ url: "/staff/rates/schedule?year=2027&month=7", headers: { cookie: rates.cookie } })).body;
    const names = [...page.matchAll(/name="([A-Z]+\.[a-z_]+)\.rate"/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(20);
    const fields: Record<string, string> = { year: "2027", month: "7", publishAt: "2027-07-01T00:00" };
    for (const n of names) Object.assign(fields, { [`${n}.rate`]: "", [`${n}.vat`]: "", [`${n}.vatBasis`]: "percent" });
    Object.assign(fields, {
      "R.generation.rate": "4.9326",
      "R.generation.vat": "0.5919",
      "R.generation.vatBasis": "per-unit",
      "R.distribution_kwh.rate": "0.4523",
      "R.distribution_kwh.vat": "12",
      "R.metering_meter.rate": "5.00",
    });
    const saved = await post(fields);
    expect(saved.statusCode).toBe(302);

    const db = t.db.handle.db;
    const rows = await db
      .select({ classCode: rateSchedule.classCode, component: rateSchedule.component })
      .from(rateSchedule)
      .where(and(eq(rateSchedule.year, 2027), eq(rateSchedule.month, 7)));
    expect(rows.map((r) => `${r.classCode}.${r.component}`).sort()).toEqual(["R.distribution_kwh", "R.generation", "R.metering_meter"]);

    const [revision] = await db
      .select({ snapshot: contentRevisions.snapshot })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.kind, "rate-schedule"), eq(contentRevisions.entityId, "2027-07")));
    const snapshot = JSON.stringify(revision!.snapshot);
    expect(snapshot).not.toContain("0.0000");
    expect(snapshot).toContain('"Residential: Generation charge":"4.9326 Php/kWh; VAT 0.5919 Php/kWh"');

    // Opened again, the untouched lines are empty (not 0.0000), so a second save keeps them out too.
    const again = (await t.app.inject({ url: "/staff/rates/schedule?year=2027&month=7", headers: { cookie: rates.cookie } })).body;
    expect(again).toMatch(/name="R\.generation\.rate" value="4\.9326"/);
    expect(again).toMatch(/name="R\.transmission_kwh\.rate" value=""/);
  });
});
