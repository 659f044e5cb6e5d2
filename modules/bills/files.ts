/**
 * The bill and payment files a billing system exports each cycle (docs/bill-import.md):
 * CSV, a header naming the columns in any order (any case, spaces or dashes for "_").
 * Every row is checked here before anything is stored; pure, so the unit tests, the
 * benchmark and the seed use it without a database.
 */

import { PAYMENT_CHANNELS } from "../../db/schema/enum-values";
import { COMPONENT_CODES, type ComponentCode } from "../rates/schedule";
import { ACCOUNT_NUMBER_PATTERN } from "../shared/constants";
import { centavos } from "./money";

/** The largest bill or payment file (console or API): 150,000 bills of about 400 bytes. */
export const BILL_FILE_LIMIT = 64 * 1024 * 1024;

export const BILL_ID_COLUMNS = [
  "account_number",
  "bill_number",
  "rate_class",
  "billing_month",
  "period_from",
  "period_to",
  "reading_date",
  "previous_reading",
  "present_reading",
  "multiplier",
  "kwh",
  "demand_kw",
  "lifeline",
  "senior",
] as const;
export const VAT_COLUMNS = COMPONENT_CODES.map((c) => `vat_${c}`);
export const BILL_TAIL_COLUMNS = [
  "lifeline_discount",
  "senior_discount",
  "other_label",
  "other_amount",
  "arrears",
  "total_amount_due",
  "due_date",
  "disconnection_date",
] as const;
/** Every column of a bill file, in the template's order. */
export const BILL_COLUMNS: readonly string[] = [...BILL_ID_COLUMNS, ...COMPONENT_CODES, ...VAT_COLUMNS, ...BILL_TAIL_COLUMNS];
/** Columns a file may leave out (read as empty: no VAT, no other charge, no disconnection date). */
/** A bill number as the billing system writes it (and as a member types it to prove an account). */
export const BILL_NUMBER_PATTERN = /^[A-Za-z0-9-]{1,40}$/;
const OPTIONAL_BILL_COLUMNS = new Set<string>([...VAT_COLUMNS, "other_label", "other_amount", "disconnection_date", "demand_kw"]);

export { PAYMENT_CHANNELS };
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];
export const PAYMENT_COLUMNS = ["or_number", "account_number", "paid_on", "amount", "channel"] as const;
/** The payment file's optional column: the site's reference of the online payment a receipt posts. */
export const PAYMENT_REFERENCE_COLUMN = "reference";

export interface BillRecord {
  accountNumber: string;
  billNumber: string;
  rateClass: string;
  billingYear: number;
  billingMonth: number;
  periodFrom: string;
  periodTo: string;
  readingDate: string;
  previousReading: number;
  presentReading: number;
  multiplier: number;
  kwh: number;
  demandKw: number | null;
  lifeline: boolean;
  senior: boolean;
  /** Centavos per component. */
  charges: Record<ComponentCode, number>;
  /** Centavos of VAT per component that carries it. */
  vat: Partial<Record<ComponentCode, number>>;
  lifelineDiscount: number;
  seniorDiscount: number;
  otherLabel: string;
  otherAmount: number;
  arrears: number;
  totalDue: number;
  dueDate: string;
  disconnectionDate: string | null;
}

export interface PaymentRecord {
  orNumber: string;
  accountNumber: string;
  paidOn: string;
  /** Centavos. */
  amount: number;
  channel: PaymentChannel;
  /**
   * The online payment this receipt posts ("WP-…"), when the file has one. Left out (not null)
   * otherwise, so a receipt's content hash is the same as before the column existed.
   */
  reference?: string;
}

export interface Refusal {
  /** The line in the file (the header is line 1). */
  line: number;
  /** The bill or receipt number, or the account, when readable. */
  key: string;
  reason: string;
}

export type FileCheck<T> = { ok: true; records: T[]; lines: number[]; refused: Refusal[] } | { ok: false; error: string };

