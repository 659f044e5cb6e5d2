import { describe, expect, it } from "vitest";
import { type ClassSchedule, checkScheduleInput, emptyComponents, groupPerKwh, totalPerKwh } from "./schedule";

/** A schedule written out in full, its sums worked out by hand below. */
function handSchedule(): ClassSchedule {
  const c = emptyComponents();
  c.generation = { rate: 5.1234, vatPercent: 12, vatPerUnit: null };
  c.transmission_kwh = { rate: 0.8123, vatPercent: 12, vatPerUnit: null };
  c.transmission_kw = { rate: 320.5, vatPercent: 12, vatPerUnit: null }; // per kW: not in the per-kWh total
  c.system_loss = { rate: 0.6722, vatPercent: 12, vatPerUnit: null };
  c.distribution_kwh = { rate: 1.2132, vatPercent: 12, vatPerUnit: null };
  c.supply_kwh = { rate: 0.4261, vatPercent: 12, vatPerUnit: null };
  c.supply_customer = { rate: 15, vatPercent: 12, vatPerUnit: null }; // per customer: not in it
  c.metering_kwh = { rate: 0.3478, vatPercent: 12, vatPerUnit: null };
  c.metering_meter = { rate: 5, vatPercent: 12, vatPerUnit: null }; // per meter: not in it
  c.rfsc = { rate: 0.2874, vatPercent: 0, vatPerUnit: null };
  c.lifeline_subsidy = { rate: 0.0183, vatPercent: 0, vatPerUnit: null };
  c.senior_subsidy = { rate: 0.0002, vatPercent: 0, vatPerUnit: null };
  c.uc_me = { rate: 0.1822, vatPercent: 0, vatPerUnit: null };
  c.uc_ec = { rate: 0.0025, vatPercent: 0, vatPerUnit: null };
  c.uc_sd = { rate: 0.0428, vatPercent: 0, vatPerUnit: null };
  c.fit_all = { rate: 0.0838, vatPercent: 0, vatPerUnit: null };
  return { classCode: "R", classLabel: "Residential", components: c };
}

describe("the schedule's sums", () => {
  it("totals the per-kWh components with their VAT: the official rate is the sum of its parts", () => {
    // VAT-bearing per kWh: 5.1234 + 0.8123 + 0.6722 + 1.2132 + 0.4261 + 0.3478 = 8.5950; × 1.12 = 9.6264
    // Exempt per kWh: 0.2874 + 0.0183 + 0.0002 + 0.1822 + 0.0025 + 0.0428 + 0.0838 = 0.6172
    // 9.6264 + 0.6172 = 10.2436
    expect(totalPerKwh(handSchedule())).toBe(10.2436);
  });
  it("gives each group's subtotal per kWh", () => {
    // (5.1234 + 0.8123 + 0.6722) × 1.12 = 6.6079 × 1.12 = 7.400848
    expect(groupPerKwh(handSchedule(), "Generation and transmission")).toBe(7.4008);
    // 0.0183 + 0.0002 + 0.1822 + 0.0025 + 0.0428 + 0.0838 = 0.3298
    expect(groupPerKwh(handSchedule(), "Government subsidies and universal charges")).toBe(0.3298);
  });
  it("is 0 for an empty schedule", () => {
    expect(totalPerKwh({ classCode: "X", classLabel: "X", components: emptyComponents() })).toBe(0);
  });
  it("reads typed figures and names each one it cannot", () => {
    const ok = checkScheduleInput([{ classCode: "R", values: { generation: { rate: "5.1234", vat: "12", vatBasis: "percent" } } }]);
    expect(ok.ok && ok.classes[0]!.components.generation).toEqual({ rate: 5.1234, vatPercent: 12, vatPerUnit: null });
    const bad = checkScheduleInput([
      {
        classCode: "R",
        classLabel: "Residential",
        values: {
          generation: { rate: "5,12x", vat: "12", vatBasis: "percent" },
          rfsc: { rate: "0.2", vat: "120", vatBasis: "percent" },
          uc_me: { rate: "0.1822", vat: "0.12.3", vatBasis: "per-unit" },
        },
      },
    ]);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.map((p) => p.component)).toEqual(["generation", "rfsc", "uc_me"]);
    // Named in words, never by column code ("R uc_me").
    expect(!bad.ok && bad.problems[2]!.line).toBe("Residential: Universal charge: missionary electrification");
    expect(!bad.ok && bad.problems[2]!.message).toBe('The VAT "0.12.3" is not an amount in Php/kWh like 0.5919 (up to 6 decimals).');
  });
  it("keeps a VAT published in Php/kWh as published, to 4 decimals and more", () => {
    const ok = checkScheduleInput([
      {
        classCode: "R",
        values: {
          generation: { rate: "4.9326", vat: "0.5919", vatBasis: "per-unit" },
          metering_meter: { rate: "5.00", vat: "12", vatBasis: "percent" },
          uc_sd: { rate: "0.000125", vat: "", vatBasis: "percent" },
        },
      },
    ]);
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    const c = ok.classes[0]!.components;
    expect(c.generation).toEqual({ rate: 4.9326, vatPercent: 0, vatPerUnit: 0.5919 });
    expect(c.metering_meter).toEqual({ rate: 5, vatPercent: 12, vatPerUnit: null });
    expect(c.uc_sd).toEqual({ rate: 0.000125, vatPercent: 0, vatPerUnit: null });
    // The official rate adds the published VAT figure, not 12 % of the rate: 4.9326 + 0.5919 + 0.000125 = 5.524625 → 5.5246.
    expect(totalPerKwh({ classCode: "R", classLabel: "Residential", components: c })).toBe(5.5246);
  });
});
