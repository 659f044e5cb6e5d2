import { describe, expect, test } from "vitest";
import { csvCell, csvFile } from "./csv";

describe("csv", () => {
  test("quotes commas, quotes and line breaks", () => {
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell(3.5)).toBe("3.5");
    expect(csvCell(null)).toBe("");
  });
  test("a cell that a spreadsheet would compute is made text, numbers and phone numbers included", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-2-3")).toBe("'-2-3");
    expect(csvCell("+63 917 123 4567")).toBe("'+63 917 123 4567");
    expect(csvCell(-5)).toBe("'-5");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("5-2")).toBe("5-2");
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
