/**
 * The AGAM second factor: the account number alone unlocks nothing, since account numbers
 * are printed on every bill and anyone who has seen one could otherwise act for the member.
 * A member proves it is them with either
 * - a 6-digit one-time code sent by SMS to the mobile number on file in the member roll
 *   (10 minutes; a resend after 60 s), or
 * - the registration PIN printed on their AGAM notice (agam_accounts.pin_hash, scrypt).
 * Tries of either count together: 5 per 10 minutes per account, then a lock-out until the
 * window ends; each try is reserved before it is checked, so a burst gets no more checks
 * (modules/shared/attempt-limits.server.ts). Texts to one number: one a minute, claimed
 * atomically, and at most 3 a day until one of them is used. A right answer gives a proof token (30 minutes) that the
 * registration and the confirmation ask for. Members with neither are sent to their
 * area office.
 */
import crypto from "node:crypto";
import { promisify } from "node:util";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { agamAccounts, agamProofs, agamRegistrations, agamVerifications, auditLog } from "../../db/schema";
import { hashToken, newToken } from "../privacy/private-links.server";
import { type AttemptRule, attemptWait, clearAttempts, reserveAttempt } from "../shared/attempt-limits.server";
import {
  FACTOR_FAILURE_CAP,
  factorSuspendedAt,
  type NoticeMailer,
  reserveFactorTry,
  suspendedFactors,
  unlockFactor,
} from "../shared/factor-lock.server";
import type { Locale } from "../shared/i18n";
import { maskMobile, normalizeMobile } from "../shared/phone";
import { findConfirmation } from "./pool.server";

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_AFTER_MS = 60_000;
export const MAX_FAILURES = 5;
export const LOCKOUT_MS = 10 * 60_000;
export const PROOF_TTL_MS = 30 * 60_000;
/** Codes sent to one number that were not used yet, per day. */
export const TEXTS_PER_DAY = 3;

/** Wrong codes and PINs per account: 5, then locked until the window ends. */
export const AGAM_CHECK_RULE: AttemptRule = {
  name: "agam-check",
  free: MAX_FAILURES,
  windowMs: LOCKOUT_MS,
  firstWaitMs: LOCKOUT_MS,
  maxWaitMs: LOCKOUT_MS,
};

/** Codes texted to one number: 3 a day until one is used (a stranger can ask for them). */
export const AGAM_TEXT_RULE: AttemptRule = {
  name: "agam-text",
  free: TEXTS_PER_DAY,
  windowMs: 24 * 3_600_000,
  firstWaitMs: 24 * 3_600_000,
  maxWaitMs: 24 * 3_600_000,
};

/** Sends one text message; the SMS module's gateway (server/messaging/sms.ts) or the development log. */
export type SendText = (to: string, text: string) => Promise<{ ok: boolean }>;

export interface SecondFactorOptions {
  /** Whether a code can be sent at all (a gateway, or the development log). */
  send?: SendText;
  now?: () => Date;
  /** The language of the page that asked: the code's text is in it (GSM-7, one segment). */
  language?: Locale;
  /** Tells the member by e-mail when their code and PIN are locked for good (the e-mail channel). */
  mail?: NoticeMailer | null;
}

/** The code's text message in the member's language (no accents: GSM-7). */
export function codeText(code: string, language: Locale): string {
  return language === "fil"
    ? `${code} ang inyong code sa pagpaparehistro sa AGAM. Mag-e-expire ito sa loob ng 10 minuto. Huwag itong ibigay kaninuman: hindi ito hinihingi ng kooperatiba.`
    : `${code} is your AGAM registration code. It expires in 10 minutes. Never share it: the cooperative never asks for it.`;
}

