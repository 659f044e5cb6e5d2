/**
 * A member's passkeys (better-auth's passkey plugin stores them in portal_passkey; the
 * ceremonies are in server/portal-passkeys.ts): listing, removing, and the fresh proof that
 * adding one needs. Fresh means this session signed in within the last 10 minutes, or the
 * member typed a code sent now to the confirmed contact for this very session (a "fresh"
 * code whose subject names the session), within the last 10 minutes.
 */
import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { portalCodes, portalPasskey, portalSession } from "../../db/schema";

export const FRESH_MS = 10 * 60_000;
/** The subject of the fresh code that allows adding a passkey in this session. */
export const freshSubject = (sessionId: string) => `passkey:${sessionId}`;

export interface MemberPasskey {
  id: string;
  name: string;
  createdAt: Date | null;
}

export async function listPasskeys(db: DbOrTx, userId: string): Promise<MemberPasskey[]> {
  const rows = await db
    .select({ id: portalPasskey.id, name: portalPasskey.name, createdAt: portalPasskey.createdAt })
    .from(portalPasskey)
    .where(eq(portalPasskey.userId, userId))
    .orderBy(asc(portalPasskey.createdAt), asc(portalPasskey.id));
  return rows.map((r) => ({ ...r, name: r.name ?? "" }));
}

/** Removes one of the member's own passkeys; false when it is not theirs (or already gone). */
export async function removePasskey(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(portalPasskey)
    .where(and(eq(portalPasskey.id, id), eq(portalPasskey.userId, userId)))
    .returning({ id: portalPasskey.id });
  return gone.length > 0;
}

/** Whether this session may add a passkey now (see the file's comment). */
export async function hasFreshProof(db: DbOrTx, session: { id: string; userId: string }, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - FRESH_MS);
  const [signedIn] = await db
    .select({ createdAt: portalSession.createdAt })
    .from(portalSession)
    .where(and(eq(portalSession.id, session.id), eq(portalSession.userId, session.userId)));
  if (!signedIn) return false;
  if (signedIn.createdAt > since) return true;
  const [row] = await db
    .select({ id: portalCodes.id })
    .from(portalCodes)
    .where(
      and(
        eq(portalCodes.purpose, "fresh"),
        eq(portalCodes.subject, freshSubject(session.id)),
        eq(portalCodes.userId, session.userId),
        isNotNull(portalCodes.usedAt),
        gt(portalCodes.usedAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}
