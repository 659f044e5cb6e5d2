/**
 * The captcha's settings from the environment: one schema, checked at start-up by
 * server/config.ts and read by the bill inquiry's captcha when it is used.
 */
import { z } from "zod";

export const captchaEnvShape = {
  /** Signs challenges; set it (32+ characters) when several processes serve the site. */
  ALTCHA_HMAC_KEY: z.string().min(32, "at least 32 characters").optional(),
  /** PBKDF2 iterations per attempt: the work a browser does. Tests set it low. */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  /** How long a challenge may be solved and used, in seconds. */
  ALTCHA_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
};

export const captchaEnvSchema = z.object(captchaEnvShape);
