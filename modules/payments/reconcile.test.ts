import { describe, expect, it } from "vitest";
import { manilaDay, unmatchedReason } from "./reconcile";

describe("the day of a reconciliation", () => {
  // 23:30 on November 27 in UTC is already November 28 in Manila.
  const now = new Date("2026-11-27T23:30:00Z");

  it("is today in Manila when none is asked, from Manila's midnight to the next", () => {
    expect(manilaDay(null, now)).toEqual({
      day: { day: "2026-11-28", from: new Date("2026-11-27T16:00:00Z"), to: new Date("2026-11-28T16:00:00Z") },
      valid: true,
    });
  });

  it("is the day asked, or today when what was asked is not a date", () => {
    expect(manilaDay("2026-11-20", now).day.from).toEqual(new Date("2026-11-19T16:00:00Z"));
    expect(manilaDay("2026-02-31", now)).toMatchObject({ day: { day: "2026-11-28" }, valid: false });
    expect(manilaDay("yesterday", now).valid).toBe(false);
  });
});

describe("why a receipt posts no online payment", () => {
  const receipt = { orNumber: "OR-1", accountNumber: "01-1000-4568" };
  const paid = { status: "paid", accountNumber: "01-1000-4568", postedOrNumber: null };

  it("names each case, and none for the receipt that posted it", () => {
    expect(unmatchedReason(receipt, { ...paid, postedOrNumber: "OR-1" })).toBeNull();
    expect(unmatchedReason(receipt, null)).toBe("unknown");
    expect(unmatchedReason(receipt, { ...paid, status: "expired" })).toBe("not-paid");
    expect(unmatchedReason(receipt, { ...paid, accountNumber: "02-1074-4773" })).toBe("other-account");
    expect(unmatchedReason(receipt, { ...paid, postedOrNumber: "OR-0" })).toBe("posted-by-another-receipt");
    expect(unmatchedReason(receipt, paid)).toBe("paid-after-receipt");
  });
});
