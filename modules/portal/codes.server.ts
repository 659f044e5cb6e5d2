/**
 * The portal's one-time codes: 6 digits from the system's random source, only a salted
 * SHA-256 kept, valid 10 minutes, single use, and 5 tries end a code. A try is counted by
 * one conditional UPDATE before the code is compared, so 30 tries sent at once still get
 * at most 5 comparisons; using a right code is a second conditional UPDATE, so it signs in
 * once. Sends are limited per target typed, per destination and per address
 * (modules/shared/attempt-limits.server.ts), so a stranger cannot make the site text or
 * mail a member more than a few times an hour (docs/decisions/0034-account-proof-and-code-limits.md).
 */
import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { portalCodes } from "../../db/schema";
import { type AttemptRule, type Reservation, reserveAttempt } from "../shared/attempt-limits.server";
import type { Contact, ContactKind } from "./contact";

export const CODE_DIGITS = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;

const HOUR = 3_600_000;
/** Codes asked for one target typed (an account number, or a number or e-mail at sign-in): 3 an hour. */
export const SENDS_PER_TARGET: AttemptRule = { name: "portal-send", free: 3, windowMs: HOUR, firstWaitMs: HOUR, maxWaitMs: HOUR };
/**
 * Codes that reach one number or e-mail, whatever asked for them: 5 an hour, so that a member
 * who registers, signs in and links a second account in one hour is never refused, while
 * nobody can make the site text one number more than 5 times an hour.
 */
export const SENDS_PER_DESTINATION: AttemptRule = { name: "portal-send-to", free: 5, windowMs: HOUR, firstWaitMs: HOUR, maxWaitMs: HOUR };
/**
 * Code requests from one address: 30 an hour. An office or a family behind one address (one
 * NAT, one mobile carrier's gateway) registers 6 members, each with a code asked again and a
 * later sign-in, within it; a spray over many accounts from one address stops at 30.
 */
export const SENDS_PER_IP: AttemptRule = { name: "portal-send-ip", free: 30, windowMs: HOUR, firstWaitMs: HOUR, maxWaitMs: HOUR };
/**
 * Wrong bill proofs (bill number and present reading) per account: 5, then a wait of an hour
 * doubling to a day, within a week. A reading is a number an outsider can narrow down, so the
 * tries per account must stay few over weeks, not only in an hour (about 15 a week).
 */
export const BILL_PROOFS_PER_ACCOUNT: AttemptRule = {
  name: "portal-bill-proof",
  free: 5,
  windowMs: 7 * 24 * HOUR,
  firstWaitMs: HOUR,
  maxWaitMs: 24 * HOUR,
};
/** Wrong bill proofs from one address, whatever the account: 10 an hour (a right one is given back). */
export const BILL_PROOFS_PER_IP: AttemptRule = {
  name: "portal-bill-proof-ip",
  free: 10,
  windowMs: HOUR,
  firstWaitMs: HOUR,
  maxWaitMs: HOUR,
};

export type CodePurpose = "register" | "sign-in" | "contact" | "bill-proven" | "fresh";

const hash = (id: string, code: string) => crypto.createHash("sha256").update(`${id}:${code}`).digest("hex");

