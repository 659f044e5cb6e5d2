/**
 * The portal's one-time codes: 6 digits from the system's random source, only a salted
 * SHA-256 kept, valid 10 minutes, single use, and 5 tries end a code. A try is counted by
 * one conditional UPDATE before the code is compared, so 30 tries sent at once still get
 * at most 5 comparisons; using a right code is a second conditional UPDATE, so it signs in
 * once. Sends are limited per account, per destination and per address
 * (modules/shared/attempt-limits.server.ts), so a stranger cannot make the site text or
 * mail a member more than a few times an hour.
 */
import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { portalCodes } from "../../db/schema";
import { type AttemptRule, reserveAttempt } from "../shared/attempt-limits.server";
import type { Contact, ContactKind } from "./contact";

export const CODE_DIGITS = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;

const HOUR = 3_600_000;
/** Codes to one account or one destination: 3 an hour (then locked to the hour's end). */
export const SENDS_PER_TARGET: AttemptRule = { name: "portal-send", free: 3, windowMs: HOUR, firstWaitMs: HOUR, maxWaitMs: HOUR };
/** Code requests from one address, whatever they are for: 10 an hour. */
export const SENDS_PER_IP: AttemptRule = { name: "portal-send-ip", free: 10, windowMs: HOUR, firstWaitMs: HOUR, maxWaitMs: HOUR };
/** Bill proofs (amount and due date) per account and per address: 5 an hour. */
export const BILL_PROOFS: AttemptRule = { name: "portal-bill-proof", free: 5, windowMs: HOUR, firstWaitMs: HOUR, maxWaitMs: HOUR };

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

/**
 * Reserves one send under the address and the target (the account number, or the contact
 * typed at sign-in): refused, the page says how long to wait, the same for every target.
 * Then under the destination: refused, nothing is sent and the page says nothing different
 * (it would tell that the account has that contact). A destination that does not exist is
 * keyed by the target, so both paths make the same queries.
 */
export async function reserveSend(
  db: Db,
  ip: string,
  target: string,
  destination: string | null,
  now = new Date(),
): Promise<{ ok: false; waitMs: number } | { ok: true; send: boolean }> {
  const ipTry = await reserveAttempt(db, SENDS_PER_IP, [`ip:${ip}`], now);
  if (!ipTry.ok) return ipTry;
  const targetTry = await reserveAttempt(db, SENDS_PER_TARGET, [`target:${target}`], now);
  if (!targetTry.ok) return targetTry;
  const toTry = await reserveAttempt(db, SENDS_PER_TARGET, [destination ? `to:${destination}` : `to:none:${target}`], now);
  return { ok: true, send: toTry.ok && destination !== null };
}

/** Codes past their time, for the daily purge. */
export async function purgeCodes(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(portalCodes)
    .where(lt(portalCodes.expiresAt, new Date(now.getTime() - 24 * HOUR)))
    .returning({ id: portalCodes.id });
  return gone.length;
}
