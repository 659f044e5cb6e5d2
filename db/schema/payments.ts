/**
 * Payments online through a hosted-checkout gateway (PayMongo-shaped): the checkout row written
 * before the member leaves for the gateway, and every gateway event received, applied once by
 * its id in the same transaction as its effect (modules/payments/). Money in centavos.
 * The billing system stays the ledger: an online payment is "being posted" until its payment
 * file brings the official receipt with this reference.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { at } from "../columns";
import { translationsColumn } from "./content";
import { PAYMENT_PLACE_KINDS } from "./enum-values";

const cents = (name: string) => bigint(name, { mode: "number" });

/** One try to pay: open until the gateway says paid, or until it expires. */
export const paymentCheckouts = pgTable(
  "payment_checkouts",
  {
    /** Our reference, shown to the member and sent to the gateway and the billing system ("WP-…"). */
    reference: text("reference").primaryKey(),
    accountNumber: text("account_number").notNull(),
    billNumber: text("bill_number").notNull(),
    /** What goes to the bill, from the bill as stored; never from the browser. */
    amount: cents("amount").notNull(),
    /** The convenience fee shown before paying (PAYMENT_FEE_PHP). */
    fee: cents("fee").notNull().default(0),
    /** open, paid, failed, expired. */
    status: text("status").notNull().default("open"),
    /** The gateway's checkout session, once made. */
    gatewaySessionId: text("gateway_session_id").unique(),
    checkoutUrl: text("checkout_url"),
    /** The gateway's payment id, once paid. */
    gatewayPaymentId: text("gateway_payment_id"),
    /** A test payment (the stand-in, or a gateway's test keys). */
    testMode: boolean("test_mode").notNull().default(false),
    /** Who asked: a signed-in member, or a guest from the bill inquiry. */
    portalUserId: text("portal_user_id"),
    /** Where the receipt goes (a guest's e-mail or mobile); emptied once the receipt is sent. */
    receiptTo: text("receipt_to"),
    language: text("language").notNull().default("en"),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    paidAt: at("paid_at"),
    /** Paid for a bill that was already paid: the money goes back to the member. */
    refundDue: boolean("refund_due").notNull().default(false),
    /** When the acknowledgement (e-mail or text) was claimed for sending: once per payment. */
    receiptSentAt: at("receipt_sent_at"),
    /** The official receipt from the billing system's payment file that matched this reference. */
    postedOrNumber: text("posted_or_number"),
    postedAt: at("posted_at"),
  },
  (t) => [
    // One open checkout per bill: a second tab or a double tap finds the first.
    uniqueIndex("payment_checkouts_open_bill").on(t.billNumber).where(sql`status = 'open'`),
    index("payment_checkouts_account").on(t.accountNumber, t.createdAt),
    index("payment_checkouts_paid_at").on(t.paidAt),
  ],
);

/** Every gateway event received, by the gateway's event id: a repeat finds its row and changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  /** Our checkout it concerns, when known. */
  reference: text("reference"),
  /** What it did: applied, ignored (and why), refund-due, amount-differs. */
  outcome: text("outcome").notNull(),
  amount: cents("amount"),
  receivedAt: at("received_at").notNull().defaultNow(),
  payload: jsonb("payload").notNull(),
});

export const paymentPlaceKindEnum = pgEnum("payment_place_kind", PAYMENT_PLACE_KINDS);

/**
 * "Where to pay": the offices, collectors, partner outlets and e-wallets (with the biller name a
 * member looks for) that take a bill, as staff write them in the console. Shown beside every Pay
 * button, on the bill inquiry's answer and on the bill PDF; alone where online payment is off.
 */
export const paymentPlaces = pgTable("payment_places", {
  id: serial("id").primaryKey(),
  kind: paymentPlaceKindEnum("kind").notNull(),
  /** "Main office, Bani", "GCash". */
  name: text("name").notNull(),
  /** Plain text, a line each: address and hours, the collector's rounds, the biller's name and what to type. */
  details: text("details").notNull().default(""),
  position: integer("position").notNull().default(0),
  translations: translationsColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
