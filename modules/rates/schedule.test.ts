import { describe, expect, it } from "vitest";
import { type ClassSchedule, checkScheduleInput, emptyComponents, groupPerKwh, totalPerKwh } from "./schedule";

/** A schedule written out in full, its sums worked out by hand below. */
function handSchedule(): ClassSchedule {
  const c = emptyComponents();
  c.generation = { rate: 5.1234, vatPercent: 12 };
  c.transmission_kwh = { rate: 0.8123, vatPercent: 12 };
  c.transmission_kw = { rate: 320.5, vatPercent: 12 }; // per kW: not in the per-kWh total
  c.system_loss = { rate: 0.6722, vatPercent: 12 };
  c.distribution_kwh = { rate: 1.2132, vatPercent: 12 };
  c.supply_kwh = { rate: 0.4261, vatPercent: 12 };
  c.supply_customer = { rate: 15, vatPercent: 12 }; // per customer: not in it
  c.metering_kwh = { rate: 0.3478, vatPercent: 12 };
  c.metering_meter = { rate: 5, vatPercent: 12 }; // per meter: not in it
  c.rfsc = { rate: 0.2874, vatPercent: 0 };
  c.lifeline_subsidy = { rate: 0.0183, vatPercent: 0 };
  c.senior_subsidy = { rate: 0.0002, vatPercent: 0 };
  c.uc_me = { rate: 0.1822, vatPercent: 0 };
  c.uc_ec = { rate: 0.0025, vatPercent: 0 };
  c.uc_sd = { rate: 0.0428, vatPercent: 0 };
  c.fit_all = { rate: 0.0838, vatPercent: 0 };
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
    const ok = checkScheduleInput([{ classCode: "R", values: { generation: { rate: "5.1234", vatPercent: "12" } } }]);
    expect(ok.ok && ok.classes[0]!.components.generation).toEqual({ rate: 5.1234, vatPercent: 12 });
    const bad = checkScheduleInput([
      { classCode: "R", values: { generation: { rate: "5,12x", vatPercent: "12" }, rfsc: { rate: "0.2", vatPercent: "120" } } },
    ]);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.map((p) => p.component)).toEqual(["generation", "rfsc"]);
  });
});
