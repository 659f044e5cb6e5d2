/**
 * The demo schedule, bills and payments. The schedule has the magnitudes of a Luzon co-op's
 * (residential about 11 Php/kWh in all, generation about 5: the month's generation rate);
 * the bills are worked out from it (modules/bills/compute.ts) and go in as the billing system's
 * files would: written as CSV, checked and stored by the import's own code.
 */

import { computeBill } from "../modules/bills/compute";
import { DEMO_DISCOUNT_TIERS } from "../modules/bills/discounts";
import { BILL_COLUMNS, type BillRecord, billToRow, PAYMENT_COLUMNS, toCsv } from "../modules/bills/files";
import { type ClassSchedule, type ComponentCode, emptyComponents, type ScheduleRate } from "../modules/rates/schedule";
import { AGAM_DISTRICTS } from "../modules/shared/constants";
import { DEMO_ACCOUNTS_PER_DISTRICT, demoAccountNumber } from "./accounts";

const CLASS_LABELS: Record<string, string> = { R: "Residential", LV: "Commercial / Low Voltage", HV: "High Voltage" };

/** One class's demo components for a month whose generation rate is `generation` Php/kWh. */
export function demoSchedule(classCode: "R" | "LV" | "HV", generation: number): ClassSchedule {
  const c = emptyComponents();
  const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
  // Residential as most cooperatives publish it: each per-kWh VAT line in Php/kWh, to 4 decimals;
  // the per-customer and per-meter charges, and the other classes, with VAT as a percent.
  const set = (code: ComponentCode, rate: number, vatPercent = 0) => {
    const perKwhVat = classCode === "R" && vatPercent > 0 && !code.endsWith("_customer") && !code.endsWith("_meter");
    c[code] = perKwhVat
      ? { rate: round4(rate), vatPercent: 0, vatPerUnit: round4((round4(rate) * vatPercent) / 100) }
      : ({ rate: round4(rate), vatPercent, vatPerUnit: null } satisfies ScheduleRate);
  };
  const g = Math.round(generation * 10_000) / 10_000;
  set("generation", g, 12);
  set("system_loss", g * 0.1312, 12);
  set("rfsc", classCode === "HV" ? 0.2154 : 0.2874);
  set("lifeline_subsidy", 0.0183);
  set("senior_subsidy", 0.0002);
  set("uc_me", 0.1822);
  set("uc_ec", 0.0025);
  set("uc_sd", 0.0428);
  set("fit_all", 0.0838);
  if (classCode === "R") {
    set("transmission_kwh", 0.8123, 12);
    set("distribution_kwh", 1.2132, 12);
    set("supply_kwh", 0.4261, 12);
    set("supply_customer", 15, 12);
    set("metering_kwh", 0.3478, 12);
    set("metering_meter", 5, 12);
  } else if (classCode === "LV") {
    set("transmission_kwh", 0.7652, 12);
    set("distribution_kwh", 0.9823, 12);
    set("supply_customer", 37.7, 12);
    set("metering_kwh", 0.2987, 12);
    set("metering_meter", 12.5, 12);
  } else {
    set("transmission_kw", 320.5, 12);
    set("distribution_kw", 280.3, 12);
    set("supply_customer", 1250, 12);
    set("metering_meter", 600, 12);
  }
  return { classCode, classLabel: CLASS_LABELS[classCode]!, components: c };
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

export interface DemoBilling {
  billsCsv: string;
  paymentsCsv: string;
  bills: number;
  payments: number;
}

/**
 * 13 months of bills and payments for every demo account, the last billing month `last`
 * (its reading on the 4th must be on or before `today`). Some accounts are on the lifeline
 * rate (low use, every tier crossed over the months), some registered seniors, some pay late
 * or in part (the balance comes back as arrears), one a commercial and one a high-voltage
 * account per district; one bill has a distribution line a peso off, for the bill check.
 */
export function demoBilling(
  last: { year: number; month: number },
  today: string,
  generationRate: (year: number, month: number) => number,
): DemoBilling {
  const bills: string[][] = [[...BILL_COLUMNS]];
  const payments: string[][] = [[...PAYMENT_COLUMNS]];
  const lastKey = last.year * 12 + last.month - 1;
  for (const d of AGAM_DISTRICTS) {
    for (let k = 0; k < DEMO_ACCOUNTS_PER_DISTRICT; k++) {
      const account = demoAccountNumber(d.district, k);
      const digits = account.replace(/-/g, "");
      const cls = k === 20 ? "LV" : k === 22 ? "HV" : "R";
      const lifeline = cls === "R" && k % 6 === 3;
      const senior = cls === "R" && k % 6 === 4;
      const multiplier = cls === "HV" ? 40 : 1;
      let reading = 10_000 + ((k * 7919 + d.district * 131) % 40_000);
      let arrears = 0;
      for (let key = lastKey - 12; key <= lastKey; key++) {
        const year = Math.floor(key / 12);
        const month = (key % 12) + 1;
        const season = month === 4 || month === 5 ? 1.25 : month === 12 || month === 1 ? 0.9 : 1;
        const wiggle = ((k * 13 + key * 7 + d.district) % 11) - 5;
        const kwh =
          cls === "HV"
            ? 0
            : cls === "LV"
              ? Math.round((700 + ((k * 37) % 300)) * season) + wiggle * 4
              : lifeline
                ? // Every lifeline tier over the months: 12 to 108 kWh.
                  12 + ((key * 23 + k) % 97)
                : senior
                  ? 70 + ((key * 11 + k) % 61)
                  : Math.round((90 + ((k * 37 + d.district * 11) % 210)) * season) + wiggle;
        const previous = reading;
        const present = cls === "HV" ? previous + Math.round((760 + wiggle * 9) * season) : previous + kwh;
        const billedKwh = (present - previous) * multiplier;
        reading = present;
        const demandKw = cls === "HV" ? 95 + ((k + key) % 30) : null;
        const schedule = demoSchedule(cls, generationRate(year, month));
        const computed = computeBill(schedule, DEMO_DISCOUNT_TIERS, { kwh: billedKwh, demandKw, lifeline, senior });
        const charges = { ...computed.charges };
        // The bill check's demo finding: one bill of the last month billed a peso too much distribution.
        if (d.district === 3 && k === 5 && key === lastKey) charges.distribution_kwh += 100;
        const other = d.district % 3 === 0 && k === 9 && key === lastKey - 2 ? { label: "Meter seal replacement", amount: 15_000 } : null;
        const current =
          Object.values(charges).reduce((s, x) => s + x, 0) +
          Object.values(computed.vat).reduce((s, x) => s + (x ?? 0), 0) +
          computed.lifelineDiscount +
          computed.seniorDiscount;
        const totalDue = current + (other?.amount ?? 0) + arrears;
        const readingDate = iso(year, month, 4);
        const dueDate = iso(year, month, 14);
        const bill: BillRecord = {
          accountNumber: account,
          billNumber: `B${year}${String(month).padStart(2, "0")}-${digits}`,
          rateClass: cls,
          billingYear: year,
          billingMonth: month,
          periodFrom: iso(year, month - 1, 5),
          periodTo: readingDate,
          readingDate,
          previousReading: previous,
          presentReading: present,
          multiplier,
          kwh: billedKwh,
          demandKw,
          lifeline,
          senior,
          charges,
          vat: computed.vat,
          lifelineDiscount: computed.lifelineDiscount,
          seniorDiscount: computed.seniorDiscount,
          otherLabel: other?.label ?? "",
          otherAmount: other?.amount ?? 0,
          arrears,
          totalDue,
          dueDate,
          disconnectionDate: arrears > 0 ? iso(year, month, 21) : null,
        };
        bills.push(billToRow(bill));
        // How this account pays: most in full by the 10th; some late (the 20th); some half.
        const late = k % 5 === 0;
        const partial = k % 7 === 2;
        const paidOn = iso(year, month, late ? 20 : 10);
        const amount = partial ? Math.round(totalDue / 200) * 100 : totalDue;
        // Some have not paid the last bill yet (unpaid, or overdue after its due date).
        const notYet = k % 4 === 1 && key === lastKey;
        let paid = 0;
        if (!notYet && paidOn <= today && amount > 0) {
          const channel = (["office", "collector", "bank", "e-wallet"] as const)[(k + key) % 4]!;
          payments.push([`OR${year}${String(month).padStart(2, "0")}${digits}`, account, paidOn, (amount / 100).toFixed(2), channel]);
          paid = amount;
        }
        arrears = totalDue - paid;
      }
    }
  }
  return { billsCsv: toCsv(bills), paymentsCsv: toCsv(payments), bills: bills.length - 1, payments: payments.length - 1 };
}
