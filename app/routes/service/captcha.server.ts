/**
 * The self-hosted ALTCHA captcha of the bill inquiry (altcha-lib 2): proof-of-work
 * challenges signed with an HMAC key, and verification that refuses an expired,
 * forged or already used solution. No third party is involved.
 *
 * The key comes from ALTCHA_HMAC_KEY, or is made at start and kept in memory
 * (one per process: with several instances behind a load balancer set the variable,
 * so any instance verifies what another issued).
 */
import crypto from "node:crypto";
import { type Challenge, createChallenge, type Solution, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { usedCaptchas } from "../../../db/schema";
import { accountNumberField } from "../../../modules/shared/account-number-field";
import { captchaEnvSchema } from "../../../modules/shared/captcha-settings";

const envSchema = captchaEnvSchema;
/** Read when used (cheap), so a test can lower the cost before it starts the app. */
const settings = () => envSchema.parse(Object.fromEntries(Object.entries(process.env).filter(([k, v]) => k.startsWith("ALTCHA_") && v)));

let hmacKey: string | undefined;
/** The process's signing key, made once. */
function key(): string {
  hmacKey ??= settings().ALTCHA_HMAC_KEY ?? crypto.randomBytes(32).toString("hex");
  return hmacKey;
}

/** An HMAC with the captcha's key, for the no-JavaScript question of the outage report (app/routes/report/question.server.ts). */
export function signWithCaptchaKey(data: string): string {
  return crypto.createHmac("sha256", key()).update(data).digest("base64url");
}

const ALGORITHM = "PBKDF2/SHA-256";

export async function createCaptchaChallenge(now = Date.now()): Promise<Challenge> {
  const { ALTCHA_COST, ALTCHA_TTL_SECONDS } = settings();
  return createChallenge({
    algorithm: ALGORITHM,
    cost: ALTCHA_COST,
    deriveKey,
    // About 256 attempts on average: a fraction of a second, even on an older phone.
    keyPrefix: "00",
    expiresAt: new Date(now + ALTCHA_TTL_SECONDS * 1000),
    hmacSignatureSecret: key(),
  });
}

/** The bill inquiry's fields: the account number, and the solved captcha (checked by verifyCaptcha). */
export const billInquirySchema = (accountMessage: string, captchaMessage: string) =>
  z.object({
    accountNumber: accountNumberField(accountMessage),
    altcha: z.string().min(1, captchaMessage),
  });

export type CaptchaCheck = "ok" | "missing" | "invalid" | "expired" | "replayed";

const payloadSchema = z.object({
  challenge: z
    .object({
      parameters: z
        .object({
          algorithm: z.literal(ALGORITHM),
          expiresAt: z.number(),
          nonce: z.string(),
          salt: z.string(),
          cost: z.number(),
          keyLength: z.number(),
          keyPrefix: z.string(),
        })
        .loose(),
      signature: z.string().min(16).max(256),
    })
    .loose(),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }).loose(),
});

/** The widget's form value: base64 of {challenge, solution}. */
export function parseCaptchaPayload(value: unknown): { challenge: Challenge; solution: Solution } | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 4096) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(value, "base64").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks a solved challenge and marks it used. Each challenge is good once: its
 * signature goes into used_captchas, and a second insert of it changes no row.
 */
export async function verifyCaptcha(db: Db, value: unknown, now = new Date()): Promise<CaptchaCheck> {
  if (value === undefined || value === null || value === "") return "missing";
  const payload = parseCaptchaPayload(value);
  if (!payload) return "invalid";
  const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: key() });
  if (result.expired) return "expired";
  if (!result.verified) return "invalid";
  const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
  return (await spendOnce(db, payload.challenge.signature!, expiresAt, now)) ? "ok" : "replayed";
}

/**
 * Marks a one-time proof (a solved challenge, a question token) as used: true the first
 * time, false ever after (a second insert of the signature changes no row).
 */
export async function spendOnce(db: Db, signature: string, expiresAt: Date, now = new Date()): Promise<boolean> {
  const inserted = await db
    .insert(usedCaptchas)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: usedCaptchas.signature });
  // Forget the ones that can no longer be used anyway; cheap with the primary key.
  await db
    .delete(usedCaptchas)
    .where(lt(usedCaptchas.expiresAt, now))
    .catch(() => {});
  return inserted.length === 1;
}
