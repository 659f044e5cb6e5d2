/**
 * Unguessable links to one person's page (a reference in the address could be guessed): a random token of 160 bits
 * in the URL, shown once to the person (and sent with their confirmation); the database
 * keeps only its SHA-256, so a leaked table opens no page. Guessing is hopeless
 * (2^160 tokens) where a reference could be walked at 100 tries a second.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { privateLinks } from "../../db/schema";

export type PrivateLinkKind = "agam-confirmation" | "connection-summary";

/** 20 random bytes as base64url: 27 characters, 160 bits. */
export function newToken(): string {
  return crypto.randomBytes(20).toString("base64url");
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Only what newToken makes can be a token: anything else is refused before the database. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{27}$/;

export async function createPrivateLink(db: Db, kind: PrivateLinkKind, reference: string): Promise<string> {
  const token = newToken();
  await db.insert(privateLinks).values({ tokenHash: hashToken(token), kind, reference });
  return token;
}

/** The reference a token opens, or undefined (unknown, malformed, or another kind's token). */
export async function openPrivateLink(db: Db, kind: PrivateLinkKind, token: string): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ reference: privateLinks.reference })
    .from(privateLinks)
    .where(and(eq(privateLinks.tokenHash, hashToken(token)), eq(privateLinks.kind, kind)))
    .limit(1);
  return row?.reference;
}
