/**
 * Electricity rates: the official rate per type and the breakdown of the
 * generation charge, per month. The page, the CSV and the API share these.
 * Amounts are numeric in the database (exact); they leave here as JS numbers.
 */
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { generationCharges, officialRates } from "../../db/schema";
import { now as clockNow } from "../shared/clock";
import { RATE_TYPES, type RateType } from "../shared/constants";
import type { GenerationCharge, OfficialRate, RateHistoryPoint } from "./model";
import { scheduleTotals } from "./schedule.server";

export * from "./model";

const typeOrder = (t: RateType) => RATE_TYPES.indexOf(t);

const isRateType = (t: string): t is RateType => (RATE_TYPES as readonly string[]).includes(t);

/**
 * The official rates of one month, R, LV, HV in that order; empty when none were published.
 * A month with an unbundled schedule has its rates as the sum of its parts
 * (modules/rates/schedule.ts, totalPerKwh); earlier months keep the single figure stored.
 */
export async function getOfficialRates(
  db: Db,
  year: number,
  month: number,
  opts: { includeUnpublished?: boolean } = {},
): Promise<OfficialRate[]> {
  const rows = await db
    .select({ type: officialRates.type, amount: officialRates.amount })
    .from(officialRates)
    .where(
      and(
        eq(officialRates.year, year),
        eq(officialRates.month, month),
        opts.includeUnpublished ? undefined : lte(officialRates.publishAt, clockNow()),
      ),
    );
  const summed = (await scheduleTotals(db, { year, month }, { year, month }, opts)).get(`${year}-${month}`);
  const rates = summed
    ? summed.filter((r): r is OfficialRate => isRateType(r.type))
    : rows.map((r) => ({ type: r.type, amount: Number(r.amount) }));
  return rates.sort((a, b) => typeOrder(a.type) - typeOrder(b.type));
}

/** The generation charge rows of one month, by power source queue; the queue-100 row (the total) comes last. */
export async function listGenerationCharges(
  db: Db,
  year: number,
  month: number,
  opts: { includeUnpublished?: boolean } = {},
): Promise<GenerationCharge[]> {
  const rows = await db
    .select()
    .from(generationCharges)
    .where(
      and(
        eq(generationCharges.year, year),
        eq(generationCharges.month, month),
        opts.includeUnpublished ? undefined : lte(generationCharges.publishAt, clockNow()),
      ),
    )
    .orderBy(asc(generationCharges.sourceQueue));
  return rows.map((r) => ({
    source: { name: r.sourceName, queue: r.sourceQueue },
    percentKwhPurchased: Number(r.percentKwhPurchased),
    kwhPurchased: Number(r.kwhPurchased),
    basicGenerationCost: Number(r.basicGenerationCost),
    otherCostAdjustment: Number(r.otherCostAdjustment),
    totalGenerationCost: Number(r.totalGenerationCost),
    promptPaymentDiscount: Number(r.promptPaymentDiscount),
    pilferageCostRecoveries: Number(r.pilferageCostRecoveries),
    otherGenerationCostAdjustment: Number(r.otherGenerationCostAdjustment),
    generationRate: Number(r.generationRate),
  }));
}

/** The `months` months ending with (and including) year/month, oldest first, each with its rates. */
export async function getRateHistory(db: Db, year: number, month: number, months = 24): Promise<RateHistoryPoint[]> {
  const endKey = year * 12 + (month - 1);
  const startKey = endKey - months + 1;
  const key = sql<number>`${officialRates.year} * 12 + ${officialRates.month} - 1`;
  const rows = await db
    .select({ year: officialRates.year, month: officialRates.month, type: officialRates.type, amount: officialRates.amount })
    .from(officialRates)
    .where(and(gte(key, startKey), lte(key, endKey), lte(officialRates.publishAt, clockNow())));
  const summed = await scheduleTotals(db, { year: Math.floor(startKey / 12), month: (startKey % 12) + 1 }, { year, month });
  const points: RateHistoryPoint[] = [];
  for (let k = startKey; k <= endKey; k++) {
    const y = Math.floor(k / 12);
    const m = (k % 12) + 1;
    const rates = { R: null, LV: null, HV: null } as Record<RateType, number | null>;
    const fromSchedule = summed.get(`${y}-${m}`);
    if (fromSchedule) {
      for (const r of fromSchedule) if (isRateType(r.type)) rates[r.type] = r.amount;
    } else for (const r of rows) if (r.year === y && r.month === m) rates[r.type] = Number(r.amount);
    points.push({ year: y, month: m, rates });
  }
  return points;
}
