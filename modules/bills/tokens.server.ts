/**
 * Tokens of the billing system's jobs: one per integration, made and revoked by an
 * administrator. Only a SHA-256 of each is kept; the token is shown once when made.
 */
import crypto from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { billingTokens } from "../../db/schema";

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export async function issueBillingToken(db: DbOrTx, input: { name: string; actorId: string }): Promise<{ id: number; token: string }> {
  const token = `bill_${crypto.randomBytes(24).toString("base64url")}`;
  const [row] = await db
    .insert(billingTokens)
    .values({ name: input.name, tokenHash: hashToken(token), createdBy: input.actorId })
    .returning({ id: billingTokens.id });
  return { id: row!.id, token };
}

/** The integration of a valid, unrevoked token (its use time noted), or null. */
export async function checkBillingToken(db: DbOrTx, token: string, now = new Date()): Promise<{ id: number; name: string } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .update(billingTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(billingTokens.tokenHash, hashToken(token)), isNull(billingTokens.revokedAt)))
    .returning({ id: billingTokens.id, name: billingTokens.name });
  return row ?? null;
}

export async function listBillingTokens(db: DbOrTx) {
  return db.select().from(billingTokens).orderBy(desc(billingTokens.createdAt));
}

export async function revokeBillingToken(db: DbOrTx, id: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(billingTokens)
    .set({ revokedAt: now })
    .where(and(eq(billingTokens.id, id), isNull(billingTokens.revokedAt)))
    .returning({ id: billingTokens.id });
  return rows.length > 0;
}
