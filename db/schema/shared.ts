/** What every public form uses: the captcha solutions already spent. */
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Captcha solutions already used, so a replayed one is refused. */
export const usedCaptchas = pgTable("used_captchas", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
