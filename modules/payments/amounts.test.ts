import { describe, expect, it } from "vitest";
import { chooseAmount, MIN_ONLINE_PAYMENT } from "./amounts";

describe("the amount a payer may choose", () => {
  it("takes what is left when nothing is typed, and amounts typed as people type them", () => {
    expect(chooseAmount("", 191_367)).toEqual({ ok: true, amount: 191_367 });
    expect(chooseAmount("1,913.67", 191_367)).toEqual({ ok: true, amount: 191_367 });
    expect(chooseAmount("PHP 500", 191_367)).toEqual({ ok: true, amount: 50_000 });
    expect(chooseAmount("₱ 20", 191_367)).toEqual({ ok: true, amount: MIN_ONLINE_PAYMENT });
  });
  it("refuses below the gateway's minimum, above what is left, and what is not an amount", () => {
    expect(chooseAmount("19.99", 191_367)).toEqual({ ok: false, reason: "below" });
    expect(chooseAmount("1913.68", 191_367)).toEqual({ ok: false, reason: "above" });
    expect(chooseAmount("abc", 191_367)).toEqual({ ok: false, reason: "format" });
    expect(chooseAmount("-5", 191_367).ok).toBe(false);
    expect(chooseAmount("", 1_500)).toEqual({ ok: false, reason: "below" });
  });
});
