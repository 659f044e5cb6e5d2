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
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { billRevisions, bills, payments } from "../../db/schema";
import { accountsOnRoll } from "../members/roll.server";
import { type Posting, postOnlinePayments } from "../payments/posting.server";
import { queueEbills } from "../portal/ebills.server";
import type { ClassSchedule } from "../rates/schedule";
import { getSchedules, listDiscountTiers, listRateClasses } from "../rates/schedule.server";
import { getBillCheckSettings } from "./check-settings.server";
import { beyondTolerance, compareBill, computeBill, type LineDifference } from "./compute";
import { readCsv } from "./csv";
import type { DiscountTier } from "./discounts";
import { type BillRecord, checkBillFile, checkPaymentFile, type PaymentRecord, type Refusal } from "./files";

/** Rows per statement: one JSON parameter for the rows, 5,000 bill numbers for the look-up (below the 65,535 parameters). */
const BATCH = 5000;

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
  /** Online payments this payment file posted (receipts naming their reference); 0 for bills. */
  posted: number;
}

export type ImportResult = { ok: true; summary: ImportSummary } | { ok: false; error: string };

/** Splits CSV text into cells (a byte-order mark and blank lines are ignored); null when not CSV. */
export const csvCells = readCsv;

/**
 * Many rows in one statement with one parameter: the rows as a JSON array, expanded by
 * jsonb_to_recordset. Thousands of bound parameters per statement cost PGlite far more.
 */
function insertMany(
  table: string,
  columns: readonly (readonly [string, string])[],
  rows: Record<string, unknown>[],
  conflict: string,
): SQL {
  const names = columns.map(([n]) => `"${n}"`).join(", ");
  const types = columns.map(([n, t]) => `"${n}" ${t}`).join(", ");
  return sql`insert into ${sql.raw(`"${table}"`)} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(types)}) ${sql.raw(conflict)}`;
}

type CopyClient = { query(query: string, params: unknown[], options: { blob: Blob }): Promise<unknown> };

/**
 * The embedded database's own connection inside a transaction, which reads
 * COPY … FROM '/dev/blob': twice as fast as a JSON insert there. Null on PostgreSQL
 * (node-postgres), where the JSON insert is used.
 */
function pgliteCopyClient(tx: DbOrTx): CopyClient | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  // PGlite's transaction object has exec and closed; node-postgres's client has release and no exec.
  if (client && typeof client === "object" && "exec" in client && "closed" in client && !("release" in client))
    return client as unknown as CopyClient;
  return null;
}

const copyCell = (v: unknown): string => {
  if (v === null || v === undefined) return "";
  const t = typeof v === "object" ? JSON.stringify(v) : String(v);
  if (t === "") return '""';
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};

/** Inserts rows (new ones only: no conflict handling) by COPY on PGlite, by one JSON statement elsewhere. */
async function insertRows(tx: DbOrTx, table: string, columns: readonly (readonly [string, string])[], rows: Record<string, unknown>[]) {
  const copy = pgliteCopyClient(tx);
  if (!copy) return tx.execute(insertMany(table, columns, rows, ""));
  const csv = rows.map((r) => columns.map(([n]) => copyCell(r[n])).join(",")).join("\n");
  return copy.query(`copy "${table}" (${columns.map(([n]) => `"${n}"`).join(", ")}) from '/dev/blob' with (format csv)`, [], {
    blob: new Blob([csv]),
  });
}

const BILL_SQL_COLUMNS = [
  ["bill_number", "text"],
  ["account_number", "text"],
  ["rate_class", "text"],
  ["billing_year", "integer"],
  ["billing_month", "integer"],
  ["period_from", "date"],
  ["period_to", "date"],
  ["reading_date", "date"],
  ["previous_reading", "numeric"],
  ["present_reading", "numeric"],
  ["multiplier", "numeric"],
  ["kwh", "numeric"],
  ["demand_kw", "numeric"],
  ["lifeline", "boolean"],
  ["senior", "boolean"],
  ["charges", "jsonb"],
  ["vat", "jsonb"],
  ["lifeline_discount", "bigint"],
  ["senior_discount", "bigint"],
  ["other_label", "text"],
  ["other_amount", "bigint"],
  ["arrears", "bigint"],
  ["total_due", "bigint"],
  ["due_date", "date"],
  ["disconnection_date", "date"],
  ["content_hash", "text"],
  ["revision", "integer"],
  ["differences", "jsonb"],
] as const;

const PAYMENT_SQL_COLUMNS = [
  ["or_number", "text"],
  ["account_number", "text"],
  ["paid_on", "date"],
  ["amount", "bigint"],
  ["channel", "payment_channel"],
  ["content_hash", "text"],
  ["reference", "text"],
] as const;

