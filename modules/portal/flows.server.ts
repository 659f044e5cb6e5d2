/**
 * The portal's proofs, start to end: asking for a code (registration, linking one more
 * account, sign-in, a contact added after a bill proof) and using it. Every request for a
 * code answers the same way and takes the same path whether or not the account or contact
 * exists or has a contact on file: a code row is stored either way (one that can never be
 * right when there is nobody to send to), the limits are reserved either way, and the
 * message is handed to the gateway without waiting for it.
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bills } from "../../db/schema";
import { normalizeBillNumber, PROOF_BILLS, readingHundredths } from "../bills/proof-figures";
import { reserveAttempt } from "../shared/attempt-limits.server";
import type { Locale } from "../shared/i18n";
import { BILL_PROOFS_PER_ACCOUNT, BILL_PROOFS_PER_IP, type CodeCheck, checkCode, reserveSend, storeCode } from "./codes.server";
import { type Contact, parseContact } from "./contact";
import { accountContact, linkAccount, memberByContact, memberById, memberForContact } from "./members.server";
import { codeMessage, messageLanguage } from "./messages";

/** Sends one text or e-mail; the caller decides the channel's transport. Never throws. */
export type Messenger = (to: Contact, subject: string, text: string) => Promise<void>;

export type CodeRequest = { ok: true; id: string } | { ok: false; waitMs: number };

function dispatch(send: Messenger, to: Contact, { subject, text }: { subject: string; text: string }) {
  // Not awaited: how long the gateway takes must not tell whether there was anyone to send to.
  void send(to, subject, text).catch(() => {});
}

/** A code to the contact on file of `accountNumber` (registration, or linking when `userId` is given). */
export async function requestAccountCode(
  db: Db,
  send: Messenger,
  accountNumber: string,
  ip: string,
  userId: string | null,
  language: Locale = "en",
): Promise<CodeRequest> {
  const to = await accountContact(db, accountNumber);
  // Looked up whatever the account, so that the time taken says nothing about its contact.
  const lang = messageLanguage(language, userId ? await memberById(db, userId) : null);
  // The contact on file was not typed: over its limit nothing goes, and the page says that may be so.
  const reserved = await reserveSend(db, ip, `account:${accountNumber}`, { key: to ? `${to.kind}:${to.value}` : null, typed: false });
  if (!reserved.ok) return reserved;
  const issued = await storeCode(db, { purpose: "register", subject: accountNumber, destination: reserved.send ? to : null, userId });
  if (reserved.send && to) dispatch(send, to, codeMessage(issued.code, { kind: "link", account: accountNumber }, lang));
  return { ok: true, id: issued.id };
}

/** A sign-in code to a member's confirmed contact (typed as `contactText`). */
export async function requestSignInCode(
  db: Db,
  send: Messenger,
  contact: Contact,
  ip: string,
  language: Locale = "en",
): Promise<CodeRequest> {
  const member = await memberByContact(db, contact);
  const open = member && !member.lockedAt ? member : null;
  // Keyed by the contact typed whether or not a member has it, so the limits (and the page
  // saying when to ask again) are the same for a registered number and any other.
  const typedKey = `${contact.kind}:${contact.value}`;
  const reserved = await reserveSend(db, ip, `contact:${typedKey}`, { key: typedKey, typed: true });
  if (!reserved.ok) return reserved;
  const issued = await storeCode(db, {
    purpose: "sign-in",
    subject: contact.value,
    destination: reserved.send && open ? contact : null,
    userId: open?.id ?? null,
  });
  if (reserved.send && open) dispatch(send, contact, codeMessage(issued.code, { kind: "sign-in" }, messageLanguage(language, open)));
  return { ok: true, id: issued.id };
}

export type ProofResult = { ok: true; userId: string; accountNumber?: string } | Exclude<CodeCheck, { ok: true }>;

/**
 * Uses a registration code: the account is linked to the member whose contact received it (made
 * on first proof), or to the signed-in member who asked to link it.
 */
export async function proveAccount(db: Db, id: string, typed: string): Promise<ProofResult> {
  const checked = await checkCode(db, id, "register", typed);
  if (!checked.ok) return checked;
  const userId = checked.userId ?? (await memberForContact(db, checked.destination)).id;
  await linkAccount(db, userId, checked.subject);
  return { ok: true, userId, accountNumber: checked.subject };
}