export interface SecondFactorMethods {
  /** The number on file as a screen may show it (0917 ••• 4567), when a code can be sent to it. */
  sms: string | null;
  pin: boolean;
}

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** `scrypt$<salt>$<hash>` (base64url), as stored in agam_accounts.pin_hash. */
export async function hashPin(pin: string, salt: Buffer = crypto.randomBytes(16)): Promise<string> {
  const key = await scrypt(pin, salt, 32);
  return `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(pin, Buffer.from(salt, "base64url"), expected.length);
  return crypto.timingSafeEqual(actual, expected);
}

function codeHash(account: string, code: string): string {
  return crypto.createHash("sha256").update(`${account}:${code}`).digest("hex");
}

/** How the member behind an account can prove it is them; undefined for an unknown account. */
export async function secondFactorMethods(
  db: Db,
  account: string,
  opts: SecondFactorOptions = {},
): Promise<SecondFactorMethods | undefined> {
  const [row] = await db
    .select({ phone: agamAccounts.phone, pinHash: agamAccounts.pinHash })
    .from(agamAccounts)
    .where(eq(agamAccounts.accountNumber, account));
  if (!row) return undefined;
  const mobile = row.phone ? normalizeMobile(row.phone) : null;
  return { sms: mobile && opts.send ? maskMobile(mobile) : null, pin: Boolean(row.pinHash) };
}

export type Failure =
  | { ok: false; reason: "unknown_account" | "no_phone" | "no_pin" | "expired" | "suspended" }
  | { ok: false; reason: "wrong"; triesLeft: number }
  | { ok: false; reason: "locked" | "wait"; retryAfterSeconds: number };

const accountKey = (account: string) => [`account:${account}`];

/** Seconds the account is still locked after too many wrong tries; 0 when free. */
async function lockedFor(db: Db, account: string, now: Date): Promise<number> {
  return Math.ceil((await attemptWait(db, AGAM_CHECK_RULE, accountKey(account), now)) / 1000);
}

/** Sends a new code to the number on file. */
export async function sendCode(
  db: Db,
  account: string,
  opts: SecondFactorOptions,
): Promise<{ ok: true; sentTo: string; expiresInSeconds: number; resendAfterSeconds: number } | Failure> {
  const now = opts.now?.() ?? new Date();
  const [member] = await db.select({ phone: agamAccounts.phone }).from(agamAccounts).where(eq(agamAccounts.accountNumber, account));
  if (!member) return { ok: false, reason: "unknown_account" };
  const mobile = member.phone ? normalizeMobile(member.phone) : null;
  if (!mobile || !opts.send) return { ok: false, reason: "no_phone" };
  const locked = await lockedFor(db, account, now);
  if (locked > 0) return { ok: false, reason: "locked", retryAfterSeconds: locked };
  // The minute between texts is claimed by one conditional upsert: of simultaneous asks, one sends.
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const values = { codeHash: codeHash(account, code), codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS), codeSentAt: now };
  const claimed = await db
    .insert(agamVerifications)
    .values({ accountNumber: account, ...values })
    .onConflictDoUpdate({
      target: agamVerifications.accountNumber,
      set: values,
      setWhere: sql`${agamVerifications.codeSentAt} is null or ${agamVerifications.codeSentAt} <= ${new Date(now.getTime() - RESEND_AFTER_MS).toISOString()}::timestamptz`,
    })
    .returning({ account: agamVerifications.accountNumber });
  if (claimed.length === 0) {
    const [row] = await db
      .select({ sentAt: agamVerifications.codeSentAt })
      .from(agamVerifications)
      .where(eq(agamVerifications.accountNumber, account));
    const left = row?.sentAt ? Math.ceil((row.sentAt.getTime() + RESEND_AFTER_MS - now.getTime()) / 1000) : 1;
    return { ok: false, reason: "wait", retryAfterSeconds: Math.max(1, left) };
  }
  // And at most 3 a day to one number until one is used.
  const daily = await reserveAttempt(db, AGAM_TEXT_RULE, [`mobile:${mobile}`], now);
  if (!daily.ok) {
    await db.update(agamVerifications).set({ codeHash: null }).where(eq(agamVerifications.accountNumber, account));
    return { ok: false, reason: "wait", retryAfterSeconds: Math.ceil(daily.waitMs / 1000) };
  }
  const sent = await opts.send(mobile, codeText(code, opts.language ?? "en"));
  if (!sent.ok) {
    // Not sent: the member may ask again at once.
    await daily.release();
    await db.update(agamVerifications).set({ codeHash: null, codeSentAt: null }).where(eq(agamVerifications.accountNumber, account));
    return { ok: false, reason: "no_phone" };
  }
  return { ok: true, sentTo: maskMobile(mobile), expiresInSeconds: CODE_TTL_MS / 1000, resendAfterSeconds: RESEND_AFTER_MS / 1000 };
}

async function issueProof(db: Db, account: string, now: Date): Promise<{ ok: true; proof: string }> {
  const proof = newToken();
  await db.update(agamVerifications).set({ codeHash: null, codeExpiresAt: null }).where(eq(agamVerifications.accountNumber, account));
  // Proven: the count of wrong tries and the day's texts to the number start again.
  await clearAttempts(db, AGAM_CHECK_RULE, accountKey(account));
  const mobile = await memberMobile(db, account);
  if (mobile) await clearAttempts(db, AGAM_TEXT_RULE, [`mobile:${mobile}`]);
  await db.delete(agamProofs).where(lt(agamProofs.expiresAt, now));
  await db
    .insert(agamProofs)
    .values({ tokenHash: hashToken(proof), accountNumber: account, expiresAt: new Date(now.getTime() + PROOF_TTL_MS) });
  return { ok: true, proof };
}

/** Checks a one-time code or the registration PIN; a proof token when right. */
export async function checkSecondFactor(
  db: Db,
  account: string,
  answer: { code: string } | { pin: string },
  opts: SecondFactorOptions = {},
): Promise<{ ok: true; proof: string } | Failure> {
  const now = opts.now?.() ?? new Date();
  const [member] = await db.select({ pinHash: agamAccounts.pinHash }).from(agamAccounts).where(eq(agamAccounts.accountNumber, account));
  if (!member) return { ok: false, reason: "unknown_account" };
  if ("pin" in answer && !member.pinHash) return { ok: false, reason: "no_pin" };
  // The try is counted before it is checked: a burst of guesses gets no more checks than 5.
  const reservation = await reserveAttempt(db, AGAM_CHECK_RULE, accountKey(account), now);
  if (!reservation.ok) return { ok: false, reason: "locked", retryAfterSeconds: Math.ceil(reservation.waitMs / 1000) };
  // And the lifetime count of wrong answers in a row: 5 per 10 minutes alone is 262,000 guesses a year.
  const factor = await reserveFactorTry(db, agamFactorKey(account));
  if (!factor.ok) {
    await reservation.release();
    return { ok: false, reason: "suspended" };
  }
  const wrong = async (): Promise<Failure> => {
    if (await factor.wrong(now)) {
      await noticeAgamFactorSuspended(db, account, opts, now);
      return { ok: false, reason: "suspended" };
    }
    return reservation.count >= MAX_FAILURES
      ? { ok: false, reason: "locked", retryAfterSeconds: LOCKOUT_MS / 1000 }
      : { ok: false, reason: "wrong", triesLeft: MAX_FAILURES - reservation.count };
  };
  const right = async () => {
    await factor.right();
    return issueProof(db, account, now);
  };

  if ("pin" in answer) {
    if (await pinMatches(answer.pin.trim(), member.pinHash!)) return right();
    return wrong();
  }
  const [row] = await db.select().from(agamVerifications).where(eq(agamVerifications.accountNumber, account));
  if (!row?.codeHash || !row.codeExpiresAt || row.codeExpiresAt.getTime() <= now.getTime()) {
    await reservation.release();
    await factor.unchecked();
    return { ok: false, reason: "expired" };
  }
  const given = Buffer.from(codeHash(account, answer.code.trim()), "hex");
  if (crypto.timingSafeEqual(given, Buffer.from(row.codeHash, "hex"))) return right();
  return wrong();
}

const AGAM_FACTOR_PREFIX = "agam:";
const agamFactorKey = (account: string) => `${AGAM_FACTOR_PREFIX}${account}`;

/** Accounts whose code and PIN are locked for good, for member services to unlock. */
export async function lockedAgamAccounts(db: Db): Promise<{ account: string; lockedAt: Date }[]> {
  return (await suspendedFactors(db, AGAM_FACTOR_PREFIX)).map((f) => ({ account: f.key, lockedAt: f.suspendedAt }));
}

/** When this account's code and PIN were locked for good, or null. */
export const agamFactorSuspendedAt = (db: Db, account: string) => factorSuspendedAt(db, agamFactorKey(account));

/** Member services unlock an account's code and PIN (having checked who asks; the route audits it). */
export const unlockAgamFactor = (db: Db, account: string): Promise<boolean> => unlockFactor(db, agamFactorKey(account));

/** Records the lock and tells the member: by e-mail when one is on file, else by text. */
async function noticeAgamFactorSuspended(db: Db, account: string, opts: SecondFactorOptions, now: Date): Promise<void> {
  const [member] = await db.select({ email: agamAccounts.email }).from(agamAccounts).where(eq(agamAccounts.accountNumber, account));
  await db.insert(auditLog).values({
    at: now,
    actorId: null,
    action: "agam.factor_suspended",
    objectType: "agam_account",
    objectId: account,
    after: { wrongInARow: FACTOR_FAILURE_CAP },
  });
  const fil = opts.language === "fil";
  const text = fil
    ? `May ${FACTOR_FAILURE_CAP} maling code o PIN na sunod-sunod para sa AGAM ng account ${account}. Naka-lock ito hanggang buksan ng member services: tumawag o pumunta sa inyong area office.`
    : `There were ${FACTOR_FAILURE_CAP} wrong codes or PINs in a row for AGAM on account ${account}. It is locked until member services unlock it: call or visit your area office.`;
  if (member?.email && opts.mail) {
    await opts.mail.send({
      idempotencyKey: `agam-factor-suspended-${account}-${now.getTime()}`,
      to: member.email,
      subject: fil ? "Naka-lock ang inyong AGAM code at PIN" : "Your AGAM code and PIN are locked",
      body: text,
    });
    return;
  }
  const mobile = await memberMobile(db, account);
  if (mobile && opts.send)
    await opts.send(
      mobile,
      fil
        ? `Naka-lock ang AGAM ng account ${account} dahil sa maraming maling code. Tumawag sa area office.`
        : `AGAM on account ${account} is locked after many wrong codes. Call your area office to unlock it.`,
    );
}

/** Whether a proof token stands for this account now. */
export async function hasProof(db: Db, account: string, proof: string | null | undefined, now: Date = new Date()): Promise<boolean> {
  if (!proof || !/^[A-Za-z0-9_-]{27}$/.test(proof)) return false;
  const [row] = await db
    .select({ account: agamProofs.accountNumber })
    .from(agamProofs)
    .where(and(eq(agamProofs.tokenHash, hashToken(proof)), eq(agamProofs.accountNumber, account), gt(agamProofs.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

/** What each refusal tells the member, in one place for the page and the API. */
export function secondFactorMessage(failure: Failure): string {
  switch (failure.reason) {
    case "unknown_account":
      return "Account doesn't exist!";
    case "no_phone":
      return "We cannot send a code to this account. Use the registration PIN on your AGAM notice, or register at your area office.";
    case "no_pin":
      return "No registration PIN was issued for this account. Ask for a code by text message, or register at your area office.";
    case "expired":
      return "That code has expired or was never sent. Ask for a new code.";
    case "wrong":
      return `That is not the right code or PIN. ${failure.triesLeft} ${failure.triesLeft === 1 ? "try" : "tries"} left.`;
    case "suspended":
      return "Too many wrong codes and PINs in a row: this account is locked until member services unlock it. Please call or visit your area office.";
    case "locked":
      return `Too many wrong tries. Please try again in ${Math.max(1, Math.ceil(failure.retryAfterSeconds / 60))} minutes, or register at your area office.`;
    case "wait":
      return `A code was just sent. You can ask for another in ${failure.retryAfterSeconds} seconds.`;
  }
}

export const NEITHER_MESSAGE = "This account has no mobile number or registration PIN on file. Please register at your area office.";

/** The member's mobile number on file, normalized (639XXXXXXXXX), when there is a valid one. */
export async function memberMobile(db: Db, account: string): Promise<string | null> {
  const [row] = await db.select({ phone: agamAccounts.phone }).from(agamAccounts).where(eq(agamAccounts.accountNumber, account));
  return row?.phone ? normalizeMobile(row.phone) : null;
}

/** The confirmation of a registration by its reference (what a private link opens). */
export async function confirmationOfReference(db: Db, reference: string) {
  const found = await findConfirmation(db, eq(agamRegistrations.reference, reference));
  return found && { ...found, origin: found.origin || "web" };
}

/**
 * A proof for an account the member portal already proved belongs to this member (a code sent
 * to the contact on file). The caller has checked the link; the vouching is in the audit log.
 */
export async function issuePortalProof(
  db: Db,
  account: string,
  vouch: { portalUserId: string; ip: string },
  now: Date = new Date(),
): Promise<{ ok: true; proof: string }> {
  const issued = await issueProof(db, account, now);
  await db.insert(auditLog).values({
    at: now,
    actorId: `portal:${vouch.portalUserId}`,
    action: "agam.proof_from_portal",
    objectType: "agam_account",
    objectId: account,
    ip: vouch.ip,
  });
  return issued;
}
