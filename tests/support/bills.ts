/**
 * A bill of March 2025 as the billing system would send it, worked out from the seeded rate
 * schedule (so the import's bill check finds nothing to question), and a bill file of such rows.
 */
import type { Db } from "../../db/client";
import { computeBill } from "../../modules/bills/compute";
import { BILL_COLUMNS, type BillRecord, billToRow, toCsv } from "../../modules/bills/files";
import { getSchedule, listDiscountTiers } from "../../modules/rates/schedule.server";

export async function testBill(db: Db, accountNumber: string, billNumber: string, kwh: number, arrears = 0): Promise<BillRecord> {
  const schedule = (await getSchedule(db, 2025, 3)).find((c) => c.classCode === "R")!;
  const c = computeBill(schedule, await listDiscountTiers(db), { kwh, demandKw: null, lifeline: false, senior: false });
  return {
    accountNumber,
    billNumber,
    rateClass: "R",
    billingYear: 2025,
    billingMonth: 3,
    periodFrom: "2025-02-05",
    periodTo: "2025-03-04",
    readingDate: "2025-03-04",
    previousReading: 5000,
    presentReading: 5000 + kwh,
    multiplier: 1,
    kwh,
    demandKw: null,
    lifeline: false,
    senior: false,
    charges: c.charges,
    vat: c.vat,
    lifelineDiscount: 0,
    seniorDiscount: 0,
    otherLabel: "",
    otherAmount: 0,
    arrears,
    totalDue: c.currentCharges + arrears,
    dueDate: "2025-03-14",
    disconnectionDate: null,
  };
}

/** A bill file (CSV) of these bills; a row given as strings goes in as it is (a malformed row). */
export const billFile = (...records: (BillRecord | string[])[]) =>
  toCsv([[...BILL_COLUMNS], ...records.map((r) => (Array.isArray(r) ? r : billToRow(r)))]);
