/**
 * A bill's status from the payments made against it: paid, partly paid, unpaid, or overdue
 * once its due date (Manila) has passed with a balance left. The balance is carried: the
 * billing system puts it on the next bill as arrears.
 */
export type BillStatus = "unpaid" | "partly-paid" | "paid" | "overdue";

export const BILL_STATUS_LABELS: Record<BillStatus, string> = {
  unpaid: "Unpaid",
  "partly-paid": "Partly paid",
  paid: "Paid",
  overdue: "Overdue",
};

/** `today` and `dueDate` as YYYY-MM-DD (Manila). */
export function billStatus(totalDue: number, paid: number, dueDate: string, today: string): { status: BillStatus; balance: number } {
  const balance = Math.max(0, totalDue - paid);
  if (balance === 0) return { status: "paid", balance };
  if (today > dueDate) return { status: "overdue", balance };
  return { status: paid > 0 ? "partly-paid" : "unpaid", balance };
}
