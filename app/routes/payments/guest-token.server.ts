/**
 * The guest's pay token: the bill inquiry's answer (after its captcha) carries it to the guest
 * pay form, so /pay knows which account and month the guest looked up without the page carrying
 * the bill's number (it proves an account: modules/bills/proof-figures.ts) and without a second
 * captcha. Signed with the captcha's key (one per instance, the same in every worker), short-lived.
 */
import crypto from "node:crypto";
import { signWithCaptchaKey } from "../service/captcha.server";

/** Long enough to type a contact and an amount; the look-up is one captcha away. */
export const GUEST_PAY_TOKEN_MS = 30 * 60 * 1000;

export interface GuestPayTarget {
  accountNumber: string;
  billingYear: number;
  billingMonth: number;
}

const sign = (body: string) => signWithCaptchaKey(`guest-pay|${body}`);

export function guestPayToken(target: GuestPayTarget, now = Date.now()): string {
  const expires = Math.floor((now + GUEST_PAY_TOKEN_MS) / 1000);
  const body = `${target.accountNumber}.${target.billingYear}-${String(target.billingMonth).padStart(2, "0")}.${expires}`;
  return `${body}.${sign(body)}`;
}

const TOKEN = /^(\d{2}-\d{4}-\d{4})\.(\d{4})-(\d{2})\.(\d{1,12})\.([\w-]{43})$/;

/** The account and month a token names; "expired" past its time; null when it is not one we signed. */
export function readGuestPayToken(token: string, now = Date.now()): GuestPayTarget | "expired" | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const [, accountNumber, year, month, expires, signature] = m;
  const body = `${accountNumber}.${year}-${month}.${expires}`;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  if (Number(expires) * 1000 <= now) return "expired";
  return { accountNumber: accountNumber!, billingYear: Number(year), billingMonth: Number(month) };
}
