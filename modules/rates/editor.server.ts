/**
 * The rates editor: one month's official rates (R, LV, HV) and generation charge rows, from
 * the grid or from a CSV with the public rates.csv's columns. The total row (queue 100) is
 * computed when absent and checked when given (percentages sum to 100 ± 0.01, every money and
 * kWh column adds up); a mismatch is refused with the figures. The month is public from the
 * chosen time. Row, revision and audit entry in one transaction, then "rates" on the bus.
 */

import { parse as parseCsv } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { generationCharges, officialRates } from "../../db/schema";
import { recordContentChange } from "../content/audit.server";
import { announceContentChange, type ContentContext, ContentValidationError } from "../content/context";
import { getRevision } from "../content/revisions.server";
import { now as clockNow } from "../shared/clock";
import { GENERATION_TOTAL_QUEUE, RATE_TYPES, type RateType } from "../shared/constants";
import { unguardedCell } from "../shared/csv";
import { GENERATION_COLUMNS, type GenerationCharge, type OfficialRate } from "./model";
import { getOfficialRates, listGenerationCharges } from "./queries.server";

export const AREA = "rates";
export type GenerationKey = (typeof GENERATION_COLUMNS)[number]["key"];
/** Columns that add up to the total row (the percent column must make 100; the rate is a ratio). */
const SUMMED: GenerationKey[] = [
  "kwhPurchased",
  "basicGenerationCost",
  "otherCostAdjustment",
  "totalGenerationCost",
  "promptPaymentDiscount",
  "pilferageCostRecoveries",
  "otherGenerationCostAdjustment",
];

export interface RatesProblem {
  /** The CSV line, or the grid row (1-based), when it is about one row. */
  row?: number;
  column: string;
  message: string;
}

export class RatesRefused extends Error {
  constructor(readonly problems: RatesProblem[]) {
    super(`Nothing was saved: ${problems.length} problem${problems.length === 1 ? "" : "s"}.`);
  }
}

export interface RatesInput {
  rates: { type: string; amount: string; row?: number }[];
  charges: { name: string; queue: string; values: Record<GenerationKey, string>; row?: number }[];
}

export interface CheckedRates {
  rates: OfficialRate[];
  charges: GenerationCharge[];
  /** Whether the total row was computed here (not given). */
  totalComputed: boolean;
}

