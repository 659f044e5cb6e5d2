/**
 * Every CSV export read back as a spreadsheet would read it: no cell may start a formula
 * (= + - @, a tab or a carriage return: OWASP CSV injection), numbers included, and each cell
 * is what was written but for the guard's apostrophe. The writer (modules/shared/csv.ts) with
 * random cells, then the exports built on it with the values a spreadsheet would compute.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { registrationsCsv } from "../../modules/agam/admin.server";
import { readCsv } from "../../modules/bills/csv";
import { ratesCsv } from "../../modules/rates/model";
import { csvFile, unguardedCell } from "../../modules/shared/csv";

const FORMULA = /^[=+\-@\t\r]/;

function cellsOf(csv: string): string[] {
  const rows = readCsv(csv);
  if (!rows) throw new Error("the export is not valid CSV");
  return rows.flat();
}

describe("CSV exports", () => {
  test("read back, no cell starts a formula and each is what was written, after the guard's apostrophe", () => {
    const cell = fc.oneof(
      fc.string(),
      fc.double({ noNaN: true }),
      fc.integer(),
      fc.constantFrom("-2-3", "=1+1", "+1", "@x", "\t1", "\r1", "'x", "'=1", "''-2"),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        // Each row labelled first: a row of one empty cell is an empty line, which readers skip.
        const read = readCsv(csvFile(rows.map((r) => ["row", ...r])))?.map((r) => r.slice(1)) ?? [];
        expect(read).toHaveLength(rows.length);
        read.forEach((cells, i) => {
          for (const [j, text] of cells.entries()) {
            expect(text).not.toMatch(/^[=+\-@\t\r]/);
            const written = String(rows[i]![j]);
            expect(text).toBe(/^'*[=+\-@\t\r]/.test(written) ? `'${written}` : written);
            // And an import of our own export reads the value as written.
            expect(unguardedCell(text)).toBe(written);
          }
        });
      }),
      { numRuns: 500 },
    );
  });
  test("the rates export: a negative figure and a source named like a formula come back as text", () => {
    const charge = {
      source: { name: '=HYPERLINK("http://x")', queue: 1 },
      percentKwhPurchased: 50,
      kwhPurchased: 1000,
      basicGenerationCost: 5.1,
      otherCostAdjustment: -0.1234,
      totalGenerationCost: 5,
      promptPaymentDiscount: -2,
      pilferageCostRecoveries: 0,
      otherGenerationCostAdjustment: -0,
      generationRate: 4.9,
    };
    const cells = cellsOf(ratesCsv(2026, 3, [{ type: "R", amount: -1.5 }], [charge]));
    expect(cells.filter((c) => FORMULA.test(c))).toEqual([]);
    expect(cells).toContain("'-0.1234");
    expect(cells).toContain("'-1.5000");
  });

  test("the AGAM registrations export: a name, number or reason like `-2-3` comes back as text", () => {
    const csv = registrationsCsv(
      [{ id: 1, sequenceNumber: 1, topic: "By-laws", description: "" }],
      [
        {
          id: 1,
          reference: "-2-3",
          accountNumber: "+63-917",
          name: "@SUM(A1)",
          membershipNumber: "=1+1",
          district: 1,
          origin: "web",
          phone: "",
          email: "",
          registeredAt: new Date("2026-03-05T00:00:00Z"),
          decisions: [{ topicSequence: 1, value: 0, reason: "\t-5" }],
        },
      ],
    );
    const cells = cellsOf(csv);
    expect(cells.filter((c) => FORMULA.test(c))).toEqual([]);
    expect(cells).toEqual(expect.arrayContaining(["'-2-3", "'+63-917", "'@SUM(A1)", "'=1+1", "'\t-5"]));
  });
});
