/**
 * The recomputation on hand-made bills: every line and total below was worked out by hand
 * (each line rounded to the centavo, half up; VAT on the rounded line; discounts on the sum of
 * the generation, transmission, system loss, distribution, supply and metering lines).
 */
import { describe, expect, it } from "vitest";
import { type ClassSchedule, emptyComponents } from "../rates/schedule";
import { beyondTolerance, compareBill, computeBill } from "./compute";
import { DEMO_DISCOUNT_TIERS } from "./discounts";

function schedule(): ClassSchedule {
  const c = emptyComponents();
  c.generation = { rate: 5.1234, vatPercent: 12, vatPerUnit: null };
  c.transmission_kwh = { rate: 0.8123, vatPercent: 12, vatPerUnit: null };
  c.transmission_kw = { rate: 320.5, vatPercent: 12, vatPerUnit: null };
  c.system_loss = { rate: 0.6722, vatPercent: 12, vatPerUnit: null };
  c.distribution_kwh = { rate: 1.2132, vatPercent: 12, vatPerUnit: null };
  c.supply_kwh = { rate: 0.4261, vatPercent: 12, vatPerUnit: null };
  c.supply_customer = { rate: 15, vatPercent: 12, vatPerUnit: null };
  c.metering_kwh = { rate: 0.3478, vatPercent: 12, vatPerUnit: null };
  c.metering_meter = { rate: 5, vatPercent: 12, vatPerUnit: null };
  c.rfsc = { rate: 0.2874, vatPercent: 0, vatPerUnit: null };
  c.lifeline_subsidy = { rate: 0.0183, vatPercent: 0, vatPerUnit: null };
  c.senior_subsidy = { rate: 0.0002, vatPercent: 0, vatPerUnit: null };
  c.uc_me = { rate: 0.1822, vatPercent: 0, vatPerUnit: null };
  c.uc_ec = { rate: 0.0025, vatPercent: 0, vatPerUnit: null };
  c.uc_sd = { rate: 0.0428, vatPercent: 0, vatPerUnit: null };
  c.fit_all = { rate: 0.0838, vatPercent: 0, vatPerUnit: null };
  return { classCode: "R", classLabel: "Residential", components: c };
}

const plain = { demandKw: null, lifeline: false, senior: false };

