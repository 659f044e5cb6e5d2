import { describe, expect, test } from "vitest";
import { csvCell, csvFile } from "./csv";

describe("csv", () => {
  test("quotes commas, quotes and line breaks", () => {
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell(3.5)).toBe("3.5");
    expect(csvCell(null)).toBe("");
  });
  test("a formula typed by the public is made text; a phone number is left alone", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+63 917 123 4567")).toBe("+63 917 123 4567");
    expect(csvCell("-5")).toBe("-5");
  });
  test("a file starts with a byte order mark and ends rows with CRLF", () => {
    expect(
      csvFile([
        ["a", 1],
        ["b", 2],
      ]),
    ).toBe("\uFEFFa,1\r\nb,2\r\n");
  });
});
