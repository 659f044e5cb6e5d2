/**
 * Which figures of a bill prove an account and so must never be shown to anyone but its
 * member (docs/decisions/0034-account-proof-and-code-limits.md). An account with no contact on
 * file is proven by the bill number and the present meter reading of one of its two latest
 * bills: both are printed on the paper bill. The previous reading is private too: with the
 * kWh (public) and the multiplier it gives the present reading.
 */

/** The figures a visitor types to prove an account (modules/portal/flows.server.ts proveByBill). */
export const BILL_PROOF_FIGURES = ["billNumber", "presentReading"] as const;

/** Fields of a bill that no public answer (bill inquiry, AGAM check, API, feeds) may carry. */
export const PRIVATE_BILL_FIELDS = [...BILL_PROOF_FIGURES, "previousReading"] as const;
export type PrivateBillField = (typeof PRIVATE_BILL_FIELDS)[number];

/** How many of an account's latest bills prove it: the paper one in hand may be a cycle behind the import. */
export const PROOF_BILLS = 2;

/** A bill number as typed: spaces dropped, upper case (the billing system's numbers are letters, digits, dashes). */
export function normalizeBillNumber(typed: string): string {
  return typed.replace(/\s/g, "").toUpperCase();
}

/**
 * A meter reading as typed ("12,345", "12345.00") in hundredths, the precision the billing
 * file carries; null when it is not a reading.
 */
export function readingHundredths(typed: string): number | null {
  const text = typed.replace(/[\s,]/g, "");
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}
