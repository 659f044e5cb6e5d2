import { describe, expect, it } from "vitest";
import { demoSchedule } from "../../seed/bills";
import { computeBill } from "./compute";
import { DEMO_DISCOUNT_TIERS } from "./discounts";
import { BILL_COLUMNS, type BillRecord, billToRow, checkBillFile, checkPaymentFile, PAYMENT_COLUMNS } from "./files";

const CLASSES = new Set(["R", "LV", "HV"]);

function bill(overrides: Partial<BillRecord> = {}): BillRecord {
  const c = computeBill(demoSchedule("R", 5.2), DEMO_DISCOUNT_TIERS, { kwh: 150, demandKw: null, lifeline: false, senior: false });
  return {
    accountNumber: "01-1000-4568",
    billNumber: "B202603-0110004568",
    rateClass: "R",
    billingYear: 2026,
    billingMonth: 3,
    periodFrom: "2026-02-05",
    periodTo: "2026-03-04",
    readingDate: "2026-03-04",
    previousReading: 1000,
    presentReading: 1150,
    multiplier: 1,
    kwh: 150,
    demandKw: null,
    lifeline: false,
    senior: false,
    charges: c.charges,
    vat: c.vat,
    lifelineDiscount: 0,
    seniorDiscount: 0,
    otherLabel: "",
    otherAmount: 0,
    arrears: 25_000,
    totalDue: c.currentCharges + 25_000,
    dueDate: "2026-03-14",
    disconnectionDate: "2026-03-21",
    ...overrides,
  };
}

const file = (...rows: string[][]) => [[...BILL_COLUMNS], ...rows];
const withCell = (row: string[], column: string, value: string) => row.map((v, i) => (BILL_COLUMNS[i] === column ? value : v));

describe("the bill file's row checks", () => {
  it("reads a bill whose lines add up, columns in any order and any case", () => {
    const row = billToRow(bill());
    const order = BILL_COLUMNS.map((_, i) => i).reverse();
    const checked = checkBillFile(
      [order.map((i) => BILL_COLUMNS[i]!.toUpperCase().replace(/_/g, " ")), order.map((i) => row[i]!)],
      CLASSES,
    );
    expect(checked.ok && checked.refused).toEqual([]);
    expect(checked.ok && checked.records[0]).toEqual(bill());
  });

  it("refuses each bad row with its line and reason, and keeps the good ones", () => {
    const good = billToRow(bill());
    const rows = file(
      good,
      withCell(billToRow(bill({ billNumber: "B2" })), "total_amount_due", "9999.99"),
      withCell(billToRow(bill({ billNumber: "B3" })), "kwh", "151"),
      withCell(billToRow(bill({ billNumber: "B4" })), "rate_class", "XX"),
      withCell(billToRow(bill({ billNumber: "B5" })), "due_date", "2026-02-30"),
      withCell(billToRow(bill({ billNumber: "B6" })), "senior_discount", "10.00"),
      good,
    );
    const checked = checkBillFile(rows, CLASSES);
    if (!checked.ok) throw new Error(checked.error);
    expect(checked.records.map((r) => r.billNumber)).toEqual(["B202603-0110004568"]);
    expect(checked.refused.map((r) => [r.line, r.key])).toEqual([
      [3, "B2"],
      [4, "B3"],
      [5, "B4"],
      [6, "B5"],
      [7, "B6"],
      [8, "B202603-0110004568"],
    ]);
    expect(checked.refused[0]!.reason).toMatch(/^the lines add up to \d+\.\d\d, not the total amount due 9999\.99$/);
    expect(checked.refused[1]!.reason).toBe("kWh 151 is not (present − previous) × multiplier = 150");
    expect(checked.refused[2]!.reason).toContain('rate class "XX"');
    expect(checked.refused[3]!.reason).toContain("due_date");
    expect(checked.refused[4]!.reason).toContain("negative");
    expect(checked.refused[5]!.reason).toContain("appears earlier in the file");
  });

  it("refuses a file that is not a bill file as a whole", () => {
    const payments = checkBillFile([[...PAYMENT_COLUMNS], ["OR1", "01-1000-4568", "2026-03-10", "100.00", "office"]], CLASSES);
    expect(payments.ok).toBe(false);
    expect(!payments.ok && payments.error).toMatch(/^This is not a bill file: .*missing: bill_number/);
    expect(checkBillFile([[...BILL_COLUMNS]], CLASSES).ok).toBe(false);
  });
});

describe("the payment file's row checks", () => {
  it("reads payments and refuses bad channels, amounts and dates", () => {
    const checked = checkPaymentFile([
      ["Channel", "amount", "paid_on", "Account Number", "OR Number"],
      ["E-Wallet", "1,250.50", "2026-03-10", "01-1000-4568", "OR-1"],
      ["gcash", "10.00", "2026-03-10", "01-1000-4568", "OR-2"],
      ["bank", "0", "2026-03-10", "01-1000-4568", "OR-3"],
      ["bank", "10.00", "10/03/2026", "01-1000-4568", "OR-4"],
    ]);
    if (!checked.ok) throw new Error(checked.error);
    expect(checked.records).toEqual([
      { orNumber: "OR-1", accountNumber: "01-1000-4568", paidOn: "2026-03-10", amount: 125_050, channel: "e-wallet" },
    ]);
    expect(checked.refused.map((r) => r.line)).toEqual([3, 4, 5]);
  });

  it("reads the optional reference of an online payment, and leaves it out when empty (the receipt's hash is unchanged)", () => {
    const checked = checkPaymentFile([
      [...PAYMENT_COLUMNS, "Reference"],
      ["OR-1", "01-1000-4568", "2026-03-10", "500.00", "e-wallet", " wp-7kq2m9xr4t "],
      ["OR-2", "01-1000-4568", "2026-03-10", "500.00", "office", ""],
      ["OR-3", "01-1000-4568", "2026-03-10", "500.00", "e-wallet", "WP 7KQ2=1"],
    ]);
    if (!checked.ok) throw new Error(checked.error);
    expect(checked.records).toEqual([
      {
        orNumber: "OR-1",
        accountNumber: "01-1000-4568",
        paidOn: "2026-03-10",
        amount: 50_000,
        channel: "e-wallet",
        reference: "WP-7KQ2M9XR4T",
      },
      { orNumber: "OR-2", accountNumber: "01-1000-4568", paidOn: "2026-03-10", amount: 50_000, channel: "office" },
    ]);
    expect("reference" in checked.records[1]!).toBe(false);
    expect(checked.refused).toEqual([{ line: 4, key: "OR-3", reason: expect.stringContaining('reference "WP 7KQ2=1"') }]);
  });
});

describe("the templates in docs/templates", () => {
  it("pass every check (what the billing system's programmers copy)", async () => {
    const fs = await import("node:fs");
    const { readCsv } = await import("./csv");
    const bills = checkBillFile(readCsv(fs.readFileSync("docs/templates/bills-template.csv", "utf8"))!, CLASSES);
    expect(bills.ok && bills.refused).toEqual([]);
    expect(bills.ok && bills.records.length).toBe(3);
    const payments = checkPaymentFile(readCsv(fs.readFileSync("docs/templates/payments-template.csv", "utf8"))!);
    expect(payments.ok && payments.refused).toEqual([]);
    expect(payments.ok && payments.records.length).toBe(2);
    expect(payments.ok && payments.records[1]?.reference).toBe("WP-7KQ2M9XR4T");
  });
});
