/** Rates without the database: types, the estimator, month parsing and the CSV (shared by the page, the API and the browser). */
import { FIRST_RATE_YEAR, GENERATION_TOTAL_QUEUE, RATE_TYPE_LABELS, type RateType } from "../shared/constants";
import { csvRow } from "../shared/csv";
import { MONTH_NAMES, manilaParts } from "../shared/dates";

export interface OfficialRate {
  type: RateType;
  /** Php per kWh. */
  amount: number;
}

export interface GenerationCharge {
  source: { name: string; queue: number };
  percentKwhPurchased: number;
  kwhPurchased: number;
  basicGenerationCost: number;
  otherCostAdjustment: number;
  totalGenerationCost: number;
  promptPaymentDiscount: number;
  pilferageCostRecoveries: number;
  otherGenerationCostAdjustment: number;
  generationRate: number;
}

/**
 * The columns of the Breakdown of Generation Charge, in table order (spec section 3): `label`
 * is the spec's English (the CSV's and the staff file's header), `fil` the Filipino page's.
 */
export const GENERATION_COLUMNS = [
  { key: "percentKwhPurchased", label: "% kWh Purchased", fil: "% ng kWh na Binili", unit: "percent" },
  { key: "kwhPurchased", label: "kWh Purchased", fil: "kWh na Binili", unit: "kwh" },
  { key: "basicGenerationCost", label: "Basic Generation Cost (Php)", fil: "Pangunahing Gastos sa Paglikha (Php)", unit: "php" },
  { key: "otherCostAdjustment", label: "Other Cost Adjustment (Php)", fil: "Iba pang Adjustment sa Gastos (Php)", unit: "php" },
  { key: "totalGenerationCost", label: "Total Generation Cost (Php)", fil: "Kabuuang Gastos sa Paglikha (Php)", unit: "php" },
  { key: "promptPaymentDiscount", label: "Prompt Payment Discount (Php)", fil: "Diskwento sa Maagap na Pagbayad (Php)", unit: "php" },
  {
    key: "pilferageCostRecoveries",
    label: "Pilferage Cost Recoveries (Php)",
    fil: "Nabawing Gastos sa Nakaw na Kuryente (Php)",
    unit: "php",
  },
  {
    key: "otherGenerationCostAdjustment",
    label: "Other Generation Cost Adjustment (Php)",
    fil: "Iba pang Adjustment sa Gastos sa Paglikha (Php)",
    unit: "php",
  },
  { key: "generationRate", label: "Generation Rate (Php/kWh)", fil: "Singil sa Paglikha (Php/kWh)", unit: "rate" },
] as const satisfies readonly { key: Exclude<keyof GenerationCharge, "source">; label: string; fil: string; unit: string }[];

export const isTotalRow = (c: GenerationCharge) => c.source.queue === GENERATION_TOTAL_QUEUE;

export interface RateHistoryPoint {
  year: number;
  month: number;
  /** Php/kWh per type; null when that month has no published rate. */
  rates: Record<RateType, number | null>;
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
export function parseRateMonth(
  params: URLSearchParams,
  now = new Date(),
): RateMonth & { error?: string; invalid?: { year: boolean; month: boolean; lastYear: number } } {
  const current = currentRateMonth(now);
  const rawYear = params.get("year");
  const rawMonth = params.get("month");
  const year = rawYear === null || rawYear === "" ? current.year : /^\d{4}$/.test(rawYear.trim()) ? Number(rawYear.trim()) : NaN;
  const month = rawMonth === null || rawMonth === "" ? current.month : /^\d{1,2}$/.test(rawMonth.trim()) ? Number(rawMonth.trim()) : NaN;
  const yearOk = Number.isInteger(year) && year >= FIRST_RATE_YEAR && year <= current.year;
  const monthOk = Number.isInteger(month) && month >= 1 && month <= 12;
  if (yearOk && monthOk) return { year, month };
  const problems = [
    !yearOk ? `the year must be ${FIRST_RATE_YEAR} to ${current.year}` : null,
    !monthOk ? "the month must be 1 to 12" : null,
  ]
    .filter(Boolean)
    .join(" and ");
  return {
    ...current,
    error: `We could not read that month (${problems}), so this month's rates are shown.`,
    invalid: { year: !yearOk, month: !monthOk, lastYear: current.year },
  };
}

export const monthLabel = (year: number, month: number) => `${MONTH_NAMES[month - 1]} ${year}`;

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
  for (const c of charges) out += csvRow([c.source.name, c.source.queue, ...GENERATION_COLUMNS.map((col) => c[col.key])]);
  return out;
}
