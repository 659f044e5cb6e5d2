/**
 * Posting: the billing system is the ledger, so an online payment counts on its bill as
 * "being posted" until the billing system's payment file brings the official receipt with our
 * reference. Then the receipt (a payment row) counts and the online payment no longer does
 * (checkouts.server.ts billBalance, pay.server.ts postingByBill): never both, never neither.
 * What is not posted yet goes to the billing system as an export (CSV or its API).
 */
import { and, asc, count, eq, isNull, lt, sql } from "drizzle-orm";
import { type DbOrTx, resultRows } from "../../db/client";
import { paymentCheckouts } from "../../db/schema";

/** An online payment not posted after this long is listed for the billing staff to chase. */
export const POSTING_OVERDUE_MS = 2 * 24 * 3600_000;

/** A receipt of the payment file that names an online payment. */
export interface Posting {
  orNumber: string;
  accountNumber: string;
  reference: string;
}

/**
 * Marks the paid online payments these receipts post, inside the import's transaction. A
 * receipt posts a payment only of its own account, and only one not posted yet: any other
 * (an unknown reference, another account, a second receipt) is stored by the import all the
 * same and listed by the reconciliation. Answers the references posted.
 */
export async function postOnlinePayments(tx: DbOrTx, postings: readonly Posting[], now: Date): Promise<string[]> {
  if (postings.length === 0) return [];
  const rows = postings.map((p) => ({ or_number: p.orNumber, account_number: p.accountNumber, reference: p.reference }));
  // One statement for the whole file. Only receipts of the payment's own account count, and of
  // two that name one payment the first by OR number posts it (the other is listed).
  const posted = await tx.execute(sql`
    update payment_checkouts c
       set posted_or_number = x.or_number, posted_at = ${now.toISOString()}::timestamptz
      from (select distinct on (r.reference) r.or_number, r.reference
              from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(or_number text, account_number text, reference text)
              join payment_checkouts k on k.reference = r.reference and k.account_number = r.account_number
             order by r.reference, r.or_number) x
     where c.reference = x.reference and c.status = 'paid' and c.posted_or_number is null
    returning c.reference`);
  return resultRows<{ reference: string }>(posted).map((r) => r.reference);
}

/**
 * Paid and not posted yet, and not a refund due (the bill was already paid: the money goes
 * back, it is not posted); `paidBefore` keeps those waiting since before then.
 */
export const awaitingPosting = (paidBefore?: Date) =>
  and(
    eq(paymentCheckouts.status, "paid"),
    eq(paymentCheckouts.refundDue, false),
    isNull(paymentCheckouts.postedOrNumber),
    paidBefore ? lt(paymentCheckouts.paidAt, paidBefore) : undefined,
  );

export type UnpostedPayment = Pick<
  typeof paymentCheckouts.$inferSelect,
  "reference" | "accountNumber" | "billNumber" | "amount" | "fee" | "gatewayPaymentId" | "testMode"
> & { paidAt: Date };

/** Online payments awaiting posting, oldest first: what the billing system is to post. */
export async function unpostedPayments(db: DbOrTx, paidBefore?: Date): Promise<UnpostedPayment[]> {
  const rows = await db
    .select({
      reference: paymentCheckouts.reference,
      accountNumber: paymentCheckouts.accountNumber,
      billNumber: paymentCheckouts.billNumber,
      amount: paymentCheckouts.amount,
      fee: paymentCheckouts.fee,
      paidAt: paymentCheckouts.paidAt,
      gatewayPaymentId: paymentCheckouts.gatewayPaymentId,
      testMode: paymentCheckouts.testMode,
    })
    .from(paymentCheckouts)
    .where(awaitingPosting(paidBefore))
    .orderBy(asc(paymentCheckouts.paidAt), asc(paymentCheckouts.reference));
  // A paid checkout always has its time; the filter keeps the type honest.
  return rows.flatMap((r) => (r.paidAt ? [{ ...r, paidAt: r.paidAt }] : []));
}

/** Not posted after POSTING_OVERDUE_MS, as of `now`. */
export const isPostingOverdue = (paidAt: Date, now: Date) => now.getTime() - paidAt.getTime() > POSTING_OVERDUE_MS;

/** How many payments wait to be posted for longer than POSTING_OVERDUE_MS (the console's overview). */
export async function overdueCount(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentCheckouts)
    .where(awaitingPosting(new Date(now.getTime() - POSTING_OVERDUE_MS)));
  return row?.n ?? 0;
}
