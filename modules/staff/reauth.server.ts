/**
 * "Changing a factor or the e-mail asks for the password again": a confirmed password is
 * remembered for this session for a few minutes (long enough for a passkey ceremony, which
 * happens in the browser between two requests).
 */
import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffVerification } from "../../db/schema";

const VALID_MS = 10 * 60_000;
const key = (sessionId: string) => `reauth:${sessionId}`;

export async function markPasswordConfirmed(db: Db, sessionId: string): Promise<void> {
  await db.delete(staffVerification).where(eq(staffVerification.identifier, key(sessionId)));
  await db.insert(staffVerification).values({
    id: crypto.randomUUID(),
    identifier: key(sessionId),
    value: "1",
    expiresAt: new Date(Date.now() + VALID_MS),
  });
}

export async function hasRecentPassword(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: staffVerification.id })
    .from(staffVerification)
    .where(and(eq(staffVerification.identifier, key(sessionId)), gt(staffVerification.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}
