import { describe, expect, it } from "vitest";
import { maskMobile, normalizeMobile } from "./phone";

describe("normalizeMobile", () => {
  it.each([
    ["09171234567", "639171234567"],
    ["+639171234567", "639171234567"],
    ["639171234567", "639171234567"],
    ["0917 123 4567", "639171234567"],
    ["0917-123-4567", "639171234567"],
    [" +63 917 123 4567 ", "639171234567"],
  ])("accepts %s", (input, expected) => expect(normalizeMobile(input)).toBe(expected));

  it.each(["", "0917123456", "091712345678", "08171234567", "(0917) 123 4567", "9171234567", "+1 917 123 4567", "0917l234567"])(
    "refuses %j",
    (input) => expect(normalizeMobile(input)).toBeNull(),
  );
});

describe("maskMobile", () => {
  it("shows the prefix and the last four digits only", () => expect(maskMobile("639171234567")).toBe("0917 ••• 4567"));
});
