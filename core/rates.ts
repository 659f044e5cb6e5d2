/**
 * Electricity rates: the official rate per type and the breakdown of the
 * generation charge, per month. The page, the CSV and the API share these.
 * Amounts are numeric in the database (exact); they leave here as JS numbers.
 */
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { generationCharges, officialRates } from "../db/schema";
import { FIRST_RATE_YEAR, GENERATION_TOTAL_QUEUE, RATE_TYPE_LABELS, RATE_TYPES, type RateType } from "./constants";
import { manilaParts, MONTH_NAMES } from "./dates";

export interface OfficialRate {
  type: RateType;
  /** Php per kWh. */
  amount: number;
}

export interface GenerationCharge {
  power_source: { name: string; queue: number };
  percent_kwh_purchased: number;
  kwh_purchased: number;
  basic_generation_cost: number;
  other_cost_adjustment: number;
  total_generation_cost: number;
  prompt_payment_discount: number;
  pilferage_cost_recoveries: number;
  other_generation_cost_adjustment: number;
  generation_rate: number;
}

/** The columns of the Breakdown of Generation Charge, in table order (spec section 3). */
export const GENERATION_COLUMNS = [
  { key: "percent_kwh_purchased", label: "% kWh Purchased", unit: "percent" },
  { key: "kwh_purchased", label: "kWh Purchased", unit: "kwh" },
  { key: "basic_generation_cost", label: "Basic Generation Cost (Php)", unit: "php" },
  { key: "other_cost_adjustment", label: "Other Cost Adjustment (Php)", unit: "php" },
  { key: "total_generation_cost", label: "Total Generation Cost (Php)", unit: "php" },
  { key: "prompt_payment_discount", label: "Prompt Payment Discount (Php)", unit: "php" },
  { key: "pilferage_cost_recoveries", label: "Pilferage Cost Recoveries (Php)", unit: "php" },
  { key: "other_generation_cost_adjustment", label: "Other Generation Cost Adjustment (Php)", unit: "php" },
  { key: "generation_rate", label: "Generation Rate (Php/kWh)", unit: "rate" },
] as const satisfies readonly { key: Exclude<keyof GenerationCharge, "power_source">; label: string; unit: string }[];

export const isTotalRow = (c: GenerationCharge) => c.power_source.queue === GENERATION_TOTAL_QUEUE;

const typeOrder = (t: RateType) => RATE_TYPES.indexOf(t);

/** The official rates of one month, R, LV, HV in that order; empty when none were published. */
export async function getOfficialRates(db: Db, year: number, month: number): Promise<OfficialRate[]> {
  const rows = await db
    .select({ type: officialRates.type, amount: officialRates.amount })
    .from(officialRates)
    .where(and(eq(officialRates.year, year), eq(officialRates.month, month)));
  return rows.map((r) => ({ type: r.type, amount: Number(r.amount) })).sort((a, b) => typeOrder(a.type) - typeOrder(b.type));
}

/** The generation charge rows of one month, by power source queue; the queue-100 row (the total) comes last. */
export async function listGenerationCharges(db: Db, year: number, month: number): Promise<GenerationCharge[]> {
  const rows = await db
    .select()
    .from(generationCharges)
    .where(and(eq(generationCharges.year, year), eq(generationCharges.month, month)))
    .orderBy(asc(generationCharges.sourceQueue));
  return rows.map((r) => ({
    power_source: { name: r.sourceName, queue: r.sourceQueue },
    percent_kwh_purchased: Number(r.percentKwhPurchased),
    kwh_purchased: Number(r.kwhPurchased),
    basic_generation_cost: Number(r.basicGenerationCost),
    other_cost_adjustment: Number(r.otherCostAdjustment),
    total_generation_cost: Number(r.totalGenerationCost),
    prompt_payment_discount: Number(r.promptPaymentDiscount),
    pilferage_cost_recoveries: Number(r.pilferageCostRecoveries),
    other_generation_cost_adjustment: Number(r.otherGenerationCostAdjustment),
    generation_rate: Number(r.generationRate),
  }));
}

export interface RateHistoryPoint {
  year: number;
  month: number;
  /** Php/kWh per type; null when that month has no published rate. */
  rates: Record<RateType, number | null>;
}

