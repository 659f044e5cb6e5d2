/**
 * Paying one bill online, as the pages ask for it: what is left to pay, and the checkout that
 * takes the payer to the gateway (the amount's limits: amounts.ts).
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { bills, paymentCheckouts } from "../../db/schema";
import { MONTH_NAMES } from "../shared/dates";
import { billBalance, type OpenCheckoutResult, openCheckout } from "./checkouts.server";
import type { PaymentsService } from "./gateway";
import { awaitingPosting } from "./posting.server";

export interface PayableBill {
  accountNumber: string;
  billNumber: string;
  billingYear: number;
  billingMonth: number;
  dueDate: string;
  totalDue: number;
  /** Left to pay, online payments being posted counted as paid. */
  balance: number;
}

export async function payableBill(db: DbOrTx, accountNumber: string, billNumber: string): Promise<PayableBill | null> {
  const [bill] = await db
    .select({
      accountNumber: bills.accountNumber,
      billNumber: bills.billNumber,
      billingYear: bills.billingYear,
      billingMonth: bills.billingMonth,
      dueDate: bills.dueDate,
      totalDue: bills.totalDue,
    })
    .from(bills)
    .where(and(eq(bills.accountNumber, accountNumber), eq(bills.billNumber, billNumber)));
  if (!bill) return null;
  return { ...bill, balance: (await billBalance(db, billNumber)) ?? 0 };
}

/** The latest bill of an account (by its period), the one the bill inquiry shows, as it is paid. */
export async function latestPayableBill(db: DbOrTx, accountNumber: string): Promise<PayableBill | null> {
  const [latest] = await db
    .select({ billNumber: bills.billNumber })
    .from(bills)
    .where(eq(bills.accountNumber, accountNumber))
    .orderBy(desc(bills.periodTo), desc(bills.billNumber))
    .limit(1);
  return latest ? payableBill(db, accountNumber, latest.billNumber) : null;
}

/**
 * The latest bill as a guest may pay it from the bill inquiry: its month, what is left and
 * whether an online payment of it is being posted. Never its number, which proves an account
 * (modules/bills/proof-figures.ts).
 */
export interface GuestPayState {
  billingYear: number;
  billingMonth: number;
  balance: number;
  posting: boolean;
}

export async function guestPayState(db: DbOrTx, accountNumber: string): Promise<GuestPayState | null> {
  const bill = await latestPayableBill(db, accountNumber);
  if (!bill) return null;
  const posting = (await postingByBill(db, accountNumber)).has(bill.billNumber);
  return { billingYear: bill.billingYear, billingMonth: bill.billingMonth, balance: bill.balance, posting };
}

export interface StartPayment {
  bill: PayableBill;
  amount: number;
  language: "en" | "fil";
  portalUserId?: string | null;
  receiptTo?: string | null;
  /** The payer's way back: our acknowledgement page of a reference. */
  receiptUrl(reference: string): string;
}

/** Opens (or reuses) the bill's checkout at the gateway for this amount. */
export function startPayment(db: Db, payments: PaymentsService, p: StartPayment): Promise<OpenCheckoutResult> {
  return openCheckout(db, payments.gateway, {
    accountNumber: p.bill.accountNumber,
    billNumber: p.bill.billNumber,
    billLabel: `${MONTH_NAMES[p.bill.billingMonth - 1]} ${p.bill.billingYear} electric bill`,
    amount: p.amount,
    fee: payments.fee,
    portalUserId: p.portalUserId ?? null,
    receiptTo: p.receiptTo ?? null,
    language: p.language,
    description: `WESPECO electric bill of ${MONTH_NAMES[p.bill.billingMonth - 1]} ${p.bill.billingYear}, account ${p.bill.accountNumber}`,
    returnUrls: (reference) => ({ success: p.receiptUrl(reference), cancel: `${p.receiptUrl(reference)}?back=1` }),
  });
}

/** The bills of an account with an online payment being posted (paid, not yet in the billing system's file). */
export async function postingByBill(
  db: DbOrTx,
  accounts: string | readonly string[],
): Promise<Map<string, { reference: string; amount: number }>> {
  // Several accounts in one query (the overview's); a bill number belongs to one account.
  const list = typeof accounts === "string" ? [accounts] : [...accounts];
  if (list.length === 0) return new Map();
  const rows = await db
    .select({ billNumber: paymentCheckouts.billNumber, reference: paymentCheckouts.reference, amount: paymentCheckouts.amount })
    .from(paymentCheckouts)
    .where(and(inArray(paymentCheckouts.accountNumber, list), awaitingPosting()))
    .orderBy(desc(paymentCheckouts.paidAt));
  const found = new Map<string, { reference: string; amount: number }>();
  for (const r of rows) if (!found.has(r.billNumber)) found.set(r.billNumber, { reference: r.reference, amount: r.amount });
  return found;
}
