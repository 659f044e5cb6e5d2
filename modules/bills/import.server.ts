/**
 * Storing checked bill and payment files. Every row is checked first (files.ts); a file that
 * is not a bill or payment file stores nothing. Then, in one transaction and in batches:
 * a new bill is added, the same row again is left alone (its hash is unchanged), a corrected
 * bill (same bill number, other figures) replaces the stored one, which is kept as a revision.
 * Each stored bill is recomputed from the published schedule of its month and class; the lines
 * that differ are kept with it for the console's report. The console, the API and the demo
 * seed all come through here.
 */
import crypto from "node:crypto";
import { parse as parseCsv } from "csv-parse/sync";
import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/interruption-events.server";
import type { Db } from "../../db/client";
import { billRevisions, bills, payments } from "../../db/schema";
import type { ClassSchedule } from "../rates/schedule";
import { getSchedules, listDiscountTiers, listRateClasses } from "../rates/schedule.server";
import { compareBill, computeBill, type LineDifference } from "./compute";
import type { DiscountTier } from "./discounts";
import { type BillRecord, checkBillFile, checkPaymentFile, type PaymentRecord, type Refusal } from "./files";

/** Rows per statement: 29 columns × 1,000 stays far below PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

export type ImportKind = "bills" | "payments";

export interface ImportSummary {
  kind: ImportKind;
  added: number;
  /** Corrected bills (a new revision); payments are never replaced (a receipt is final). */
  replaced: number;
  unchanged: number;
  refused: Refusal[];
  /** Bills stored whose lines differ from the recomputation (this import). */
  withDifferences: number;
}

export type ImportResult = { ok: true; summary: ImportSummary } | { ok: false; error: string };

