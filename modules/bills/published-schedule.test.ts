/**
 * A residential schedule typed in as an electric cooperative publishes it, in the style of
 * LEYECO IV's December 2024 schedule: each VAT line in Php/kWh beside its rate (generation
 * 4.9326 and transmission 1.7427 Php/kWh, the VAT lines together 0.9007 Php/kWh), the metering
 * charge per meter as a peso amount. The figures go through the editor's own check
 * (checkScheduleInput, the text staff type), then the estimator's rule (computeBill, billLines).
 * Every amount below is worked out by hand, line by line, each rounded to the centavo half up.
 *
 * Besides generation, transmission and the VAT total, the figures are illustrative ones of the
 * same shape (the other lines of the published sheet were not at hand).
 */
import { describe, expect, it } from "vitest";
import { type ClassSchedule, checkScheduleInput, SCHEDULE_COMPONENTS, totalPerKwh, vatPerUnitOf } from "../rates/schedule";
import { computeBill } from "./compute";
import { DEMO_DISCOUNT_TIERS } from "./discounts";
import { billLines } from "./lines";
import { pesos } from "./money";

/** As printed: rate, and its VAT in Php per unit ("per-unit") or percent. */
const PUBLISHED: Record<string, { rate: string; vat: string; vatBasis: "per-unit" | "percent" }> = {
  generation: { rate: "4.9326", vat: "0.5919", vatBasis: "per-unit" },
  transmission_kwh: { rate: "1.7427", vat: "0.2091", vatBasis: "per-unit" },
  system_loss: { rate: "0.8210", vat: "0.0985", vatBasis: "per-unit" },
  distribution_kwh: { rate: "0.4735", vat: "0.0012", vatBasis: "per-unit" },
  supply_kwh: { rate: "0.5298", vat: "", vatBasis: "per-unit" },
  metering_kwh: { rate: "0.3726", vat: "", vatBasis: "per-unit" },
  // Pesos a month per meter; its VAT is not among the Php/kWh lines, so it is given as 12 %.
  metering_meter: { rate: "5.00", vat: "12", vatBasis: "percent" },
  rfsc: { rate: "0.1850", vat: "", vatBasis: "per-unit" },
  lifeline_subsidy: { rate: "0.0170", vat: "", vatBasis: "per-unit" },
  senior_subsidy: { rate: "0.0002", vat: "", vatBasis: "per-unit" },
  uc_me: { rate: "0.1822", vat: "", vatBasis: "per-unit" },
  uc_ec: { rate: "0.0025", vat: "", vatBasis: "per-unit" },
  uc_sd: { rate: "0.0428", vat: "", vatBasis: "per-unit" },
  fit_all: { rate: "0.0838", vat: "", vatBasis: "per-unit" },
};

function published(): ClassSchedule {
  const checked = checkScheduleInput([{ classCode: "R", classLabel: "Residential", values: PUBLISHED }]);
  if (!checked.ok) throw new Error(checked.problems.map((p) => `${p.line}: ${p.message}`).join("; "));
  return { classCode: "R", classLabel: "Residential", components: checked.classes[0]!.components };
}

const plain = { demandKw: null, lifeline: false, senior: false };

describe("a published residential schedule, entered as published", () => {
  it("keeps every figure as printed: the VAT lines add up to the published 0.9007 Php/kWh", () => {
    const s = published();
    expect(s.components.generation).toEqual({ rate: 4.9326, vatPercent: 0, vatPerUnit: 0.5919 });
    expect(s.components.metering_meter).toEqual({ rate: 5, vatPercent: 12, vatPerUnit: null });
    // 0.5919 + 0.2091 + 0.0985 + 0.0012 = 0.9007
    const vatPerKwh = SCHEDULE_COMPONENTS.filter((d) => d.unit === "kwh").reduce((sum, d) => sum + vatPerUnitOf(s.components[d.code]), 0);
    expect(Math.round(vatPerKwh * 10_000) / 10_000).toBe(0.9007);
    // Rates per kWh: 4.9326 + 1.7427 + 0.8210 + 0.4735 + 0.5298 + 0.3726 + 0.1850 + 0.0170 + 0.0002 + 0.1822 + 0.0025 + 0.0428 + 0.0838
    // = 9.3857; with the VAT lines 9.3857 + 0.9007 = 10.2864 Php/kWh (the per-meter charge is not per kWh).
    expect(totalPerKwh(s)).toBe(10.2864);
  });

  it("estimates 100 kWh: 943.57 of charges + 90.67 of VAT = 1,034.24", () => {
    const b = computeBill(published(), DEMO_DISCOUNT_TIERS, { kwh: 100, ...plain });
    expect(b.charges.generation).toBe(49_326); // 100 × 4.9326
    expect(b.vat.generation).toBe(5_919); // 100 × 0.5919 (as published, not 12 % of 493.26 = 59.19 by chance)
    expect(b.vat.transmission_kwh).toBe(2_091);
    expect(b.vat.system_loss).toBe(985);
    expect(b.vat.distribution_kwh).toBe(12);
    expect(b.charges.metering_meter).toBe(500); // once a month, per meter
    expect(b.vat.metering_meter).toBe(60); // 12 % of 5.00
    const charges = Object.values(b.charges).reduce((a, c) => a + c, 0);
    const vat = Object.values(b.vat).reduce((a, c) => a + (c ?? 0), 0);
    expect(charges).toBe(94_357);
    expect(vat).toBe(9_067);
    expect(pesos(b.currentCharges)).toBe("1,034.24");
  });

  it("estimates 150 kWh: 1,412.87 of charges + 135.72 of VAT = 1,548.59, each half centavo up", () => {
    const b = computeBill(published(), DEMO_DISCOUNT_TIERS, { kwh: 150, ...plain });
    expect(b.vat.generation).toBe(8_879); // 150 × 0.5919 = 88.785 → 88.79
    expect(b.charges.transmission_kwh).toBe(26_141); // 261.405 → 261.41
    expect(b.vat.transmission_kwh).toBe(3_137); // 31.365 → 31.37
    expect(b.vat.system_loss).toBe(1_478); // 14.775 → 14.78
    expect(b.charges.distribution_kwh).toBe(7_103); // 71.025 → 71.03
    expect(b.vat.distribution_kwh).toBe(18);
    expect(b.charges.uc_ec).toBe(38); // 0.375 → 0.38
    expect(b.vat.metering_meter).toBe(60);
    const charges = Object.values(b.charges).reduce((a, c) => a + c, 0);
    const vat = Object.values(b.vat).reduce((a, c) => a + (c ?? 0), 0);
    expect(charges).toBe(141_287);
    expect(vat).toBe(13_572);
    expect(pesos(b.currentCharges)).toBe("1,548.59");
  });

  it("shows each VAT line as published on the estimate: quantity × Php/kWh", () => {
    const s = published();
    const input = { kwh: 150, ...plain };
    const lines = billLines(s, input, computeBill(s, DEMO_DISCOUNT_TIERS, input));
    expect(lines.find((l) => l.label === "VAT on generation charge")?.detail).toBe("150 kWh × 0.5919 Php/kWh");
    expect(lines.find((l) => l.label === "VAT on metering charge per meter")?.detail).toBe("12 % of 5.00");
    expect(lines.find((l) => l.label === "Generation charge")?.detail).toBe("150 kWh × 4.9326 Php/kWh");
  });
});
