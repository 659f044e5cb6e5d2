/**
 * A computed bill as the lines a printed bill shows, in its groups: each charge with its
 * quantity × rate, the VAT lines, the discounts, the total. The estimator on /rates shows these.
 */
import { type ClassSchedule, componentLabel, formatRate, SCHEDULE_COMPONENTS, unitLabel } from "../rates/schedule";
import type { Locale } from "../shared/i18n";
import type { BillInput, ComputedBill } from "./compute";

export interface BillLine {
  group: string;
  /** The line's name in the page's language. */
  label: string;
  /** The name printed on the paper bill (English), when `label` is in another language. */
  official?: string;
  /** "150 kWh × 5.1234 Php/kWh", "12 % of 768.51", … */
  detail: string;
  /** Centavos. */
  amount: number;
}

const qty = (n: number) => n.toLocaleString("en-PH", { maximumFractionDigits: 3 });

/** The lines' own words in Filipino (the components' names are in modules/rates/schedule.ts); the portal's bill lines use them too. */
export const FIL = {
  waived: "hindi sinisingil dahil sa diskwento",
  vat: (name: string) => `VAT sa ${name.charAt(0).toLowerCase()}${name.slice(1)}`,
  of: "ng",
  lifeline: "Diskwento sa lifeline rate",
  senior: "Diskwento ng senior citizen",
};

export function billLines(schedule: ClassSchedule, input: BillInput, bill: ComputedBill, locale: Locale = "en"): BillLine[] {
  const lines: BillLine[] = [];
  const fil = locale === "fil";
  /** A name in the page's language, with the bill's English name beside it on a Filipino page. */
  const named = (en: string, filipino: string) => (fil ? { label: filipino, official: en } : { label: en });
  for (const def of SCHEDULE_COMPONENTS) {
    const amount = bill.charges[def.code];
    const { rate } = schedule.components[def.code];
    if (amount === 0 && rate === 0) continue;
    const quantity = def.unit === "kwh" ? `${qty(input.kwh)} kWh` : def.unit === "kw" ? `${qty(input.demandKw ?? 0)} kW` : "1";
    const waived = amount === 0 && rate !== 0 && "subsidyOf" in def;
    lines.push({
      group: def.group,
      ...named(def.label, componentLabel(def, locale)),
      detail: waived
        ? fil
          ? FIL.waived
          : "not charged with the discount"
        : `${quantity} × ${formatRate(rate)} ${unitLabel(def.unit, locale)}`,
      amount,
    });
  }
  for (const def of SCHEDULE_COMPONENTS) {
    const v = bill.vat[def.code];
    if (v === undefined || (v === 0 && bill.charges[def.code] === 0)) continue;
    const r = schedule.components[def.code];
    const quantity = def.unit === "kwh" ? `${qty(input.kwh)} kWh` : def.unit === "kw" ? `${qty(input.demandKw ?? 0)} kW` : "1";
    lines.push({
      group: "Value-added tax",
      ...named(`VAT on ${def.label.toLowerCase()}`, FIL.vat(def.fil)),
      // As the schedule gives it: Php per unit as published, or a percent of the line.
      detail:
        r.vatPerUnit !== null
          ? `${quantity} × ${formatRate(r.vatPerUnit)} ${unitLabel(def.unit, locale)}`
          : `${r.vatPercent} % ${fil ? FIL.of : "of"} ${(bill.charges[def.code] / 100).toFixed(2)}`,
      amount: v,
    });
  }
  if (bill.lifelineDiscount)
    lines.push({
      group: "Discounts",
      ...named("Lifeline discount", FIL.lifeline),
      detail: `${bill.lifelinePercent} % (RA 11552)`,
      amount: bill.lifelineDiscount,
    });
  if (bill.seniorDiscount)
    lines.push({
      group: "Discounts",
      ...named("Senior citizen discount", FIL.senior),
      detail: `${bill.seniorPercent} % (RA 9994)`,
      amount: bill.seniorDiscount,
    });
  return lines;
}
