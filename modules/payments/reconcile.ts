/**
 * The rules of the reconciliation, without the database: which Manila day a page asks for,
 * and why a receipt naming an online payment does not post one.
 */
import { manilaDateTime, manilaIsoDate, manilaMidnight, manilaParts } from "../shared/dates";

/** A Manila calendar day ("2026-11-28") and the instants it spans, [from, to). */
export interface ManilaDay {
  day: string;
  from: Date;
  to: Date;
}

/** The day asked for ("2026-11-28"), or today in Manila when none is (or it is not a date). */
export function manilaDay(asked: string | null | undefined, now: Date): { day: ManilaDay; valid: boolean } {
  const from = asked ? manilaDateTime(asked, "00:00") : null;
  const today = manilaParts(now);
  const start = from ?? manilaMidnight(today.year, today.month, today.day);
  return {
    day: { day: manilaIsoDate(start), from: start, to: new Date(start.getTime() + 24 * 3600_000) },
    valid: !asked || from !== null,
  };
}

/** Why a receipt that names a reference posts no online payment. */
export type UnmatchedReason = "unknown" | "not-paid" | "other-account" | "posted-by-another-receipt" | "paid-after-receipt";

export const UNMATCHED_WORDS: Record<UnmatchedReason, string> = {
  unknown: "no online payment has this reference",
  "not-paid": "the online payment was not paid",
  "other-account": "the online payment is for another account",
  "posted-by-another-receipt": "the online payment is posted by another receipt",
  "paid-after-receipt": "the online payment was paid after this receipt came (send the payment file again)",
};

/**
 * Null when the receipt posts the checkout it names; else why not. A receipt kept by the import
 * without posting (postOnlinePayments) always has one of these reasons.
 */
export function unmatchedReason(
  receipt: { orNumber: string; accountNumber: string },
  checkout: { status: string; accountNumber: string; postedOrNumber: string | null } | null,
): UnmatchedReason | null {
  if (!checkout) return "unknown";
  if (checkout.postedOrNumber === receipt.orNumber) return null;
  if (checkout.status !== "paid") return "not-paid";
  if (checkout.accountNumber !== receipt.accountNumber) return "other-account";
  if (checkout.postedOrNumber !== null) return "posted-by-another-receipt";
  // Paid, same account, not posted: the gateway's word came after the receipt did.
  return "paid-after-receipt";
}