const headerKey = (cell: string) =>
  cell
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** The column index of each name, or the names missing. */
function readHeader(cells: string[], required: readonly string[]): { index: Map<string, number> } | { missing: string[] } {
  const keys = cells.map(headerKey);
  const missing = required.filter((c) => !keys.includes(c));
  if (missing.length) return { missing };
  return { index: new Map(keys.map((k, i) => [k, i])) };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date as YYYY-MM-DD, or null. */
export function isoDate(text: string): string | null {
  const m = DATE.exec(text.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
    ? text.trim()
    : null;
}

const DECIMALS: Record<number, RegExp> = { 2: /^\d{1,9}(\.\d{1,2})?$/, 3: /^\d{1,9}(\.\d{1,3})?$/, 4: /^\d{1,9}(\.\d{1,4})?$/ };
const decimal = (text: string, digits: 2 | 3 | 4): number | null => {
  const t = text.includes(",") ? text.replace(/,/g, "").trim() : text.trim();
  return DECIMALS[digits]!.test(t) ? Number(t) : null;
};
const yesNo = (text: string): boolean | null => {
  const t = text.trim().toLowerCase();
  if (["y", "yes", "1", "true"].includes(t)) return true;
  if (["", "n", "no", "0", "false"].includes(t)) return false;
  return null;
};

/** One bill row: the record, or why it is refused. `classes` are the rate classes known here. */
export function checkBillRow(get: (column: string) => string, classes: ReadonlySet<string>): BillRecord | string {
  const accountNumber = get("account_number").trim();
  if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber)) return `account number "${accountNumber}" must be like 01-1000-4568`;
  const billNumber = get("bill_number").trim();
  if (!BILL_NUMBER_PATTERN.test(billNumber)) return `bill number "${billNumber}" must be 1 to 40 letters, digits or dashes`;
  const rateClass = get("rate_class").trim().toUpperCase();
  if (!classes.has(rateClass)) return `rate class "${get("rate_class")}" is not one of ${[...classes].join(", ")}`;
  const month = /^(\d{4})-(\d{2})$/.exec(get("billing_month").trim());
  if (!month || Number(month[2]) < 1 || Number(month[2]) > 12) return `billing month "${get("billing_month")}" must be like 2026-03`;
  const periodFrom = isoDate(get("period_from"));
  const periodTo = isoDate(get("period_to"));
  const readingDate = isoDate(get("reading_date"));
  const dueDate = isoDate(get("due_date"));
  if (!periodFrom) return `period_from "${get("period_from")}" is not a date like 2026-03-05`;
  if (!periodTo) return `period_to "${get("period_to")}" is not a date like 2026-04-04`;
  if (periodTo < periodFrom) return "the billing period ends before it starts";
  if (!readingDate) return `reading_date "${get("reading_date")}" is not a date like 2026-04-04`;
  if (!dueDate) return `due_date "${get("due_date")}" is not a date like 2026-04-14`;
  if (dueDate < readingDate) return "the due date is before the reading date";
  const disconnectionText = get("disconnection_date").trim();
  const disconnectionDate = disconnectionText ? isoDate(disconnectionText) : null;
  if (disconnectionText && !disconnectionDate) return `disconnection_date "${disconnectionText}" is not a date like 2026-04-20`;
  if (disconnectionDate && disconnectionDate <= dueDate) return "the disconnection date must come after the due date";
  const previousReading = decimal(get("previous_reading"), 2);
  const presentReading = decimal(get("present_reading"), 2);
  const multiplier = decimal(get("multiplier"), 4);
  const kwh = decimal(get("kwh"), 2);
  if (previousReading === null) return `previous reading "${get("previous_reading")}" is not a meter reading`;
  if (presentReading === null) return `present reading "${get("present_reading")}" is not a meter reading`;
  if (presentReading < previousReading) return "the present reading is below the previous reading";
  if (multiplier === null || multiplier <= 0) return `multiplier "${get("multiplier")}" must be a number above 0`;
  if (kwh === null) return `kWh "${get("kwh")}" is not a number of kWh`;
  const expected = Math.round((presentReading - previousReading) * multiplier * 100) / 100;
  if (Math.abs(expected - kwh) > 0.01) return `kWh ${kwh} is not (present − previous) × multiplier = ${expected}`;
  const demandText = get("demand_kw").trim();
  const demandKw = demandText ? decimal(demandText, 3) : null;
  if (demandText && demandKw === null) return `demand "${demandText}" is not a number of kW`;
  const lifeline = yesNo(get("lifeline"));
  const senior = yesNo(get("senior"));
  if (lifeline === null) return `lifeline "${get("lifeline")}" must be Y or N`;
  if (senior === null) return `senior "${get("senior")}" must be Y or N`;

  const charges = {} as Record<ComponentCode, number>;
  const vat: Partial<Record<ComponentCode, number>> = {};
  let sum = 0;
  for (const code of COMPONENT_CODES) {
    const c = centavos(get(code) || "0");
    if (c === null) return `${code} "${get(code)}" is not an amount like 768.51`;
    charges[code] = c;
    sum += c;
    const vText = get(`vat_${code}`);
    if (vText.trim()) {
      const v = centavos(vText);
      if (v === null) return `vat_${code} "${vText}" is not an amount like 92.22`;
      if (v !== 0) vat[code] = v;
      sum += v;
    }
  }
  const amounts: Record<string, number> = {};
  for (const col of ["lifeline_discount", "senior_discount", "other_amount", "arrears", "total_amount_due"]) {
    const c = centavos(get(col) || "0");
    if (c === null) return `${col} "${get(col)}" is not an amount like 1,234.50`;
    amounts[col] = c;
  }
  if (amounts.lifeline_discount! > 0 || amounts.senior_discount! > 0) return "discounts are written as negative amounts, like -45.20";
  if (amounts.lifeline_discount! < 0 && !lifeline) return "a lifeline discount on an account not marked lifeline";
  if (amounts.senior_discount! < 0 && !senior) return "a senior citizen discount on an account not marked senior";
  const otherLabel = get("other_label").trim();
  if (amounts.other_amount !== 0 && !otherLabel) return "other_amount needs its other_label (what it is for)";
  if (otherLabel.length > 120) return "other_label is longer than 120 characters";
  sum += amounts.lifeline_discount! + amounts.senior_discount! + amounts.other_amount! + amounts.arrears!;
  if (sum !== amounts.total_amount_due)
    return `the lines add up to ${(sum / 100).toFixed(2)}, not the total amount due ${(amounts.total_amount_due! / 100).toFixed(2)}`;
  return {
    accountNumber,
    billNumber,
    rateClass,
    billingYear: Number(month[1]),
    billingMonth: Number(month[2]),
    periodFrom,
    periodTo,
    readingDate,
    previousReading,
    presentReading,
    multiplier,
    kwh,
    demandKw,
    lifeline,
    senior,
    charges,
    vat,
    lifelineDiscount: amounts.lifeline_discount!,
    seniorDiscount: amounts.senior_discount!,
    otherLabel,
    otherAmount: amounts.other_amount!,
    arrears: amounts.arrears!,
    totalDue: amounts.total_amount_due!,
    dueDate,
    disconnectionDate,
  };
}