const num = (s: string) => {
  const t = s.replace(/,/g, "").trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
};
const fmt = (n: number, digits = 2) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Checks one month's figures; throws RatesRefused naming every problem. */
export function checkRates(input: RatesInput): CheckedRates {
  const problems: RatesProblem[] = [];
  const rates: OfficialRate[] = [];
  for (const r of input.rates) {
    const type = r.type.trim().toUpperCase();
    if (!(RATE_TYPES as readonly string[]).includes(type)) {
      problems.push({ row: r.row, column: "Type", message: `"${r.type}" is not R, LV or HV.` });
      continue;
    }
    const amount = num(r.amount);
    if (!Number.isFinite(amount) || amount <= 0 || amount > 1000)
      problems.push({ row: r.row, column: "Rate (Php/kWh)", message: `"${r.amount}" is not a rate in Php/kWh, like 9.8765.` });
    else if (rates.some((x) => x.type === type)) problems.push({ row: r.row, column: "Type", message: `${type} is given twice.` });
    else rates.push({ type: type as RateType, amount });
  }
  for (const t of RATE_TYPES)
    if (!rates.some((r) => r.type === t) && !problems.some((p) => p.column === "Type"))
      problems.push({ column: "Type", message: `The ${t} rate is missing.` });

  const charges: GenerationCharge[] = [];
  for (const c of input.charges) {
    const queue = num(c.queue);
    const name = c.name.trim();
    if (!name) problems.push({ row: c.row, column: "Power Source", message: "Name the power source." });
    if (!Number.isInteger(queue) || queue < 1 || queue > GENERATION_TOTAL_QUEUE)
      problems.push({
        row: c.row,
        column: "Queue",
        message: `"${c.queue}" is not a queue number from 1 to ${GENERATION_TOTAL_QUEUE} (${GENERATION_TOTAL_QUEUE} is the total row).`,
      });
    else if (charges.some((x) => x.source.queue === queue))
      problems.push({ row: c.row, column: "Queue", message: `Queue ${queue} is used twice.` });
    const values = {} as Record<GenerationKey, number>;
    for (const col of GENERATION_COLUMNS) {
      const v = num(c.values[col.key] ?? "");
      if (!Number.isFinite(v)) problems.push({ row: c.row, column: col.label, message: `"${c.values[col.key] ?? ""}" is not a number.` });
      values[col.key] = v;
    }
    charges.push({ source: { name, queue }, ...values });
  }
  if (problems.length) throw new RatesRefused(problems);

  const sources = charges.filter((c) => c.source.queue !== GENERATION_TOTAL_QUEUE).sort((a, b) => a.source.queue - b.source.queue);
  const given = charges.find((c) => c.source.queue === GENERATION_TOTAL_QUEUE);
  if (charges.length && !sources.length)
    throw new RatesRefused([{ column: "Power Source", message: "There is a total row but no power source rows." }]);
  const sum = (k: GenerationKey) => sources.reduce((s, c) => s + c[k], 0);
  const percent = sum("percentKwhPurchased");
  if (sources.length && Math.abs(percent - 100) > 0.01)
    problems.push({ column: "% kWh Purchased", message: `The sources' percentages add up to ${fmt(percent, 4)}, not 100 (± 0.01).` });
  // Each row was rounded to the centavo: allow that rounding, no more.
  const tolerance = 0.01 * Math.max(1, sources.length);
  if (given) {
    if (Math.abs(given.percentKwhPurchased - 100) > 0.01)
      problems.push({ column: "% kWh Purchased", message: `The total row says ${fmt(given.percentKwhPurchased, 4)}%, not 100%.` });
    for (const k of SUMMED) {
      const label = GENERATION_COLUMNS.find((c) => c.key === k)!.label;
      if (Math.abs(sum(k) - given[k]) > tolerance)
        problems.push({ column: label, message: `The sources add up to ${fmt(sum(k))} but the total row says ${fmt(given[k])}.` });
    }
  }
  if (problems.length) throw new RatesRefused(problems);
  let total = given;
  if (!total && sources.length) {
    const kwh = sum("kwhPurchased");
    const net =
      sum("totalGenerationCost") + sum("promptPaymentDiscount") + sum("pilferageCostRecoveries") + sum("otherGenerationCostAdjustment");
    total = {
      source: { name: "TOTAL", queue: GENERATION_TOTAL_QUEUE },
      ...(Object.fromEntries(SUMMED.map((k) => [k, Math.round(sum(k) * 100) / 100])) as Record<GenerationKey, number>),
      percentKwhPurchased: 100,
      generationRate: kwh ? Math.round((net / kwh) * 10_000) / 10_000 : 0,
    };
  }
  return { rates, charges: total ? [...sources, total] : [], totalComputed: !given && Boolean(total) };
}

/* ---------------- CSV (the public rates.csv's layout) ---------------- */

/**
 * Reads the layout of /rates.csv: a "Type, Description, Rate (Php/kWh)" header with one row
 * per type, then a "Power Source, Queue, …" header with one row per source (and the total).
 * Titles and blank lines are skipped. Rows are numbered by their line in the file.
 */
interface CsvRecordWithLine {
  record: string[];
  info: { lines: number };
}

function isRecordWithLine(x: unknown): x is CsvRecordWithLine {
  return typeof x === "object" && x !== null && "record" in x && Array.isArray(x.record) && "info" in x && typeof x.info === "object";
}

export function parseRatesCsv(csv: string): RatesInput {
  let records: CsvRecordWithLine[];
  try {
    // With `info`, csv-parse gives each record with its line (its types do not say so: checked here).
    const parsed: unknown[] = parseCsv(csv.replace(/^\uFEFF/, ""), {
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      info: true,
    });
    // Our own export guards cells against spreadsheet formulas (a negative figure reads '-0.12): read them as written.
    records = parsed.filter(isRecordWithLine).map(({ record, info }) => ({ record: record.map(unguardedCell), info }));
  } catch (error) {
    throw new RatesRefused([
      { row: (error as { lines?: number }).lines, column: "", message: "The file is not readable CSV (check the quotes)." },
    ]);
  }
  const input: RatesInput = { rates: [], charges: [] };
  let section: "none" | "rates" | "charges" = "none";
  let header: string[] = [];
  for (const { record, info } of records) {
    const first = (record[0] ?? "").trim();
    if (record.every((c) => !c.trim())) {
      section = "none";
      continue;
    }
    if (/^type$/i.test(first)) {
      section = "rates";
      header = record.map((h) => h.toLowerCase());
      continue;
    }
    if (/^power source$/i.test(first)) {
      section = "charges";
      header = record.map((h) => h.toLowerCase());
      const missing = GENERATION_COLUMNS.filter((c) => !header.includes(c.label.toLowerCase()));
      if (missing.length || !header.includes("queue"))
        throw new RatesRefused([
          {
            row: info.lines,
            column: missing.map((c) => c.label).join(", ") || "Queue",
            message: "The generation charge header must have the columns of the public rates.csv.",
          },
        ]);
      continue;
    }
    if (section === "rates") {
      if (/^no rates/i.test(first)) continue;
      const rateCol = header.findIndex((h) => h.startsWith("rate"));
      input.rates.push({ type: first, amount: record[rateCol >= 0 ? rateCol : 2] ?? "", row: info.lines });
    } else if (section === "charges") {
      if (/^no generation/i.test(first)) continue;
      const values = Object.fromEntries(
        GENERATION_COLUMNS.map((c) => [c.key, record[header.indexOf(c.label.toLowerCase())] ?? ""]),
      ) as Record<GenerationKey, string>;
      input.charges.push({ name: first, queue: record[header.indexOf("queue")] ?? "", values, row: info.lines });
    }
  }
  if (!input.rates.length && !input.charges.length)
    throw new RatesRefused([
      {
        row: 1,
        column: "",
        message:
          'No rates were found: the file needs the "Type, Description, Rate (Php/kWh)" and "Power Source, Queue, …" headers of the public rates.csv.',
      },
    ]);
  return input;
}

