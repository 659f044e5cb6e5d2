import { describe, expect, it } from "vitest";
import { normalizeAccountNumber } from "./account-number";
import { accountNumberField, optionalAccountNumberField } from "./account-number-field";

describe("normalizeAccountNumber", () => {
  it.each([
    ["0110004568", "01-1000-4568"],
    ["01 1000 4568", "01-1000-4568"],
    ["01-1000-4568", "01-1000-4568"],
    ["  01-1000-4568  ", "01-1000-4568"],
    [" 01  1000 4568 ", "01-1000-4568"],
    ["01 - 1000 - 4568", "01-1000-4568"],
    ["011-000-4568", "01-1000-4568"],
    ["01\u00a01000\u00a04568", "01-1000-4568"],
    ["01–1000–4568", "01-1000-4568"],
    ["01.1000.4568", "01-1000-4568"],
    ["\t0110004568\n", "01-1000-4568"],
  ])("reads %j as %s", (typed, stored) => {
    expect(normalizeAccountNumber(typed)).toBe(stored);
  });

  it.each([
    "",
    "   ",
    "011000456",
    "01100045689",
    "01-1000-456",
    "01-1000-45689",
    "01-1000-456a",
    "O1-1000-4568",
    "+0110004568",
    "01/1000/4568",
    "０１１０００４５６８",
    "٠١١٠٠٠٤٥٦٨",
    `${" ".repeat(40)}0110004568`,
  ])("refuses %j", (typed) => {
    expect(normalizeAccountNumber(typed)).toBeNull();
  });

  it("gives the stored shape every time, so the same account is found however it was typed", () => {
    const shapes = ["0110004568", "01 1000 4568", "01-1000-4568", " 01 1000-4568 "];
    expect(new Set(shapes.map(normalizeAccountNumber))).toEqual(new Set(["01-1000-4568"]));
  });
});

describe("accountNumberField", () => {
  const field = accountNumberField("Enter the account number.");
  it("turns a typed number into the stored shape", () => {
    expect(field.parse("01 1000 4568")).toBe("01-1000-4568");
  });
  it("says the message for anything else, and for nothing", () => {
    for (const bad of ["", "12345", undefined, 110004568]) {
      const result = field.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Enter the account number.");
    }
  });
});

describe("optionalAccountNumberField", () => {
  const field = optionalAccountNumberField("Enter the account number or leave it empty.");
  it("takes empty (or only spaces, or nothing sent) as no account", () => {
    expect(field.parse("")).toBe("");
    expect(field.parse("   ")).toBe("");
    expect(field.parse(undefined)).toBe("");
  });
  it("normalizes a typed one and refuses a wrong one with the message", () => {
    expect(field.parse("0110004568")).toBe("01-1000-4568");
    expect(field.safeParse("01-1000").error?.issues[0]?.message).toBe("Enter the account number or leave it empty.");
  });
});
