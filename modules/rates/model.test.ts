import { describe, expect, it } from "vitest";
import { estimateBill, parseRateMonth, ratesCsv, rateYears } from "./model";

// 16:30 UTC on December 31, 2025 is already January 1, 2026 in Manila.
const newYear = new Date("2025-12-31T16:30:00Z");

describe("rates month selection", () => {
  it("defaults to the current year and month in Manila", () => {
    expect(parseRateMonth(new URLSearchParams(""), newYear)).toEqual({ year: 2026, month: 1 });
    expect(rateYears(newYear)[0]).toBe(2026);
    expect(rateYears(newYear).at(-1)).toBe(2007);
  });

  it("reads valid values and falls back with a message for invalid ones", () => {
    expect(parseRateMonth(new URLSearchParams("year=2024&month=3"), newYear)).toEqual({ year: 2024, month: 3 });
    for (const q of [
      "year=2006&month=3",
      "year=2027&month=3",
      "year=2024&month=13",
      "year=2024&month=0",
      "year=abc&month=3",
      "year=2024&month=1.5",
    ]) {
      const r = parseRateMonth(new URLSearchParams(q), newYear);
      expect(r, q).toMatchObject({ year: 2026, month: 1, error: expect.stringContaining("We could not read that month") });
    }
  });
});

describe("bill estimate and CSV", () => {
  it("multiplies kWh by the rate, to the centavo", () => {
    expect(estimateBill(200, 10.1133)).toBe(2022.66);
    expect(estimateBill(0.5, 9.99995)).toBe(5);
  });

  it("writes RFC 4180 CSV with CRLF and quoted cells, and the empty messages", () => {
    const csv = ratesCsv(
      2024,
      3,
      [{ type: "R", amount: 9.5 }],
      [
        {
          source: { name: 'Plant "A", Unit 1', queue: 1 },
          percentKwhPurchased: 100,
          kwhPurchased: 10,
          basicGenerationCost: 50,
          otherCostAdjustment: 0,
          totalGenerationCost: 50,
          promptPaymentDiscount: 0,
          pilferageCostRecoveries: 0,
          otherGenerationCostAdjustment: 0,
          generationRate: 5,
        },
      ],
    );
    expect(csv).toContain("R,Residential,9.5000\r\n");
    expect(csv).toContain('"Plant ""A"", Unit 1",1,100,10,50,0,50,0,0,0,5\r\n');
    expect(ratesCsv(2019, 5, [], [])).toContain("No rates found for this month!\r\n");
    expect(ratesCsv(2019, 5, [], [])).toContain("No generation charges data found!\r\n");
  });
});
