/**
 * One Manila day of online payments, as the billing staff reconcile it: what the site recorded
 * as paid, the gateway's events received, and the billing system's receipts that name our
 * references, with every difference listed (paid but not posted, posted but not paid, amounts
 * that differ, refunds due). Read only; the rules are in reconcile.ts and posting.server.ts.
 */
import { and, asc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { paymentCheckouts, paymentEvents, payments } from "../../db/schema";
import { isPostingOverdue, POSTING_OVERDUE_MS, type UnpostedPayment, unpostedPayments } from "./posting.server";
import { type ManilaDay, type UnmatchedReason, unmatchedReason } from "./reconcile";

export interface PaidPayment extends UnpostedPayment {
  postedOrNumber: string | null;
  refundDue: boolean;
}

export interface UnmatchedReceipt {
  orNumber: string;
  accountNumber: string;
  paidOn: string;
  amount: number;
  reference: string;
  reason: UnmatchedReason;
}

export interface AmountDifference {
  /** The gateway's event (a payment of another amount, not applied) or the billing system's receipt. */
  source: "gateway" | "receipt";
  /** The event id or the OR number. */
  id: string;
  reference: string | null;
  /** What our checkout says (with the fee for the gateway, without it for the receipt). */
  expected: number | null;
  received: number | null;
}

export interface DayReconciliation {
  day: string;
  paid: PaidPayment[];
  events: { total: number; byOutcome: { outcome: string; count: number }[] };
  /** Of the day's paid payments, those the billing system has posted. */
  postedCount: number;
  paidNotPosted: (PaidPayment & { overdue: boolean })[];
  postedNotPaid: UnmatchedReceipt[];
  amountsDiffer: AmountDifference[];
  refundsDue: PaidPayment[];
  /** Every day's payments not posted after two days (the billing staff's list to chase). */
  overdue: UnpostedPayment[];
}

export async function reconcileDay(db: DbOrTx, day: ManilaDay, now: Date): Promise<DayReconciliation> {
  const paidRows = await db
    .select({
      reference: paymentCheckouts.reference,
      accountNumber: paymentCheckouts.accountNumber,
      billNumber: paymentCheckouts.billNumber,
      amount: paymentCheckouts.amount,
      fee: paymentCheckouts.fee,
      paidAt: paymentCheckouts.paidAt,
      gatewayPaymentId: paymentCheckouts.gatewayPaymentId,
      testMode: paymentCheckouts.testMode,
      postedOrNumber: paymentCheckouts.postedOrNumber,
      refundDue: paymentCheckouts.refundDue,
    })
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.status, "paid"), gte(paymentCheckouts.paidAt, day.from), lt(paymentCheckouts.paidAt, day.to)))
    .orderBy(asc(paymentCheckouts.paidAt), asc(paymentCheckouts.reference));
  const paid = paidRows.flatMap((r) => (r.paidAt ? [{ ...r, paidAt: r.paidAt }] : []));

  const outcomes = await db
    .select({ outcome: paymentEvents.outcome, count: sql<number>`count(*)::int` })
    .from(paymentEvents)
    .where(and(gte(paymentEvents.receivedAt, day.from), lt(paymentEvents.receivedAt, day.to)))
    .groupBy(paymentEvents.outcome)
    .orderBy(paymentEvents.outcome);

  // The gateway's payments of another amount than the checkout's: recorded, never applied.
  const differingEvents = await db
    .select({
      id: paymentEvents.eventId,
      reference: paymentEvents.reference,
      received: paymentEvents.amount,
      amount: paymentCheckouts.amount,
      fee: paymentCheckouts.fee,
    })
    .from(paymentEvents)
    .leftJoin(paymentCheckouts, eq(paymentCheckouts.reference, paymentEvents.reference))
    .where(and(eq(paymentEvents.outcome, "amount-differs"), gte(paymentEvents.receivedAt, day.from), lt(paymentEvents.receivedAt, day.to)))
    .orderBy(asc(paymentEvents.receivedAt));

  // The day's receipts naming a reference, with the checkout they name.
  const receipts = await db
    .select({
      orNumber: payments.orNumber,
      accountNumber: payments.accountNumber,
      paidOn: payments.paidOn,
      amount: payments.amount,
      reference: payments.reference,
      checkoutStatus: paymentCheckouts.status,
      checkoutAccount: paymentCheckouts.accountNumber,
      checkoutAmount: paymentCheckouts.amount,
      postedOrNumber: paymentCheckouts.postedOrNumber,
    })
    .from(payments)
    .leftJoin(paymentCheckouts, eq(paymentCheckouts.reference, payments.reference))
    .where(and(isNotNull(payments.reference), eq(payments.paidOn, day.day)))
    .orderBy(asc(payments.orNumber));

  const postedNotPaid: UnmatchedReceipt[] = [];
  const amountsDiffer: AmountDifference[] = differingEvents.map((e) => ({
    source: "gateway",
    id: e.id,
    reference: e.reference,
    expected: e.amount === null || e.fee === null ? null : e.amount + e.fee,
    received: e.received,
  }));
  for (const r of receipts) {
    const reference = r.reference ?? "";
    const checkout =
      r.checkoutStatus === null || r.checkoutAccount === null
        ? null
        : { status: r.checkoutStatus, accountNumber: r.checkoutAccount, postedOrNumber: r.postedOrNumber };
    const reason = unmatchedReason(r, checkout);
    if (reason)
      postedNotPaid.push({ orNumber: r.orNumber, accountNumber: r.accountNumber, paidOn: r.paidOn, amount: r.amount, reference, reason });
    else if (r.checkoutAmount !== r.amount)
      amountsDiffer.push({ source: "receipt", id: r.orNumber, reference, expected: r.checkoutAmount, received: r.amount });
  }

  return {
    day: day.day,
    paid,
    events: { total: outcomes.reduce((n, o) => n + o.count, 0), byOutcome: outcomes },
    postedCount: paid.filter((p) => p.postedOrNumber !== null).length,
    paidNotPosted: paid
      .filter((p) => p.postedOrNumber === null && !p.refundDue)
      .map((p) => ({ ...p, overdue: isPostingOverdue(p.paidAt, now) })),
    postedNotPaid,
    amountsDiffer,
    refundsDue: paid.filter((p) => p.refundDue),
    overdue: await unpostedPayments(db, new Date(now.getTime() - POSTING_OVERDUE_MS)),
  };
}