/** Splits CSV text into cells (a byte-order mark and blank lines are ignored); null when not CSV. */
export function csvCells(text: string): string[][] | null {
  try {
    return parseCsv(text.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch {
    return null;
  }
}

const hashOf = (x: unknown) => crypto.createHash("sha256").update(JSON.stringify(x)).digest("base64url");

/** The recomputation of one bill: its differing lines, or null when no schedule was published. */
export function checkAgainstSchedule(
  bill: BillRecord,
  schedules: Map<string, ClassSchedule[]>,
  tiers: readonly DiscountTier[],
): LineDifference[] | null {
  const schedule = schedules.get(`${bill.billingYear}-${bill.billingMonth}`)?.find((c) => c.classCode === bill.rateClass);
  if (!schedule) return null;
  const computed = computeBill(schedule, tiers, bill);
  return compareBill(bill, computed);
}

function billRow(b: BillRecord, hash: string, differences: LineDifference[] | null) {
  return {
    billNumber: b.billNumber,
    accountNumber: b.accountNumber,
    rateClass: b.rateClass,
    billingYear: b.billingYear,
    billingMonth: b.billingMonth,
    periodFrom: b.periodFrom,
    periodTo: b.periodTo,
    readingDate: b.readingDate,
    previousReading: b.previousReading.toFixed(2),
    presentReading: b.presentReading.toFixed(2),
    multiplier: b.multiplier.toFixed(4),
    kwh: b.kwh.toFixed(2),
    demandKw: b.demandKw === null ? null : b.demandKw.toFixed(3),
    lifeline: b.lifeline,
    senior: b.senior,
    charges: b.charges,
    vat: b.vat as Record<string, number>,
    lifelineDiscount: b.lifelineDiscount,
    seniorDiscount: b.seniorDiscount,
    otherLabel: b.otherLabel,
    otherAmount: b.otherAmount,
    arrears: b.arrears,
    totalDue: b.totalDue,
    dueDate: b.dueDate,
    disconnectionDate: b.disconnectionDate,
    contentHash: hash,
    differences,
  };
}

/** Stores checked bills inside `tx`. */
export async function storeBills(tx: DbOrTx, records: BillRecord[]): Promise<Omit<ImportSummary, "refused" | "kind">> {
  let added = 0;
  let replaced = 0;
  let unchanged = 0;
  let withDifferences = 0;
  if (!records.length) return { added, replaced, unchanged, withDifferences };
  // The schedules of every month in the file, read once.
  const keys = records.map((b) => b.billingYear * 12 + b.billingMonth - 1);
  const lo = Math.min(...keys);
  const hi = Math.max(...keys);
  const [schedules, tiers] = await Promise.all([
    getSchedules(
      tx,
      { year: Math.floor(lo / 12), month: (lo % 12) + 1 },
      { year: Math.floor(hi / 12), month: (hi % 12) + 1 },
      { includeUnpublished: true },
    ),
    listDiscountTiers(tx),
  ]);
  for (let start = 0; start < records.length; start += BATCH) {
    const batch = records.slice(start, start + BATCH);
    const stored = await tx
      .select()
      .from(bills)
      .where(
        inArray(
          bills.billNumber,
          batch.map((b) => b.billNumber),
        ),
      );
    const byNumber = new Map(stored.map((s) => [s.billNumber, s]));
    const inserts = [];
    const revisions = [];
    for (const b of batch) {
      const hash = hashOf(b);
      const before = byNumber.get(b.billNumber);
      if (before?.contentHash === hash) {
        unchanged++;
        continue;
      }
      const differences = checkAgainstSchedule(b, schedules, tiers);
      if (differences?.length) withDifferences++;
      if (before) {
        replaced++;
        const { importedAt, ...snapshot } = before;
        revisions.push({
          billNumber: b.billNumber,
          revision: before.revision,
          snapshot: { ...snapshot, importedAt: importedAt.toISOString() },
        });
        inserts.push({ ...billRow(b, hash, differences), revision: before.revision + 1 });
      } else {
        added++;
        inserts.push({ ...billRow(b, hash, differences), revision: 1 });
      }
    }
    if (revisions.length) await tx.insert(billRevisions).values(revisions);
    if (inserts.length)
      await tx
        .insert(bills)
        .values(inserts)
        .onConflictDoUpdate({
          target: bills.billNumber,
          set: Object.fromEntries(
            Object.entries(bills)
              .filter(([k, col]) => k !== "billNumber" && typeof col === "object" && col !== null && "name" in col)
              .map(([k, col]) => [k, sql.raw(`excluded.${(col as { name: string }).name}`)]),
          ),
        });
  }
  return { added, replaced, unchanged, withDifferences };
}

/** Stores checked payments inside `tx`: a receipt already here with other figures is refused (receipts are final). */
export async function storePayments(
  tx: DbOrTx,
  records: PaymentRecord[],
  lines: number[],
): Promise<Omit<ImportSummary, "kind" | "withDifferences">> {
  let added = 0;
  let unchanged = 0;
  const refused: Refusal[] = [];
  for (let start = 0; start < records.length; start += BATCH) {
    const batch = records.slice(start, start + BATCH);
    const stored = await tx
      .select({ orNumber: payments.orNumber, contentHash: payments.contentHash })
      .from(payments)
      .where(
        inArray(
          payments.orNumber,
          batch.map((p) => p.orNumber),
        ),
      );
    const byNumber = new Map(stored.map((s) => [s.orNumber, s.contentHash]));
    const inserts = [];
    for (const [i, p] of batch.entries()) {
      const hash = hashOf(p);
      const before = byNumber.get(p.orNumber);
      if (before === hash) unchanged++;
      else if (before)
        refused.push({
          line: lines[start + i] ?? 0,
          key: p.orNumber,
          reason: `official receipt ${p.orNumber} is already stored with other figures`,
        });
      else {
        added++;
        inserts.push({ ...p, contentHash: hash });
      }
    }
    if (inserts.length) await tx.insert(payments).values(inserts);
  }
  return { added, replaced: 0, unchanged, refused };
}

/**
 * Checks every row of a bill or payment file, then stores the good ones in one transaction;
 * `audit` runs inside it (the console's and the API's audit entry).
 */
export async function importFile(
  db: Db,
  kind: ImportKind,
  text: string,
  audit?: (tx: DbOrTx, summary: ImportSummary) => Promise<void>,
): Promise<ImportResult> {
  const cells = csvCells(text);
  if (!cells) return { ok: false, error: "This is not a CSV file (a quote is not closed)." };
  if (kind === "bills") {
    const classes = new Set((await listRateClasses(db)).map((c) => c.code));
    const checked = checkBillFile(cells, classes);
    if (!checked.ok) return checked;
    const summary = await db.transaction(async (tx) => {
      const stored = await storeBills(tx, checked.records);
      const all: ImportSummary = { kind, ...stored, refused: checked.refused };
      await audit?.(tx, all);
      return all;
    });
    return { ok: true, summary };
  }
  const checked = checkPaymentFile(cells);
  if (!checked.ok) return checked;
  const summary = await db.transaction(async (tx) => {
    const stored = await storePayments(tx, checked.records, checked.lines);
    const all: ImportSummary = {
      kind,
      ...stored,
      withDifferences: 0,
      refused: [...checked.refused, ...stored.refused].sort((a, b) => a.line - b.line),
    };
    await audit?.(tx, all);
    return all;
  });
  return { ok: true, summary };
}

/** What an audit entry says of an import (counts, not the rows: they are personal data). */
export const auditSummary = (s: ImportSummary, file: string) => ({
  file,
  added: s.added,
  replaced: s.replaced,
  unchanged: s.unchanged,
  refused: s.refused.length,
  withDifferences: s.withDifferences,
});