/** The `months` months ending with (and including) year/month, oldest first, each with its rates. */
export async function getRateHistory(db: Db, year: number, month: number, months = 24): Promise<RateHistoryPoint[]> {
  const endKey = year * 12 + (month - 1);
  const startKey = endKey - months + 1;
  const key = sql<number>`${officialRates.year} * 12 + ${officialRates.month} - 1`;
  const rows = await db
    .select({ year: officialRates.year, month: officialRates.month, type: officialRates.type, amount: officialRates.amount })
    .from(officialRates)
    .where(and(gte(key, startKey), lte(key, endKey)));
  const points: RateHistoryPoint[] = [];
  for (let k = startKey; k <= endKey; k++) {
    const y = Math.floor(k / 12);
    const m = (k % 12) + 1;
    const rates = { R: null, LV: null, HV: null } as Record<RateType, number | null>;
    for (const r of rows) if (r.year === y && r.month === m) rates[r.type] = Number(r.amount);
    points.push({ year: y, month: m, rates });
  }
  return points;
}

/** Php for `kwh` at a Php/kWh rate, rounded to the centavo. */
export function estimateBill(kwh: number, ratePerKwh: number): number {
  return Math.round(kwh * ratePerKwh * 100) / 100;
}

/** The estimator's bounds: a household uses tens to hundreds of kWh; big accounts more. */
export const ESTIMATE_MAX_KWH = 1_000_000;

export interface RateMonth {
  year: number;
  month: number;
}

/** The current year and month in Manila: the default month of the rates page. */
export function currentRateMonth(now = new Date()): RateMonth {
  const { year, month } = manilaParts(now);
  return { year, month };
}

/** Years the selector offers: the current year (Manila) down to 2007. */
export function rateYears(now = new Date()): number[] {
  const last = manilaParts(now).year;
  return Array.from({ length: last - FIRST_RATE_YEAR + 1 }, (_, i) => last - i);
}

/**
 * Reads ?year=&month= as a person typed them. Missing values take the current
 * year and month in Manila; invalid ones do too, with a message saying so.
 */
export function parseRateMonth(params: URLSearchParams, now = new Date()): RateMonth & { error?: string } {
  const current = currentRateMonth(now);
  const rawYear = params.get("year");
  const rawMonth = params.get("month");
  const year = rawYear === null || rawYear === "" ? current.year : /^\d{4}$/.test(rawYear.trim()) ? Number(rawYear.trim()) : NaN;
  const month = rawMonth === null || rawMonth === "" ? current.month : /^\d{1,2}$/.test(rawMonth.trim()) ? Number(rawMonth.trim()) : NaN;
  const yearOk = Number.isInteger(year) && year >= FIRST_RATE_YEAR && year <= current.year;
  const monthOk = Number.isInteger(month) && month >= 1 && month <= 12;
  if (yearOk && monthOk) return { year, month };
  const problems = [!yearOk ? `the year must be ${FIRST_RATE_YEAR} to ${current.year}` : null, !monthOk ? "the month must be 1 to 12" : null].filter(Boolean).join(" and ");
  return { ...current, error: `We could not read that month (${problems}), so this month's rates are shown.` };
}

export const monthLabel = (year: number, month: number) => `${MONTH_NAMES[month - 1]} ${year}`;

const csvCell = (v: string | number) => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csvRow = (cells: (string | number)[]) => cells.map(csvCell).join(",") + "\r\n";

/** The month's rates and generation charges as CSV (RFC 4180, CRLF), numbers unformatted. */
export function ratesCsv(year: number, month: number, rates: OfficialRate[], charges: GenerationCharge[]): string {
  let out = csvRow([`Electricity rates, ${monthLabel(year, month)}`]);
  out += csvRow(["Type", "Description", "Rate (Php/kWh)"]);
  if (rates.length === 0) out += csvRow(["No rates found for this month!"]);
  for (const r of rates) out += csvRow([r.type, RATE_TYPE_LABELS[r.type], r.amount.toFixed(4)]);
  out += "\r\n";
  out += csvRow([`Breakdown of Generation Charge, ${monthLabel(year, month)}`]);
  out += csvRow(["Power Source", "Queue", ...GENERATION_COLUMNS.map((c) => c.label)]);
  if (charges.length === 0) out += csvRow(["No generation charges data found!"]);
  for (const c of charges) out += csvRow([c.power_source.name, c.power_source.queue, ...GENERATION_COLUMNS.map((col) => c[col.key])]);
  return out;
}