export async function proveSignIn(db: Db, id: string, typed: string): Promise<ProofResult> {
  const checked = await checkCode(db, id, "sign-in", typed);
  if (!checked.ok) return checked;
  if (!checked.userId) return { ok: false, reason: "spent" };
  return { ok: true, userId: checked.userId };
}

export type BillProof = { ok: true; token: string } | { ok: false; reason: "wrong" } | { ok: false; reason: "limit"; waitMs: number };

/**
 * The proof of an account with no contact to send to: the bill number and the present meter
 * reading of one of its two latest bills, together. Both are printed on the paper bill and no
 * public answer shows them (modules/bills/proof-figures.ts; the bill inquiry shows the amount
 * and due date, so those prove nothing). Wrong tries are limited per account and per address
 * (BILL_PROOFS_PER_ACCOUNT, BILL_PROOFS_PER_IP). A right answer gives a token (15 minutes,
 * once) for the next step: adding a contact and confirming it with a code (an account with a
 * contact on file gets no code to a typed contact after it: requestContactCode).
 */
export async function proveByBill(
  db: Db,
  accountNumber: string,
  billNumber: string,
  /** The present reading typed, in hundredths (proof-figures.ts readingHundredths). */
  presentHundredths: number,
  ip: string,
  now = new Date(),
): Promise<BillProof> {
  const byAddress = await reserveAttempt(db, BILL_PROOFS_PER_IP, [`ip:${ip}`], now);
  if (!byAddress.ok) return { ok: false, reason: "limit", waitMs: byAddress.waitMs };
  const byAccount = await reserveAttempt(db, BILL_PROOFS_PER_ACCOUNT, [`account:${accountNumber}`], now);
  if (!byAccount.ok) {
    // Refused before any comparison: the address's try is given back.
    await byAddress.release();
    return { ok: false, reason: "limit", waitMs: byAccount.waitMs };
  }
  const latest = await db
    .select({ billNumber: bills.billNumber, presentReading: bills.presentReading })
    .from(bills)
    .where(eq(bills.accountNumber, accountNumber))
    .orderBy(desc(bills.periodTo), desc(bills.billNumber))
    .limit(PROOF_BILLS);
  const typedNumber = normalizeBillNumber(billNumber);
  const right = latest.some(
    (b) => normalizeBillNumber(b.billNumber) === typedNumber && readingHundredths(b.presentReading) === presentHundredths,
  );
  if (!right) return { ok: false, reason: "wrong" };
  await Promise.all([byAddress.release(), byAccount.release()]);
  // The token is the code of a "bill-proven" row that was never sent anywhere: typed back by the form.
  const issued = await storeCode(
    db,
    { purpose: "bill-proven", subject: accountNumber, destination: { kind: "sms", value: "" }, ttlMs: 15 * 60_000 },
    now,
  );
  return { ok: true, token: `${issued.id}.${issued.code}` };
}

/** After a bill proof: a code to the contact the member adds. */
export async function requestContactCode(db: Db, send: Messenger, token: string, contactText: string, ip: string, language: Locale = "en") {
  const contact = parseContact(contactText);
  if (!contact) return { ok: false as const, reason: "contact" as const };
  const [id = "", code = ""] = token.split(".");
  const proven = await checkCode(db, id, "bill-proven", code);
  if (!proven.ok) return { ok: false as const, reason: "expired" as const };
  const reserved = await reserveSend(db, ip, `account:${proven.subject}`, { key: `${contact.kind}:${contact.value}`, typed: true });
  if (!reserved.ok) return { ok: false as const, reason: "limit" as const, waitMs: reserved.waitMs };
  // An account with a contact on file is proven by that contact only (a paper bill can be read
  // by whoever collects the mail, while the member can be reached). The page reads the same;
  // no code goes to the contact typed.
  const onFile = await accountContact(db, proven.subject);
  const toTyped = reserved.send && !onFile;
  const issued = await storeCode(db, { purpose: "register", subject: proven.subject, destination: toTyped ? contact : null });
  if (toTyped) dispatch(send, contact, codeMessage(issued.code, { kind: "confirm-contact", account: proven.subject }, language));
  return { ok: true as const, id: issued.id };
}
