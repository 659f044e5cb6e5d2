/**
 * The lifeline (Republic Act 11552) and senior citizen (Republic Act 9994) discounts as data:
 * ERC sets each co-op's tiers and ceiling, so they are rows (table discount_tiers), read here.
 * A tier covers the kWh above the previous tier's ceiling up to its own (20, then 21–50, …).
 */

export type DiscountProgram = "lifeline" | "senior";

export interface DiscountTier {
  program: DiscountProgram;
  /** The tier's lowest whole kWh, for display ("21–50 kWh"). */
  minKwh: number;
  /** The tier's ceiling, inclusive. */
  maxKwh: number;
  /** Percent off the discountable charges (two decimals at most). */
  percent: number;
}

/** The percent of `program` for `kwh` used; 0 above the ceiling or for no consumption. */
export function discountPercent(tiers: readonly DiscountTier[], program: DiscountProgram, kwh: number): number {
  if (!(kwh > 0)) return 0;
  const own = tiers.filter((t) => t.program === program).sort((a, b) => a.maxKwh - b.maxKwh);
  return own.find((t) => kwh <= t.maxKwh)?.percent ?? 0;
}

/** The highest kWh that still gets the discount (0 when the program has no tiers). */
export const discountCeiling = (tiers: readonly DiscountTier[], program: DiscountProgram): number =>
  Math.max(0, ...tiers.filter((t) => t.program === program).map((t) => t.maxKwh));

/** The demo co-op's tiers: RA 11552's example schedule, and RA 9994's 5 % up to 100 kWh. */
export const DEMO_DISCOUNT_TIERS: readonly DiscountTier[] = [
  { program: "lifeline", minKwh: 0, maxKwh: 20, percent: 100 },
  { program: "lifeline", minKwh: 21, maxKwh: 50, percent: 50 },
  { program: "lifeline", minKwh: 51, maxKwh: 70, percent: 35 },
  { program: "lifeline", minKwh: 71, maxKwh: 100, percent: 20 },
  { program: "senior", minKwh: 0, maxKwh: 100, percent: 5 },
];