export function newCode(): string {
  return String(crypto.randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
}

export interface IssuedCode {
  id: string;
  code: string;
}

/**
 * Stores a code for `subject`. `destination` null makes a code that can never be right (an
 * account that does not exist or has no contact): it is stored and tried like any other,
 * so nothing about the answers tells the two apart.
 */
export async function storeCode(
  db: Db,
  opts: { purpose: CodePurpose; subject: string; destination: Contact | null; userId?: string | null; ttlMs?: number },
  now = new Date(),
): Promise<IssuedCode> {
  const id = crypto.randomBytes(18).toString("base64url");
  const code = newCode();
  await db.insert(portalCodes).values({
    id,
    purpose: opts.purpose,
    subject: opts.subject,
    userId: opts.userId ?? null,
    contactKind: opts.destination?.kind ?? "none",
    destination: opts.destination?.value ?? "",
    // A hash of random bytes: no code matches it.
    codeHash: opts.destination ? hash(id, code) : crypto.randomBytes(32).toString("hex"),
    expiresAt: new Date(now.getTime() + (opts.ttlMs ?? CODE_TTL_MS)),
  });
  return { id, code };
}

export type CodeCheck =
  | { ok: true; subject: string; userId: string | null; destination: Contact }
  | { ok: false; reason: "wrong"; triesLeft: number }
  | { ok: false; reason: "spent" };

/** Checks a code typed for `purpose`. */
export async function checkCode(db: Db, id: string, purpose: CodePurpose, typed: string, now = new Date()): Promise<CodeCheck> {
  const code = typed.replace(/\s/g, "");
  // The try is counted first, in one statement: a code past its 5th try, used or expired gives no row.
  const [row] = await db
    .update(portalCodes)
    .set({ tries: sql`${portalCodes.tries} + 1` })
    .where(
      and(
        eq(portalCodes.id, id),
        eq(portalCodes.purpose, purpose),
        isNull(portalCodes.usedAt),
        gt(portalCodes.expiresAt, now),
        lt(portalCodes.tries, CODE_TRIES),
      ),
    )
    .returning();
  if (!row) return { ok: false, reason: "spent" };
  const right =
    /^\d+$/.test(code) && code.length === CODE_DIGITS && crypto.timingSafeEqual(Buffer.from(hash(id, code)), Buffer.from(row.codeHash));
  if (!right)
    return row.tries >= CODE_TRIES ? { ok: false, reason: "spent" } : { ok: false, reason: "wrong", triesLeft: CODE_TRIES - row.tries };
  const [used] = await db
    .update(portalCodes)
    .set({ usedAt: now })
    .where(and(eq(portalCodes.id, id), isNull(portalCodes.usedAt)))
    .returning({ id: portalCodes.id });
  if (!used) return { ok: false, reason: "spent" };
  return {
    ok: true,
    subject: row.subject,
    userId: row.userId,
    destination: { kind: row.contactKind as ContactKind, value: row.destination },
  };
}

/** Where a pending code went (for the code page's "we sent a code to …"); null when none or spent. */
export async function pendingCode(db: Db, id: string, purpose: CodePurpose, now = new Date()) {
  const [row] = await db
    .select({ subject: portalCodes.subject, kind: portalCodes.contactKind, expiresAt: portalCodes.expiresAt })
    .from(portalCodes)
    .where(and(eq(portalCodes.id, id), eq(portalCodes.purpose, purpose), isNull(portalCodes.usedAt), gt(portalCodes.expiresAt, now)));
  return row ?? null;
}

/** Where a code would go: its key (kind:value; null when there is nobody to send to) and whether the visitor typed it. */
export interface SendDestination {
  key: string | null;
  typed: boolean;
}

/**
 * Reserves one send. The limits keyed by what the visitor typed or where they are (the address,
 * the target typed, a destination they typed) refuse with how long to wait, and the page says
 * when the next code can be asked: the same for a number, e-mail or account that exists and one
 * that does not, since the key is what was typed. Each is reserved in turn; a refusal gives the
 * earlier ones back, so a refused ask costs the address nothing.
 *
 * A destination the visitor did not type (the contact on file of an account) is reserved last;
 * over its limit nothing is sent and the answer is that of a send: telling would say that the
 * account has a contact and that it is busy. The code page says so in its words ("unless it
 * was sent 5 codes in the past hour"). Nobody to send to is keyed by the target, so every path
 * makes the same queries.
 */
export async function reserveSend(
  db: Db,
  ip: string,
  target: string,
  destination: SendDestination,
  now = new Date(),
): Promise<{ ok: false; waitMs: number } | { ok: true; send: boolean }> {
  const toKey = destination.key ? `to:${destination.key}` : `to:none:${target}`;
  const told: [AttemptRule, string][] = [
    [SENDS_PER_IP, `ip:${ip}`],
    [SENDS_PER_TARGET, `target:${target}`],
  ];
  if (destination.typed) told.push([SENDS_PER_DESTINATION, toKey]);
  const taken: Extract<Reservation, { ok: true }>[] = [];
  for (const [rule, key] of told) {
    const reserved = await reserveAttempt(db, rule, [key], now);
    if (!reserved.ok) {
      await Promise.all(taken.map((r) => r.release()));
      return reserved;
    }
    taken.push(reserved);
  }
  if (destination.typed) return { ok: true, send: destination.key !== null };
  const toTry = await reserveAttempt(db, SENDS_PER_DESTINATION, [toKey], now);
  return { ok: true, send: toTry.ok && destination.key !== null };
}

/** Codes past their time, for the daily purge. */
export async function purgeCodes(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(portalCodes)
    .where(lt(portalCodes.expiresAt, new Date(now.getTime() - 24 * HOUR)))
    .returning({ id: portalCodes.id });
  return gone.length;
}