export function checkPaymentRow(get: (column: string) => string): PaymentRecord | string {
  const orNumber = get("or_number").trim();
  if (!/^[A-Za-z0-9-]{1,40}$/.test(orNumber)) return `OR number "${orNumber}" must be 1 to 40 letters, digits or dashes`;
  const accountNumber = get("account_number").trim();
  if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber)) return `account number "${accountNumber}" must be like 01-1000-4568`;
  const paidOn = isoDate(get("paid_on"));
  if (!paidOn) return `paid_on "${get("paid_on")}" is not a date like 2026-04-10`;
  const amount = centavos(get("amount"));
  if (amount === null || amount <= 0) return `amount "${get("amount")}" must be an amount above 0, like 1,250.00`;
  const channel = get("channel")
    .trim()
    .toLowerCase()
    .replace(/^ewallet$/, "e-wallet");
  if (!(PAYMENT_CHANNELS as readonly string[]).includes(channel))
    return `channel "${get("channel")}" is not one of ${PAYMENT_CHANNELS.join(", ")}`;
  const record: PaymentRecord = { orNumber, accountNumber, paidOn, amount, channel: channel as PaymentChannel };
  const reference = get(PAYMENT_REFERENCE_COLUMN).trim().toUpperCase();
  if (!reference) return record;
  // Any well-formed reference is kept, even one the site does not know: the billing system is
  // the ledger, and the reconciliation lists it as posted but not paid.
  if (!/^[A-Z0-9-]{1,40}$/.test(reference)) return `reference "${reference}" must be like WP-7KQ2M9XR4T (letters, digits and dashes)`;
  return { ...record, reference };
}

