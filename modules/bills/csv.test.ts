import { describe, expect, it } from "vitest";
import { readCsv } from "./csv";

describe("readCsv", () => {
  it("reads quotes, doubled quotes, commas and line breaks inside quotes, CRLF or LF, a BOM, blank lines", () => {
    const text = '\uFEFFa,b,c\r\n1,"two, too","say ""hi"""\r\n\r\n"multi\nline",,x\n4,5,\n';
    expect(readCsv(text)).toEqual([
      ["a", "b", "c"],
      ["1", "two, too", 'say "hi"'],
      ["multi\nline", "", "x"],
      ["4", "5", ""],
    ]);
  });
  it("refuses a quote never closed, or text after a closing quote", () => {
    expect(readCsv('a,"b\n1,2\n')).toBeNull();
    expect(readCsv('a,"b"c\n')).toBeNull();
  });
});