const hashOf = (x: unknown) => crypto.createHash("sha256").update(JSON.stringify(x)).digest("base64url");

/**
 * The recomputation of one bill: every line that differs at all (the bill check's tolerance is
 * applied when the bills are listed, so changing it needs no new import), or null when no
 * schedule was published.
 */
export function checkAgainstSchedule(
  bill: BillRecord,
  schedules: Map<string, ClassSchedule[]>,
  tiers: readonly DiscountTier[],
): LineDifference[] | null {
  const schedule = schedules.get(`${bill.billingYear}-${bill.billingMonth}`)?.find((c) => c.classCode === bill.rateClass);
  if (!schedule) return null;
  const computed = computeBill(schedule, tiers, bill);
  return compareBill(bill, computed, 0);
}

/** A bill as a row of BILL_SQL_COLUMNS (numbers as text where the column is numeric: exact). */
function billRow(b: BillRecord, hash: string, differences: LineDifference[] | null, revision: number) {
  return {
    bill_number: b.billNumber,
    account_number: b.accountNumber,
    rate_class: b.rateClass,
    billing_year: b.billingYear,
    billing_month: b.billingMonth,
    period_from: b.periodFrom,
    period_to: b.periodTo,
    reading_date: b.readingDate,
    previous_reading: b.previousReading.toFixed(2),
    present_reading: b.presentReading.toFixed(2),
    multiplier: b.multiplier.toFixed(4),
    kwh: b.kwh.toFixed(2),
    demand_kw: b.demandKw === null ? null : b.demandKw.toFixed(3),
    lifeline: b.lifeline,
    senior: b.senior,
    charges: b.charges,
    vat: b.vat,
    lifeline_discount: b.lifelineDiscount,
    senior_discount: b.seniorDiscount,
    other_label: b.otherLabel,
    other_amount: b.otherAmount,
    arrears: b.arrears,
    total_due: b.totalDue,
    due_date: b.dueDate,
    disconnection_date: b.disconnectionDate,
    content_hash: hash,
    revision,
    differences,
  };
}

/** Stores checked bills inside `tx`. */
export async function storeBills(tx: DbOrTx, records: BillRecord[]): Promise<Omit<ImportSummary, "refused" | "kind" | "posted">> {
  let added = 0;
  let replaced = 0;
  let unchanged = 0;
  let withDifferences = 0;
  if (!records.length) return { added, replaced, unchanged, withDifferences };
  // The schedules of every month in the file, read once.
  const keys = records.map((b) => b.billingYear * 12 + b.billingMonth - 1);
  const lo = Math.min(...keys);
  const hi = Math.max(...keys);
  // One after the other: a transaction is one connection (see getSchedules).
  const schedules = await getSchedules(
    tx,
    { year: Math.floor(lo / 12), month: (lo % 12) + 1 },
    { year: Math.floor(hi / 12), month: (hi % 12) + 1 },
    { includeUnpublished: true },
  );
  const tiers = await listDiscountTiers(tx);
  const settings = await getBillCheckSettings(tx);
  for (let start = 0; start < records.length; start += BATCH) {
    const batch = records.slice(start, start + BATCH);
    // Only the hash and revision of what is stored: the whole row only for a correction.
    const stored = await tx
      .select({ billNumber: bills.billNumber, contentHash: bills.contentHash, revision: bills.revision })
      .from(bills)
      .where(
        inArray(
          bills.billNumber,
          batch.map((b) => b.billNumber),
        ),
      );
    const byNumber = new Map(stored.map((s) => [s.billNumber, s]));
    const rows: ReturnType<typeof billRow>[] = [];
    const corrected: string[] = [];
    for (const b of batch) {
      const hash = hashOf(b);
      const before = byNumber.get(b.billNumber);
      if (before?.contentHash === hash) {
        unchanged++;
        continue;
      }
      const differences = checkAgainstSchedule(b, schedules, tiers);
      if (beyondTolerance(differences ?? [], settings.toleranceCentavos).length) withDifferences++;
      if (before) {
        replaced++;
        corrected.push(b.billNumber);
      } else added++;
      rows.push(billRow(b, hash, differences, (before?.revision ?? 0) + 1));
    }
    if (corrected.length) {
      // The earlier versions go to the revisions, then make way for the corrected ones.
      const earlier = await tx.select().from(bills).where(inArray(bills.billNumber, corrected));
      await tx.insert(billRevisions).values(
        earlier.map(({ importedAt, ...snapshot }) => ({
          billNumber: snapshot.billNumber,
          revision: snapshot.revision,
          snapshot: { ...snapshot, importedAt: importedAt.toISOString() },
        })),
      );
      await tx.delete(bills).where(inArray(bills.billNumber, corrected));
    }
    if (rows.length) {
      await insertRows(tx, "bills", BILL_SQL_COLUMNS, rows);
      // Paperless members' e-mails, in this transaction: they exist exactly when the bills do.
      await queueEbills(
        tx,
        rows.map((r) => r.bill_number),
      );
    }
  }
  return { added, replaced, unchanged, withDifferences };
}

