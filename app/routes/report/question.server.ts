/**
 * The outage report's check for browsers without JavaScript, where the proof-of-work
 * captcha cannot run: a small sum in words, good for ten minutes and for one try.
 * The token carries no numbers: it is a nonce and an expiry, signed with the captcha's key
 * together with the answer, so only the server can tell whether an answer fits it.
 * A token is spent by its first try, right or wrong (its signature goes into used_captchas
 * like a spent ALTCHA solution), so a bot cannot walk through the 17 possible sums.
 * Weaker than the proof of work, so the per-address limit and grouping carry more weight.
 */
import crypto from "node:crypto";
import type { Db } from "../../../db/client";
import { type Locale, translate } from "../../../modules/shared/i18n";
import { reportMessages } from "../../messages/reports";
import { signWithCaptchaKey, spendOnce } from "../service/captcha.server";

const TTL_MS = 10 * 60_000;

export interface Question {
  text: string;
  token: string;
}

const signAnswer = (body: string, answer: number) => signWithCaptchaKey(`report-question|${body}|${answer}`);

/** A new question, its words in the page's language (app/messages/reports.ts); the token is the same in both. */
export function makeQuestion(now = Date.now(), locale: Locale = "en"): Question {
  const a = crypto.randomInt(1, 10);
  const b = crypto.randomInt(1, 10);
  const body = `${now + TTL_MS}-${crypto.randomBytes(12).toString("base64url")}`;
  return { text: translate(reportMessages, locale, "report.question.sum", { a, b }), token: `${body}.${signAnswer(body, a + b)}` };
}

export type QuestionCheck = "ok" | "missing" | "wrong" | "expired" | "replayed";

export async function checkQuestion(db: Db, token: unknown, answer: unknown, now = new Date()): Promise<QuestionCheck> {
  if (typeof token !== "string" || typeof answer !== "string" || answer.trim() === "") return "missing";
  const match = /^(\d{13})-[A-Za-z0-9_-]{16}\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return "wrong";
  const [, exp, signature] = match as unknown as [string, string, string];
  const expiresAt = Number(exp);
  if (expiresAt < now.getTime()) return "expired";
  if (expiresAt > now.getTime() + TTL_MS) return "wrong";
  // Spent before the answer is compared: one try per token, even for tries sent at once.
  if (!(await spendOnce(db, `q:${signature}`, new Date(expiresAt), now))) return "replayed";
  const given = answer.trim();
  if (!/^\d{1,2}$/.test(given)) return "wrong";
  const expected = signAnswer(token.slice(0, token.indexOf(".")), Number(given));
  return crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? "ok" : "wrong";
}
