/**
 * A bill as the public bill inquiry and the console show it: the latest imported bill of an
 * account, the payments made since its reading, its status and the balance. Anyone who solves
 * the captcha sees it, so it never carries a figure that proves an account (the bill number,
 * the meter readings: proof-figures.ts); the type below refuses them at compile time.
 */
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { agamAccounts, bills, payments } from "../../db/schema";
import { maskMemberInitials } from "../members/mask";
import { manilaIsoDate } from "../shared/dates";
import { getBillCheckSettings } from "./check-settings.server";
import { beyondTolerance } from "./compute";
import type { PrivateBillField } from "./proof-figures";
import { type BillStatus, billStatus } from "./status";

export interface BillSummary {
  accountNumber: string;
  /** Initials only: anyone can type an account number. */
  maskedName: string | null;
  rateClass: string;
  billingYear: number;
  billingMonth: number;
  periodFrom: string;
  periodTo: string;
  kwh: number;
  totalDue: number;
  dueDate: string;
  disconnectionDate: string | null;
  paidSinceBill: number;
  status: BillStatus;
  balance: number;
  lastPayment: { paidOn: string; amount: number } | null;
}

/** Fails to compile when a figure that proves an account is added to the public summary. */
type NoProofFigure<T> = Extract<keyof T, PrivateBillField> extends never ? true : false;
const publicSummaryHasNoProofFigure: NoProofFigure<BillSummary> = true;
void publicSummaryHasNoProofFigure;

/** The latest bill of `accountNumber` (by its period), or null when none was imported yet. */
export async function latestBill(db: DbOrTx, accountNumber: string, now = new Date()): Promise<BillSummary | null> {
  // Only the public columns are read, so no proof figure can slip into the answer.
  const [bill] = await db
    .select({
      rateClass: bills.rateClass,
      billingYear: bills.billingYear,
      billingMonth: bills.billingMonth,
      periodFrom: bills.periodFrom,
      periodTo: bills.periodTo,
      readingDate: bills.readingDate,
      kwh: bills.kwh,
      totalDue: bills.totalDue,
      dueDate: bills.dueDate,
      disconnectionDate: bills.disconnectionDate,
    })
    .from(bills)
    .where(eq(bills.accountNumber, accountNumber))
    .orderBy(desc(bills.periodTo), desc(bills.billNumber))
    .limit(1);
  if (!bill) return null;
  const [[member], [paid], [last]] = await Promise.all([
    db.select({ name: agamAccounts.name }).from(agamAccounts).where(eq(agamAccounts.accountNumber, accountNumber)),
    db
      .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(and(eq(payments.accountNumber, accountNumber), gte(payments.paidOn, bill.readingDate))),
    db
      .select({ paidOn: payments.paidOn, amount: payments.amount })
      .from(payments)
      .where(eq(payments.accountNumber, accountNumber))
      .orderBy(desc(payments.paidOn), desc(payments.orNumber))
      .limit(1),
  ]);
  const paidSinceBill = Number(paid?.sum ?? 0);
  const { status, balance } = billStatus(bill.totalDue, paidSinceBill, bill.dueDate, manilaIsoDate(now));
  return {
    accountNumber,
    maskedName: member ? maskMemberInitials(member.name) : null,
    rateClass: bill.rateClass,
    billingYear: bill.billingYear,
    billingMonth: bill.billingMonth,
    periodFrom: bill.periodFrom,
    periodTo: bill.periodTo,
    kwh: Number(bill.kwh),
    totalDue: bill.totalDue,
    dueDate: bill.dueDate,
    disconnectionDate: bill.disconnectionDate,
    paidSinceBill,
    status,
    balance,
    lastPayment: last ? { paidOn: last.paidOn, amount: last.amount } : null,
  };
}

/**
 * Bills with a line that differs from the recomputation by more than the tolerance (0 by
 * default: any centavo), newest month first, with only those lines.
 */
export async function listBillDifferences(db: DbOrTx, limit = 200) {
  const settings = await getBillCheckSettings(db);
  const tolerance = settings.toleranceCentavos;
  const where = sql`exists (select 1 from jsonb_array_elements(${bills.differences}) d where abs((d->>'billed')::bigint - (d->>'computed')::bigint) > ${tolerance})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        billNumber: bills.billNumber,
        accountNumber: bills.accountNumber,
        rateClass: bills.rateClass,
        billingYear: bills.billingYear,
        billingMonth: bills.billingMonth,
        kwh: bills.kwh,
        differences: bills.differences,
      })
      .from(bills)
      .where(where)
      .orderBy(desc(bills.billingYear), desc(bills.billingMonth), bills.billNumber)
      .limit(limit),
    db.select({ n: count() }).from(bills).where(where),
  ]);
  const [unchecked] = await db.select({ n: count() }).from(bills).where(sql`${bills.differences} is null`);
  return {
    rows: rows.map((r) => ({ ...r, differences: beyondTolerance(r.differences ?? [], tolerance) })),
    total: total?.n ?? 0,
    unchecked: unchecked?.n ?? 0,
    settings,
  };
}