function checkFile<T>(
  rows: string[][],
  kind: string,
  required: readonly string[],
  checkRow: (get: (c: string) => string) => T | string,
  keyOf: (t: T) => string,
  keyColumn: string,
): FileCheck<T> {
  const header = rows[0];
  if (!header) return { ok: false, error: "The file is empty." };
  const read = readHeader(header, required);
  if ("missing" in read)
    return { ok: false, error: `This is not a ${kind} file: its first line must name the columns (missing: ${read.missing.join(", ")}).` };
  const records: T[] = [];
  const lines: number[] = [];
  const refused: Refusal[] = [];
  const seen = new Set<string>();
  const { index } = read;
  for (let i = 1; i < rows.length; i++) {
    const cells = rows[i]!;
    if (cells.every((c) => c.trim() === "")) continue;
    const get = (c: string) => {
      const at = index.get(c);
      return at === undefined ? "" : (cells[at] ?? "");
    };
    const checked = checkRow(get);
    if (typeof checked === "string") {
      refused.push({ line: i + 1, key: get(keyColumn).trim().slice(0, 40), reason: checked });
      continue;
    }
    const key = keyOf(checked);
    if (seen.has(key)) {
      refused.push({ line: i + 1, key, reason: `${keyColumn.replace("_", " ")} ${key} appears earlier in the file` });
      continue;
    }
    seen.add(key);
    records.push(checked);
    lines.push(i + 1);
  }
  if (records.length === 0 && refused.length === 0) return { ok: false, error: `The file has a header but no ${kind} rows.` };
  return { ok: true, records, lines, refused };
}

export const REQUIRED_BILL_COLUMNS = BILL_COLUMNS.filter((c) => !OPTIONAL_BILL_COLUMNS.has(c));

export function checkBillFile(rows: string[][], classes: ReadonlySet<string>): FileCheck<BillRecord> {
  return checkFile(
    rows,
    "bill",
    REQUIRED_BILL_COLUMNS,
    (get) => checkBillRow(get, classes),
    (b) => b.billNumber,
    "bill_number",
  );
}

export function checkPaymentFile(rows: string[][]): FileCheck<PaymentRecord> {
  return checkFile(rows, "payment", PAYMENT_COLUMNS, checkPaymentRow, (p) => p.orNumber, "or_number");
}

/** A bill as a row of the bill file, in BILL_COLUMNS order (the seed and the benchmark write files with it). */
export function billToRow(b: BillRecord): string[] {
  const money = (c: number) => (c / 100).toFixed(2);
  const values: Record<string, string> = {
    account_number: b.accountNumber,
    bill_number: b.billNumber,
    rate_class: b.rateClass,
    billing_month: `${b.billingYear}-${String(b.billingMonth).padStart(2, "0")}`,
    period_from: b.periodFrom,
    period_to: b.periodTo,
    reading_date: b.readingDate,
    previous_reading: String(b.previousReading),
    present_reading: String(b.presentReading),
    multiplier: String(b.multiplier),
    kwh: String(b.kwh),
    demand_kw: b.demandKw === null ? "" : String(b.demandKw),
    lifeline: b.lifeline ? "Y" : "N",
    senior: b.senior ? "Y" : "N",
    lifeline_discount: money(b.lifelineDiscount),
    senior_discount: money(b.seniorDiscount),
    other_label: b.otherLabel,
    other_amount: money(b.otherAmount),
    arrears: money(b.arrears),
    total_amount_due: money(b.totalDue),
    due_date: b.dueDate,
    disconnection_date: b.disconnectionDate ?? "",
  };
  for (const code of COMPONENT_CODES) {
    values[code] = money(b.charges[code]);
    values[`vat_${code}`] = money(b.vat[code] ?? 0);
  }
  return BILL_COLUMNS.map((c) => values[c] ?? "");
}

/** CSV text of rows (quoted where needed, CRLF). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return rows.map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}
