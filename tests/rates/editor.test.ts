/**
 * The rates editor against a real database: the public rates.csv of a month imports back as
 * it is; a CSV with one wrong row is refused naming its line and nothing is stored; a total
 * that does not add up is refused with the figures; a month is public from its chosen time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentContext } from "../../modules/content/context";
import { checkRates, parseRatesCsv, RatesRefused, saveRates } from "../../modules/rates/editor.server";
import { ratesCsv } from "../../modules/rates/model";
import { getOfficialRates, listGenerationCharges } from "../../modules/rates/queries.server";
import { setClock } from "../../modules/shared/clock";
import { createTestApp, type TestApp } from "../support/app";

let t: TestApp;
let ctx: ContentContext;
let csv: string;

beforeAll(async () => {
  t = await createTestApp();
  ctx = { db: t.db.handle.db, actor: { id: "u-rates", name: "Rita Rates" }, contentChanged: async () => {} };
  const db = t.db.handle.db;
  csv = ratesCsv(2024, 3, await getOfficialRates(db, 2024, 3), await listGenerationCharges(db, 2024, 3));
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

describe("rates editor", () => {
  it("reads the public rates.csv back: the seed month passes every check", () => {
    const checked = checkRates(parseRatesCsv(csv));
    expect(checked.rates.map((r) => r.type)).toEqual(["R", "LV", "HV"]);
    expect(checked.totalComputed).toBe(false);
    expect(checked.charges.at(-1)!.source.queue).toBe(100);
  });

  it("refuses a CSV with one wrong row, naming its line, and stores nothing", async () => {
    const lines = csv.split("\r\n");
    const sourceLine = lines.findIndex((l) => /^Power Source/.test(l)) + 2; // the second source row, 1-based
    lines[sourceLine - 1] = lines[sourceLine - 1]!.replace(/,(\d+),/, ",$1,abc,")
      .split(",")
      .slice(0, 11)
      .join(",");
    const before = await getOfficialRates(t.db.handle.db, 2024, 3);
    const error = await saveRates(ctx, 2024, 3, (() => parseRatesCsv(lines.join("\r\n")))(), null, "csv").catch((e) => e);
    expect(error).toBeInstanceOf(RatesRefused);
    expect(error.problems[0]).toMatchObject({ row: sourceLine, column: "% kWh Purchased" });
    expect(await getOfficialRates(t.db.handle.db, 2024, 3)).toEqual(before);
  });

  it("refuses a total row that does not add up, with the figures", () => {
    const lines = csv.split("\r\n");
    const total = lines.findIndex((l) => /^TOTAL,100,/.test(l));
    const cells = lines[total]!.split(",");
    cells[3] = String(Number(cells[3]) + 1000);
    lines[total] = cells.join(",");
    const error = (() => {
      try {
        checkRates(parseRatesCsv(lines.join("\r\n")));
      } catch (e) {
        return e as RatesRefused;
      }
    })();
    expect(error?.problems[0]?.column).toBe("kWh Purchased");
    expect(error?.problems[0]?.message).toMatch(/The sources add up to [\d,]+\.\d\d but the total row says [\d,]+\.\d\d\./);
  });

  it("computes the total when absent and publishes the month from the chosen time", async () => {
    const withoutTotal = csv
      .split("\r\n")
      .filter((l) => !/^TOTAL,100,/.test(l))
      .join("\r\n");
    const at = new Date("2099-02-01T00:00:00Z");
    const checked = await saveRates(ctx, 2030, 1, parseRatesCsv(withoutTotal), at, "csv");
    expect(checked.totalComputed).toBe(true);
    expect(await getOfficialRates(t.db.handle.db, 2030, 1)).toEqual([]);
    setClock(new Date("2099-02-01T00:00:01Z"));
    expect((await getOfficialRates(t.db.handle.db, 2030, 1)).map((r) => r.type)).toEqual(["R", "LV", "HV"]);
    expect((await listGenerationCharges(t.db.handle.db, 2030, 1)).at(-1)!.source.queue).toBe(100);
  });
});
