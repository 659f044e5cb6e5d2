/**
 * kWh per billing month, each beside the same month a year before; and the CSV a member
 * downloads (through modules/shared/csv.ts, so a cell never starts a formula).
 */
export interface UsageMonth {
  year: number;
  month: number;
  kwh: number;
  lastYear: number | null;
}

/** The newest `count` billing months of `bills` (any order), oldest first. */
export function usageMonths(bills: { billingYear: number; billingMonth: number; kwh: number }[], count: number): UsageMonth[] {
  const byMonth = new Map<number, number>();
  for (const b of bills)
    byMonth.set(b.billingYear * 12 + b.billingMonth - 1, (byMonth.get(b.billingYear * 12 + b.billingMonth - 1) ?? 0) + b.kwh);
  const keys = [...byMonth.keys()].sort((a, b) => a - b).slice(-count);
  return keys.map((k) => ({ year: Math.floor(k / 12), month: (k % 12) + 1, kwh: byMonth.get(k)!, lastYear: byMonth.get(k - 12) ?? null }));
}