describe("computeBill on hand-made bills", () => {
  it("150 kWh residential, no discount: Php 1,558.96", () => {
    const b = computeBill(schedule(), DEMO_DISCOUNT_TIERS, { kwh: 150, ...plain });
    expect(b.charges).toEqual({
      generation: 76851, // 150 × 5.1234 = 768.51
      transmission_kwh: 12185, // 150 × 0.8123 = 121.845 → 121.85
      transmission_kw: 0,
      system_loss: 10083, // 100.83
      distribution_kwh: 18198, // 181.98
      distribution_kw: 0,
      supply_kwh: 6392, // 63.915 → 63.92
      supply_customer: 1500,
      metering_kwh: 5217, // 52.17
      metering_meter: 500,
      rfsc: 4311, // 43.11
      lifeline_subsidy: 275, // 2.745 → 2.75
      senior_subsidy: 3, // 0.03
      uc_me: 2733, // 27.33
      uc_ec: 38, // 0.375 → 0.38
      uc_sd: 642, // 6.42
      fit_all: 1257, // 12.57
    });
    expect(b.vat).toEqual({
      generation: 9222, // 768.51 × 12 % = 92.2212
      transmission_kwh: 1462, // 14.622
      transmission_kw: 0,
      system_loss: 1210, // 12.0996
      distribution_kwh: 2184, // 21.8376 (distribution per kW carries no VAT in this schedule: no line)
      supply_kwh: 767, // 7.6704
      supply_customer: 180,
      metering_kwh: 626, // 6.2604
      metering_meter: 60,
    });
    // 1,401.85 of charges + 157.11 of VAT
    expect(b.currentCharges).toBe(155_896);
    expect(b.lifelineDiscount).toBe(0);
    expect(b.seniorDiscount).toBe(0);
  });

  it("20 kWh on the lifeline rate: 100 % off the discountable lines, no lifeline subsidy: Php 35.01", () => {
    const b = computeBill(schedule(), DEMO_DISCOUNT_TIERS, { kwh: 20, demandKw: null, lifeline: true, senior: false });
    expect(b.lifelinePercent).toBe(100);
    expect(b.charges.lifeline_subsidy).toBe(0);
    // 102.47 + 16.25 + 13.44 + 24.26 + 8.52 + 15.00 + 6.96 + 5.00 = 191.90
    expect(b.lifelineDiscount).toBe(-19_190);
    // charges 203.88, VAT 23.03 (12.30 + 1.95 + 1.61 + 2.91 + 1.02 + 1.80 + 0.84 + 0.60), discount -191.90
    expect(b.currentCharges).toBe(3_501);
  });

  it("100 kWh, registered senior: 5 % of 879.50 = 43.975 → 43.98 off, no senior subsidy: Php 1,002.76", () => {
    const b = computeBill(schedule(), DEMO_DISCOUNT_TIERS, { kwh: 100, demandKw: null, lifeline: false, senior: true });
    expect(b.charges.senior_subsidy).toBe(0);
    expect(b.charges.lifeline_subsidy).toBe(183);
    expect(b.seniorDiscount).toBe(-4_398);
    // charges 941.20 + VAT 105.54 - 43.98
    expect(b.currentCharges).toBe(100_276);
  });

  it("101 kWh, registered senior: past the ceiling, no discount, the subsidy paid", () => {
    const b = computeBill(schedule(), DEMO_DISCOUNT_TIERS, { kwh: 101, demandKw: null, lifeline: false, senior: true });
    expect(b.seniorDiscount).toBe(0);
    expect(b.charges.senior_subsidy).toBe(2); // 101 × 0.0002 = 0.0202
  });

  it("a lifeline account that is also senior gets the lifeline discount only", () => {
    const b = computeBill(schedule(), DEMO_DISCOUNT_TIERS, { kwh: 60, demandKw: null, lifeline: true, senior: true });
    expect(b.lifelinePercent).toBe(35);
    expect(b.seniorDiscount).toBe(0);
  });

  it("bills demand per kW: 120 kW × 320.50 = 38,460.00 and its VAT 4,615.20", () => {
    const b = computeBill(schedule(), DEMO_DISCOUNT_TIERS, { kwh: 30_000, demandKw: 120, lifeline: false, senior: false });
    expect(b.charges.transmission_kw).toBe(3_846_000);
    expect(b.vat.transmission_kw).toBe(461_520);
  });
});

describe("compareBill", () => {
  it("lists a line off by one centavo by default, with both figures; a tolerance lets it pass", () => {
    const computed = computeBill(schedule(), DEMO_DISCOUNT_TIERS, { kwh: 150, ...plain });
    const billed = { ...computed, charges: { ...computed.charges, distribution_kwh: 18_298, uc_me: computed.charges.uc_me + 1 } };
    expect(compareBill(billed, computed)).toEqual([
      { line: "distribution_kwh", label: "Distribution charge", billed: 18_298, computed: 18_198 },
      {
        line: "uc_me",
        label: "Universal charge: missionary electrification",
        billed: computed.charges.uc_me + 1,
        computed: computed.charges.uc_me,
      },
    ]);
    expect(compareBill(billed, computed, 1).map((d) => d.line)).toEqual(["distribution_kwh"]);
    expect(beyondTolerance(compareBill(billed, computed), 1).map((d) => d.line)).toEqual(["distribution_kwh"]);
    const noDiscount = { ...computed, seniorDiscount: 0, lifelineDiscount: 0 };
    const senior = computeBill(schedule(), DEMO_DISCOUNT_TIERS, { kwh: 100, demandKw: null, lifeline: false, senior: true });
    expect(compareBill({ ...senior, seniorDiscount: noDiscount.seniorDiscount }, senior)).toEqual([
      { line: "senior_discount", label: "Senior citizen discount", billed: 0, computed: -4_398 },
    ]);
  });
});
