/**
 * CSV for every export (RFC 4180, CRLF): the one writer, so the one guard against spreadsheet
 * formulas (OWASP "CSV injection"). A cell that starts with = + - @, a tab or a carriage return
 * gets a leading apostrophe, whatever it holds: numbers and phone numbers too, since a
 * spreadsheet computes `-2-3` or `+63-917` as readily as `=SUM(…)`, and no rule that tells a
 * "plain number" from a formula has held (the apostrophe shows as text; the value is intact).
 */
/** A formula's first character, after any apostrophes (guarded too, so that reading back is exact). */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export type CsvValue = string | number | null | undefined;

export function csvCell(v: CsvValue): string {
  let s = v == null ? "" : String(v);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A byte order mark first, so spreadsheet apps read the file as UTF-8. */
export const csvFile = (rows: readonly (readonly CsvValue[])[]) => `\uFEFF${rows.map(csvRow).join("")}`;

/**
 * A cell read back as it was before the guard: what an import of our own export (the rates
 * file, edited and uploaded again) must see. Only the apostrophe the guard adds is taken off.
 */
export const unguardedCell = (cell: string) => (/^''*[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
