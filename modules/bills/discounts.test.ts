import { describe, expect, it } from "vitest";
import { DEMO_DISCOUNT_TIERS, discountCeiling, discountPercent } from "./discounts";

describe("discount tiers (rows, not code)", () => {
  it.each([
    [0, 0],
    [1, 100],
    [20, 100],
    [20.5, 50],
    [21, 50],
    [50, 50],
    [51, 35],
    [70, 35],
    [71, 20],
    [100, 20],
    [100.01, 0],
    [101, 0],
  ])("lifeline at %s kWh: %s %%", (kwh, percent) => {
    expect(discountPercent(DEMO_DISCOUNT_TIERS, "lifeline", kwh)).toBe(percent);
  });
  it.each([
    [20, 5],
    [21, 5],
    [50, 5],
    [51, 5],
    [70, 5],
    [71, 5],
    [100, 5],
    [101, 0],
  ])("senior citizen at %s kWh: %s %%", (kwh, percent) => {
    expect(discountPercent(DEMO_DISCOUNT_TIERS, "senior", kwh)).toBe(percent);
  });
  it("follows other tiers when a co-op's differ (ERC sets them per co-op)", () => {
    const tiers = [
      { program: "lifeline" as const, minKwh: 0, maxKwh: 15, percent: 75 },
      { program: "lifeline" as const, minKwh: 16, maxKwh: 25, percent: 40 },
    ];
    expect(discountPercent(tiers, "lifeline", 15)).toBe(75);
    expect(discountPercent(tiers, "lifeline", 16)).toBe(40);
    expect(discountPercent(tiers, "lifeline", 26)).toBe(0);
    expect(discountCeiling(tiers, "lifeline")).toBe(25);
    expect(discountCeiling(tiers, "senior")).toBe(0);
  });
});
