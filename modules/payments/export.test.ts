import { describe, expect, it } from "vitest";
import { forPosting, onlinePaymentsCsv } from "./export";

const payment = {
  reference: "WP-7KQ2M9XR4T",
  accountNumber: "01-1000-4568",
  billNumber: "B202603-0110004568",
  amount: 157_351,
  fee: 1_500,
  paidAt: new Date("2026-11-27T23:05:09.123Z"),
  gatewayPaymentId: "pay_abc",
  testMode: false,
};

describe("the online payments for the billing system to post", () => {
  it("carry centavos and pesos, the fee apart, and Manila time with its offset", () => {
    expect(forPosting(payment)).toEqual({
      reference: "WP-7KQ2M9XR4T",
      account_number: "01-1000-4568",
      bill_number: "B202603-0110004568",
      amount_centavos: 157_351,
      amount_pesos: "1573.51",
      fee_centavos: 1_500,
      fee_pesos: "15.00",
      paid_at: "2026-11-28T07:05:09+08:00",
      gateway_payment_id: "pay_abc",
      test_mode: false,
    });
  });

  it("as CSV: the same columns, through the one writer (a cell that starts like a formula is guarded)", () => {
    const csv = onlinePaymentsCsv([payment, { ...payment, reference: "WP-2", gatewayPaymentId: "=HYPERLINK(1)", testMode: true }]);
    expect(csv.split("\r\n")).toEqual([
      "\uFEFFreference,account_number,bill_number,amount_centavos,amount_pesos,fee_centavos,fee_pesos,paid_at,gateway_payment_id,test_mode",
      "WP-7KQ2M9XR4T,01-1000-4568,B202603-0110004568,157351,1573.51,1500,15.00,2026-11-28T07:05:09+08:00,pay_abc,N",
      "WP-2,01-1000-4568,B202603-0110004568,157351,1573.51,1500,15.00,2026-11-28T07:05:09+08:00,'=HYPERLINK(1),Y",
      "",
    ]);
  });
});
