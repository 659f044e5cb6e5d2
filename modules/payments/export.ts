/**
 * The online payments for the billing system to post, in the one shape both its API and the
 * console's CSV give: our reference (which the payment file sends back), the account and bill,
 * the amount to the bill in centavos and pesos, the fee (the gateway's, not the bill's), when
 * it was paid in Manila time, and the gateway's payment id.
 */
import { pesosPlain } from "../bills/money";
import { csvFile } from "../shared/csv";
import { manilaIsoDateTime } from "../shared/dates";
import type { UnpostedPayment } from "./posting.server";

export interface OnlinePaymentForPosting {
  reference: string;
  account_number: string;
  bill_number: string;
  amount_centavos: number;
  amount_pesos: string;
  fee_centavos: number;
  fee_pesos: string;
  paid_at: string;
  gateway_payment_id: string | null;
  /** A test payment moved no money: not to be posted. */
  test_mode: boolean;
}

export function forPosting(p: UnpostedPayment): OnlinePaymentForPosting {
  return {
    reference: p.reference,
    account_number: p.accountNumber,
    bill_number: p.billNumber,
    amount_centavos: p.amount,
    amount_pesos: pesosPlain(p.amount),
    fee_centavos: p.fee,
    fee_pesos: pesosPlain(p.fee),
    paid_at: manilaIsoDateTime(p.paidAt),
    gateway_payment_id: p.gatewayPaymentId,
    test_mode: p.testMode,
  };
}

const COLUMNS = [
  "reference",
  "account_number",
  "bill_number",
  "amount_centavos",
  "amount_pesos",
  "fee_centavos",
  "fee_pesos",
  "paid_at",
  "gateway_payment_id",
  "test_mode",
] as const satisfies readonly (keyof OnlinePaymentForPosting)[];

/** The CSV download: the same columns as the API, one payment a row (the one CSV writer, formula guard included). */
export function onlinePaymentsCsv(list: readonly UnpostedPayment[]): string {
  return csvFile([
    COLUMNS,
    ...list.map((p) => {
      const row = forPosting(p);
      return COLUMNS.map((c) => (c === "test_mode" ? (row.test_mode ? "Y" : "N") : row[c]));
    }),
  ]);
}
