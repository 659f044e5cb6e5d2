/**
 * Checkouts and gateway events, exactly once:
 * - one open checkout per bill (a unique index on the open rows): a second tab or a double tap
 *   finds the first and is sent to the same gateway page; another amount replaces it;
 * - the row is written before the member leaves for the gateway, and the amount is always ours;
 * - each gateway event is stored by its id in the same transaction as its effect: a repeated
 *   delivery finds the row and changes nothing, and a process killed before the commit leaves
 *   nothing, so the gateway's retry applies it;
 * - a payment is never dropped: one for a bill already paid is recorded as paid and listed as
 *   a refund due; one whose amount is not the checkout's is recorded and listed, not applied.
 */
import crypto from "node:crypto";
import { and, eq, gte, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-error";
import { bills, paymentCheckouts, paymentEvents, payments } from "../../db/schema";
import type { GatewayEvent, PaymentGateway } from "./gateway";
import { awaitingPosting } from "./posting.server";

/** How long a checkout stays open on our side (the gateway's page is left after this). */
export const CHECKOUT_TTL_MS = 60 * 60_000;
/**
 * A checkout still without its gateway page after this long was abandoned by a process that died
 * making it: longer than the gateway's answer may take (paymongo.server.ts waits 10 s at most).
 */
const ABANDONED_AFTER_MS = 15_000;

export type Checkout = typeof paymentCheckouts.$inferSelect;

/** "WP-" and 10 characters that read well aloud and on a receipt (no 0/O, 1/I). */
export function newReference(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.randomBytes(10);
  return `WP-${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("")}`;
}

export interface OpenCheckoutInput {
  accountNumber: string;
  billNumber: string;
  /** The bill as the gateway's page shows it ("October 2026 bill"): never its number, which proves an account. */
  billLabel: string;
  /** Centavos to the bill, decided by the server from the stored bill (and the member's choice within limits). */
  amount: number;
  fee: number;
  portalUserId?: string | null;
  receiptTo?: string | null;
  language: "en" | "fil";
  /** Where the gateway sends the member back, for a reference. */
  returnUrls(reference: string): { success: string; cancel: string };
  description: string;
  now?: Date;
}

export type OpenCheckoutResult = { ok: true; checkout: Checkout; reused: boolean } | { ok: false; reason: "gateway" | "busy" };

/**
 * The bill's open checkout for this amount, or a new one made at the gateway. Simultaneous
 * asks for one bill make one gateway session: the first writes the row, the others wait for
 * its address.
 */
export async function openCheckout(db: Db, gateway: PaymentGateway, input: OpenCheckoutInput): Promise<OpenCheckoutResult> {
  const now = input.now ?? new Date();
  // Open checkouts past their time are over (the gateway's page is closed too).
  await db
    .update(paymentCheckouts)
    .set({ status: "expired" })
    .where(
      and(eq(paymentCheckouts.billNumber, input.billNumber), eq(paymentCheckouts.status, "open"), lt(paymentCheckouts.expiresAt, now)),
    );
  for (let attempt = 0; attempt < 50; attempt++) {
    const [open] = await db
      .select()
      .from(paymentCheckouts)
      .where(and(eq(paymentCheckouts.billNumber, input.billNumber), eq(paymentCheckouts.status, "open")));
    if (open) {
      if (open.amount === input.amount && open.fee === input.fee) {
        if (open.checkoutUrl) return { ok: true, checkout: open, reused: true };
        // A row without its gateway page long after it was written: the process making it died
        // on the way (its gateway session, if any, was never shown to anyone). It steps aside.
        if (Date.now() - open.createdAt.getTime() > ABANDONED_AFTER_MS) {
          await db
            .update(paymentCheckouts)
            .set({ status: "failed" })
            .where(
              and(
                eq(paymentCheckouts.reference, open.reference),
                eq(paymentCheckouts.status, "open"),
                isNull(paymentCheckouts.checkoutUrl),
              ),
            );
          continue;
        }
        // Another request is making this checkout's gateway session: wait for it.
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      // Another amount: this one replaces it (a late payment of the old one is still recorded).
      await db
        .update(paymentCheckouts)
        .set({ status: "replaced" })
        .where(and(eq(paymentCheckouts.reference, open.reference), eq(paymentCheckouts.status, "open")));
      continue;
    }
    const reference = newReference();
    try {
      await db.insert(paymentCheckouts).values({
        reference,
        accountNumber: input.accountNumber,
        billNumber: input.billNumber,
        amount: input.amount,
        fee: input.fee,
        status: "open",
        testMode: gateway.testMode,
        portalUserId: input.portalUserId ?? null,
        receiptTo: input.receiptTo ?? null,
        language: input.language,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      });
    } catch (error) {
      if (isUniqueViolation(error)) continue; // another tab won the bill's open row
      throw error;
    }
    const urls = input.returnUrls(reference);
    try {
      const session = await gateway.createCheckout({
        reference,
        description: input.description,
        lines: [
          { name: input.billLabel, amount: input.amount },
          ...(input.fee > 0 ? [{ name: "Convenience fee", amount: input.fee }] : []),
        ],
        successUrl: urls.success,
        cancelUrl: urls.cancel,
      });
      const [saved] = await db
        .update(paymentCheckouts)
        .set({ gatewaySessionId: session.sessionId, checkoutUrl: session.checkoutUrl, testMode: session.testMode })
        .where(eq(paymentCheckouts.reference, reference))
        .returning();
      return { ok: true, checkout: saved!, reused: false };
    } catch {
      // No session was made: the bill may be tried again at once.
      await db.update(paymentCheckouts).set({ status: "failed" }).where(eq(paymentCheckouts.reference, reference));
      return { ok: false, reason: "gateway" };
    }
  }
  return { ok: false, reason: "busy" };
}

export async function checkoutByReference(db: DbOrTx, reference: string): Promise<Checkout | null> {
  const [row] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference));
  return row ?? null;
}