/**
 * Stores checked payments inside `tx`: a receipt already here with other figures is refused
 * (receipts are final). A receipt that names an online payment's reference posts it, in the
 * same transaction: the bill counts the receipt from then on instead of the online payment.
 */
export async function storePayments(
  tx: DbOrTx,
  records: PaymentRecord[],
  lines: number[],
  now = new Date(),
): Promise<Omit<ImportSummary, "kind" | "withDifferences">> {
  let added = 0;
  let unchanged = 0;
  let posted = 0;
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
    const rows: Record<string, unknown>[] = [];
    // Receipts stored unchanged are posted again too: a payment paid after the file first came
    // (a late gateway event) is matched when the file is sent again; a posted one stays as it is.
    const postings: Posting[] = [];
    for (const [i, p] of batch.entries()) {
      const hash = hashOf(p);
      const before = byNumber.get(p.orNumber);
      if (p.reference && (!before || before === hash))
        postings.push({ orNumber: p.orNumber, accountNumber: p.accountNumber, reference: p.reference });
      if (before === hash) unchanged++;
      else if (before)
        refused.push({
          line: lines[start + i] ?? 0,
          key: p.orNumber,
          reason: `official receipt ${p.orNumber} is already stored with other figures`,
        });
      else {
        added++;
        rows.push({
          or_number: p.orNumber,
          account_number: p.accountNumber,
          paid_on: p.paidOn,
          amount: p.amount,
          channel: p.channel,
          content_hash: hash,
          reference: p.reference ?? null,
        });
      }
    }
    if (rows.length) await insertRows(tx, "payments", PAYMENT_SQL_COLUMNS, rows);
    posted += (await postOnlinePayments(tx, postings, now)).length;
  }
  return { added, replaced: 0, unchanged, refused, posted };
}

/**
 * The rows of a checked file whose account is on the member roll; the others are refused with
 * their line and reason. A bill or payment for an account that is no member's reaches nobody
 * (no member can see it) and only leaves staff to chase it: a typo, or a file turned against them.
 */
async function refuseOffRoll<T extends { accountNumber: string }>(
  db: Db,
  file: { records: T[]; lines: number[]; refused: Refusal[] },
  what: (record: T) => string,
): Promise<{ records: T[]; lines: number[]; refused: Refusal[] }> {
  const onRoll = await accountsOnRoll(
    db,
    file.records.map((r) => r.accountNumber),
  );
  const records: T[] = [];
  const lines: number[] = [];
  const refused = [...file.refused];
  file.records.forEach((record, i) => {
    const line = file.lines[i] ?? 0;
    if (onRoll.has(record.accountNumber)) {
      records.push(record);
      lines.push(line);
    } else
      refused.push({
        line,
        key: record.accountNumber,
        reason: `${what(record)}: account ${record.accountNumber} is not on the member roll (import the roll first, or correct the account number)`,
      });
  });
  return { records, lines, refused: refused.sort((a, b) => a.line - b.line) };
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
  now = new Date(),
): Promise<ImportResult> {
  const cells = csvCells(text);
  if (!cells) return { ok: false, error: "This is not a CSV file (a quote is not closed)." };
  if (kind === "bills") {
    const classes = new Set((await listRateClasses(db)).map((c) => c.code));
    const file = checkBillFile(cells, classes);
    if (!file.ok) return file;
    const checked = await refuseOffRoll(db, file, (b) => `bill ${b.billNumber}`);
    const summary = await db.transaction(async (tx) => {
      const stored = await storeBills(tx, checked.records);
      const all: ImportSummary = { kind, ...stored, posted: 0, refused: checked.refused };
      await audit?.(tx, all);
      return all;
    });
    return { ok: true, summary };
  }
  const file = checkPaymentFile(cells);
  if (!file.ok) return file;
  const checked = await refuseOffRoll(db, file, (p) => `official receipt ${p.orNumber}`);
  const summary = await db.transaction(async (tx) => {
    const stored = await storePayments(tx, checked.records, checked.lines, now);
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
  ...(s.kind === "payments" ? { posted: s.posted } : {}),
});
