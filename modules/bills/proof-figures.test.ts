import { describe, expect, it } from "vitest";
import { normalizeBillNumber, readingHundredths } from "./proof-figures";

describe("bill proof figures as typed", () => {
  it("reads a meter reading with or without thousands separators and decimals", () => {
    expect(readingHundredths("12,345")).toBe(1_234_500);
    expect(readingHundredths(" 12345.5 ")).toBe(1_234_550);
    expect(readingHundredths("12345.00")).toBe(1_234_500);
    expect(readingHundredths("")).toBeNull();
    expect(readingHundredths("12.345")).toBeNull();
    expect(readingHundredths("-5")).toBeNull();
    expect(readingHundredths("1e3")).toBeNull();
  });
  it("compares bill numbers without spaces or case", () => {
    expect(normalizeBillNumber(" b202603-1000 4568 ")).toBe("B202603-10004568");
  });
});
