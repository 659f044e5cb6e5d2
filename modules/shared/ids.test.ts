import { describe, expect, it } from "vitest";
import { isRowId, MAX_ROW_ID, rowIdFromParam } from "./ids";

describe("row ids", () => {
  it("takes whole numbers from 1 to PostgreSQL's integer bound", () => {
    expect(MAX_ROW_ID).toBe(2 ** 31 - 1);
    for (const n of [1, 42, MAX_ROW_ID]) expect(isRowId(n)).toBe(true);
    for (const n of [0, -1, 1.5, MAX_ROW_ID + 1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(isRowId(n)).toBe(false);
  });

  it("reads an address segment of digits only", () => {
    expect(rowIdFromParam("7")).toBe(7);
    expect(rowIdFromParam("0007")).toBe(7);
    expect(rowIdFromParam("2147483647")).toBe(MAX_ROW_ID);
    for (const p of [undefined, "", "0", "2147483648", "99999999999", "-1", "+1", "1e3", " 1", "1.0", "0x10", "abc"])
      expect(rowIdFromParam(p)).toBeNull();
  });
});
