/**
 * The outage report's check for browsers without JavaScript, where the proof-of-work
 * captcha cannot run: a small sum in words, signed with the captcha's key, good for ten
 * minutes and once (its signature goes into used_captchas like a spent ALTCHA solution).
 * Weaker than the proof of work, so the per-address limit and grouping carry more weight.
 */
import crypto from "node:crypto";
import type { Db } from "../../../db/client";
import { signWithCaptchaKey, spendOnce } from "../service/captcha.server";

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const TTL_MS = 10 * 60_000;

export interface Question {
  text: string;
  token: string;
}

export function makeQuestion(now = Date.now()): Question {
  const a = crypto.randomInt(1, 10);
  const b = crypto.randomInt(1, 10);
  const body = Buffer.from(JSON.stringify({ a, b, exp: now + TTL_MS, n: crypto.randomBytes(8).toString("hex") })).toString("base64url");
  return { text: `What is ${WORDS[a]} plus ${WORDS[b]}?`, token: `${body}.${signWithCaptchaKey(body)}` };
}

export type QuestionCheck = "ok" | "missing" | "wrong" | "expired" | "replayed";

export async function checkQuestion(db: Db, token: unknown, answer: unknown, now = new Date()): Promise<QuestionCheck> {
  if (typeof token !== "string" || typeof answer !== "string" || answer.trim() === "") return "missing";
  const [body, signature] = token.split(".");
  if (!body || !signature || signature.length !== 43) return "wrong";
  const expected = signWithCaptchaKey(body);
  if (!crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return "wrong";
  let parsed: { a: number; b: number; exp: number };
  try {
    parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return "wrong";
  }
  if (parsed.exp < now.getTime()) return "expired";
  if (Number(answer.trim()) !== parsed.a + parsed.b) return "wrong";
  return (await spendOnce(db, `q:${signature}`, new Date(parsed.exp), now)) ? "ok" : "replayed";
}