export type EventOutcome = "applied" | "refund-due" | "amount-differs" | "duplicate" | "unknown-checkout" | "already-paid" | "ignored";

const PAID_TYPES = new Set(["checkout_session.payment.paid", "payment.paid"]);
const CLOSED_TYPES: Record<string, string> = { "payment.failed": "failed", "checkout_session.expired": "expired" };

/**
 * Applies one gateway event once: stored by its id with its effect in one transaction.
 * Answers what it did; "duplicate" when the event was already stored (nothing changes).
 */
export async function applyGatewayEvent(
  db: Db,
  event: GatewayEvent,
  payload: unknown,
  now = new Date(),
): Promise<{ outcome: EventOutcome; reference: string | null }> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(paymentEvents)
      .values({
        eventId: event.id,
        type: event.type,
        outcome: "received",
        payload: payload as object,
        receivedAt: now,
        amount: event.payment?.amount ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.eventId });
    if (claimed.length === 0) {
      const [first] = await tx
        .select({ reference: paymentEvents.reference })
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, event.id));
      return { outcome: "duplicate" as const, reference: first?.reference ?? null };
    }
    const effect = await effectOf(tx, event, now);
    await tx.update(paymentEvents).set({ outcome: effect.outcome, reference: effect.reference }).where(eq(paymentEvents.eventId, event.id));
    return effect;
  });
}

async function findCheckout(tx: DbOrTx, event: GatewayEvent): Promise<Checkout | null> {
  if (event.sessionId) {
    const [row] = await tx.select().from(paymentCheckouts).where(eq(paymentCheckouts.gatewaySessionId, event.sessionId)).for("update");
    if (row) return row;
  }
  if (event.reference) {
    const [row] = await tx.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, event.reference)).for("update");
    if (row) return row;
  }
  return null;
}

async function effectOf(tx: DbOrTx, event: GatewayEvent, now: Date): Promise<{ outcome: EventOutcome; reference: string | null }> {
  const checkout = await findCheckout(tx, event);
  if (!checkout) return { outcome: "unknown-checkout", reference: event.reference };
  const reference = checkout.reference;
  if (PAID_TYPES.has(event.type)) {
    const payment = event.payment;
    // The amount is ours: a payment of another amount is kept for the billing staff, not applied.
    if (!payment || payment.amount !== checkout.amount + checkout.fee) return { outcome: "amount-differs", reference };
    if (checkout.status === "paid") {
      // The same payment told again under another event id changes nothing; a second payment is money to give back.
      return { outcome: checkout.gatewayPaymentId === payment.id ? "already-paid" : "refund-due", reference };
    }
    const refundDue = ((await billBalance(tx, checkout.billNumber, checkout.reference)) ?? 0) <= 0;
    await tx
      .update(paymentCheckouts)
      .set({ status: "paid", paidAt: now, gatewayPaymentId: payment.id, refundDue })
      .where(eq(paymentCheckouts.reference, reference));
    return { outcome: refundDue ? "refund-due" : "applied", reference };
  }
  const closed = CLOSED_TYPES[event.type];
  if (closed) {
    // Late or out of order: a failure never undoes a payment, and closes only an open checkout.
    if (checkout.status !== "open") return { outcome: "ignored", reference };
    await tx.update(paymentCheckouts).set({ status: closed }).where(eq(paymentCheckouts.reference, reference));
    return { outcome: "applied", reference };
  }
  return { outcome: "ignored", reference };
}

/**
 * What is still owed on a bill: its total, less the billing system's payments since its
 * reading, less online payments not yet posted (but `except`, the one being applied).
 */
export async function billBalance(tx: DbOrTx, billNumber: string, except?: string): Promise<number | null> {
  const [bill] = await tx
    .select({ accountNumber: bills.accountNumber, totalDue: bills.totalDue, readingDate: bills.readingDate })
    .from(bills)
    .where(eq(bills.billNumber, billNumber));
  if (!bill) return null;
  const [posted] = await tx
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.accountNumber, bill.accountNumber), gte(payments.paidOn, bill.readingDate)));
  const [online] = await tx
    .select({ sum: sql<string>`coalesce(sum(${paymentCheckouts.amount}), 0)` })
    .from(paymentCheckouts)
    .where(
      and(eq(paymentCheckouts.billNumber, billNumber), awaitingPosting(), except ? ne(paymentCheckouts.reference, except) : undefined),
    );
  return bill.totalDue - Number(posted?.sum ?? 0) - Number(online?.sum ?? 0);
}
