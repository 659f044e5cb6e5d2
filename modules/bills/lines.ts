/**
 * A computed bill as the lines a printed bill shows, in its groups: each charge with its
 * quantity × rate, the VAT lines, the discounts, the total. The estimator on /rates shows these.
 */
import { type ClassSchedule, SCHEDULE_COMPONENTS, UNIT_LABELS } from "../rates/schedule";
import type { BillInput, ComputedBill } from "./compute";

export interface BillLine {
  group: string;
  label: string;
  /** "150 kWh × 5.1234 Php/kWh", "12 % of 768.51", … */
  detail: string;
  /** Centavos. */
  amount: number;
}

const qty = (n: number) => n.toLocaleString("en-PH", { maximumFractionDigits: 3 });

export function billLines(schedule: ClassSchedule, input: BillInput, bill: ComputedBill): BillLine[] {
  const lines: BillLine[] = [];
  for (const def of SCHEDULE_COMPONENTS) {
    const amount = bill.charges[def.code];
    const { rate } = schedule.components[def.code];
    if (amount === 0 && rate === 0) continue;
    const quantity = def.unit === "kwh" ? `${qty(input.kwh)} kWh` : def.unit === "kw" ? `${qty(input.demandKw ?? 0)} kW` : "1";
    const waived = amount === 0 && rate !== 0 && "subsidyOf" in def;
    lines.push({
      group: def.group,
      label: def.label,
      detail: waived ? "not charged with the discount" : `${quantity} × ${rate.toFixed(4)} ${UNIT_LABELS[def.unit]}`,
      amount,
    });
  }
  for (const def of SCHEDULE_COMPONENTS) {
    const v = bill.vat[def.code];
    if (v === undefined || (v === 0 && bill.charges[def.code] === 0)) continue;
    lines.push({
      group: "Value-added tax",
      label: `VAT on ${def.label.toLowerCase()}`,
      detail: `${schedule.components[def.code].vatPercent} % of ${(bill.charges[def.code] / 100).toFixed(2)}`,
      amount: v,
    });
  }
  if (bill.lifelineDiscount)
    lines.push({
      group: "Discounts",
      label: "Lifeline discount",
      detail: `${bill.lifelinePercent} % (RA 11552)`,
      amount: bill.lifelineDiscount,
    });
  if (bill.seniorDiscount)
    lines.push({
      group: "Discounts",
      label: "Senior citizen discount",
      detail: `${bill.seniorPercent} % (RA 9994)`,
      amount: bill.seniorDiscount,
    });
  return lines;
}