/* ---------------- Saving ---------------- */

export async function saveRates(
  ctx: ContentContext,
  year: number,
  month: number,
  input: RatesInput,
  publishAt: Date | null,
  source: "grid" | "csv" | { restored: number },
): Promise<CheckedRates> {
  if (!Number.isInteger(year) || year < 2007 || year > 2100 || !Number.isInteger(month) || month < 1 || month > 12)
    throw new ContentValidationError({ month: "Choose the month and year." });
  const checked = checkRates(input);
  const at = publishAt ?? clockNow();
  const key = `${year}-${String(month).padStart(2, "0")}`;
  const action = source === "csv" ? "imported" : source === "grid" ? "saved" : `restored v${source.restored}`;
  await ctx.db.transaction(async (tx) => {
    const before = {
      rates: await getOfficialRates(tx, year, month, { includeUnpublished: true }),
      charges: await listGenerationCharges(tx, year, month, { includeUnpublished: true }),
    };
    await tx.delete(officialRates).where(and(eq(officialRates.year, year), eq(officialRates.month, month)));
    await tx.delete(generationCharges).where(and(eq(generationCharges.year, year), eq(generationCharges.month, month)));
    if (checked.rates.length)
      await tx
        .insert(officialRates)
        .values(checked.rates.map((r) => ({ year, month, type: r.type, amount: r.amount.toFixed(4), publishAt: at })));
    if (checked.charges.length) {
      await tx.insert(generationCharges).values(
        checked.charges.map((c) => ({
          year,
          month,
          sourceName: c.source.name,
          sourceQueue: c.source.queue,
          percentKwhPurchased: c.percentKwhPurchased.toFixed(4),
          kwhPurchased: c.kwhPurchased.toFixed(2),
          basicGenerationCost: c.basicGenerationCost.toFixed(2),
          otherCostAdjustment: c.otherCostAdjustment.toFixed(2),
          totalGenerationCost: c.totalGenerationCost.toFixed(2),
          promptPaymentDiscount: c.promptPaymentDiscount.toFixed(2),
          pilferageCostRecoveries: c.pilferageCostRecoveries.toFixed(2),
          otherGenerationCostAdjustment: c.otherGenerationCostAdjustment.toFixed(2),
          generationRate: c.generationRate.toFixed(4),
          publishAt: at,
        })),
      );
    }
    const after = { rates: checked.rates, charges: checked.charges, publishAt: at.toISOString() };
    await recordContentChange(tx, ctx, { kind: "rates", entityId: key, action, before, after });
  });
  await announceContentChange(ctx, AREA);
  return checked;
}

/** Saves an earlier revision of a month again (checked like any save), published from that revision's time. */
export async function restoreRatesRevision(ctx: ContentContext, key: string, version: number): Promise<void> {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  const revision = m ? await getRevision(ctx.db, "rates", key, version) : null;
  if (!m || !revision) throw new ContentValidationError({}, "That revision does not exist.");
  const s = revision.snapshot as { rates: OfficialRate[]; charges: GenerationCharge[]; publishAt?: string };
  const input: RatesInput = {
    rates: s.rates.map((r) => ({ type: r.type, amount: String(r.amount) })),
    charges: s.charges.map((c) => ({
      name: c.source.name,
      queue: String(c.source.queue),
      values: Object.fromEntries(GENERATION_COLUMNS.map((col) => [col.key, String(c[col.key])])) as Record<GenerationKey, string>,
    })),
  };
  await saveRates(ctx, Number(m[1]), Number(m[2]), input, s.publishAt ? new Date(s.publishAt) : null, { restored: version });
}
