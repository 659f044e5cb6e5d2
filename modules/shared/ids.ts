/**
 * Row ids and revision versions are PostgreSQL `integer`s: a number above this bound makes the
 * query fail instead of finding nothing, so lookups answer "none" for it before asking.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether `n` can be a row id: a whole number from 1 to MAX_ROW_ID. */
export function isRowId(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_ROW_ID;
}

/** An address segment as a row id: digits only (no sign, space or exponent), 1 to MAX_ROW_ID; else null. */
export function rowIdFromParam(param: string | undefined): number | null {
  if (!/^\d{1,10}$/.test(param ?? "")) return null;
  const id = Number(param);
  return isRowId(id) ? id : null;
}
