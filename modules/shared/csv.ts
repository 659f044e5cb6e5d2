/**
 * CSV for exports (RFC 4180, CRLF). Text typed by the public is guarded against spreadsheet
 * formulas: a cell starting with = + - @ (or a tab or carriage return) gets a leading
 * apostrophe, unless it is plainly a number or a phone number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?[\d\s().-]+$/;

export function csvCell(v: string | number | null | undefined): string {
  let s = v == null ? "" : String(v);
  if (typeof v === "string" && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A byte order mark first, so spreadsheet apps read the file as UTF-8. */
export const csvFile = (rows: (string | number | null | undefined)[][]) => `\uFEFF${rows.map(csvRow).join("")}`;
