/**
 * The acknowledgement of an online payment: an e-mail or a text in the payer's language with
 * the reference, sent once per payment (claimed by one conditional update), to the signed-in
 * member's contact on file or to the contact a guest typed. A guest's contact is erased once
 * the acknowledgement is sent: it was kept only for that. The billing system's official
 * receipt comes later, when its payment file posts the payment.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bills, paymentCheckouts, portalUser } from "../../db/schema";
import { pesos } from "../bills/money";

export interface ReceiptContact {
  kind: "sms" | "email";
  value: string;
}

/** Sends one message; true when the channel took it. */
export type ReceiptSender = (to: ReceiptContact, subject: string, text: string) => Promise<boolean>;

/** A guest's contact as stored in `receipt_to`: an e-mail address, or a mobile number (639…). */
export const receiptContactOf = (stored: string): ReceiptContact =>
  stored.includes("@") ? { kind: "email", value: stored } : { kind: "sms", value: stored };

/** A bill by its month, in the payer's language ("October 2026", "Oktubre 2026"): never its number, which proves an account. */
export function billMonth(year: number, month: number, language: string): string {
  return new Intl.DateTimeFormat(language === "fil" ? "fil-PH" : "en-PH", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    Date.UTC(year, month - 1, 15),
  );
}

export function receiptText(
  c: { reference: string; amount: number; fee: number; accountNumber: string; testMode: boolean },
  month: string,
  language: string,
) {
  const total = `PHP ${pesos(c.amount + c.fee)}`;
  const test = c.testMode ? (language === "fil" ? "PAGSUBOK LANG (walang perang nailipat). " : "TEST PAYMENT (no money moved). ") : "";
  if (language === "fil")
    return {
      subject: `Natanggap ang bayad online ${c.reference}`,
      text: `${test}Natanggap namin ang bayad online na ${total} para sa bill ng ${month} (account ${c.accountNumber}). Reference: ${c.reference}. Ipo-post ito ng billing at darating ang opisyal na resibo.`,
    };
  return {
    subject: `Online payment received ${c.reference}`,
    text: `${test}We received your online payment of ${total} for the ${month} bill (account ${c.accountNumber}). Reference: ${c.reference}. Billing will post it and issue the official receipt.`,
  };
}

/**
 * Sends the acknowledgement of a paid checkout if nobody has: the claim comes first, so two
 * deliveries of the same event send one message; a send that fails gives the claim back.
 */
export async function sendReceiptOnce(db: Db, reference: string, send: ReceiptSender, now = new Date()): Promise<"sent" | "none"> {
  const [claimed] = await db
    .update(paymentCheckouts)
    .set({ receiptSentAt: now })
    .where(and(eq(paymentCheckouts.reference, reference), eq(paymentCheckouts.status, "paid"), isNull(paymentCheckouts.receiptSentAt)))
    .returning();
  if (!claimed) return "none";
  let to: ReceiptContact | null = claimed.receiptTo ? receiptContactOf(claimed.receiptTo) : null;
  let language = claimed.language;
  if (!to && claimed.portalUserId) {
    const [member] = await db
      .select({ kind: portalUser.contactKind, value: portalUser.contact, language: portalUser.language })
      .from(portalUser)
      .where(eq(portalUser.id, claimed.portalUserId));
    if (member?.value && (member.kind === "sms" || member.kind === "email")) {
      to = { kind: member.kind, value: member.value };
      language = member.language || language;
    }
  }
  if (!to) return "none";
  const [bill] = await db
    .select({ year: bills.billingYear, month: bills.billingMonth })
    .from(bills)
    .where(eq(bills.billNumber, claimed.billNumber));
  const message = receiptText(claimed, bill ? billMonth(bill.year, bill.month, language) : "", language);
  const ok = await send(to, message.subject, message.text);
  if (!ok) {
    await db.update(paymentCheckouts).set({ receiptSentAt: null }).where(eq(paymentCheckouts.reference, reference));
    return "none";
  }
  // A guest's contact was kept only for this message.
  if (claimed.receiptTo) await db.update(paymentCheckouts).set({ receiptTo: null }).where(eq(paymentCheckouts.reference, reference));
  return "sent";
}

/** Paid checkouts whose acknowledgement is not sent yet (a crash between the payment and the message). */
export async function unsentReceipts(db: Db, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ reference: paymentCheckouts.reference })
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.status, "paid"), isNull(paymentCheckouts.receiptSentAt), sql`${paymentCheckouts.paidAt} is not null`))
    .limit(limit);
  return rows.map((r) => r.reference);
}
