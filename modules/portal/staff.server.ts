/**
 * Member services' side of the portal: find portal accounts by a service account number or a
 * contact, see what is linked and the last sign-ins, and the open requests to change a
 * contact on file. (The pages audit every view; locking is members.server.ts setLocked.)
 */
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { portalContactRequests, portalEbills, portalLinks, portalUser } from "../../db/schema";
import { normalizeAccountNumber } from "../shared/account-number";
import { parseContact } from "./contact";
import { linkedAccounts, recentSignIns } from "./members.server";

export async function findPortalMembers(db: DbOrTx, query: string) {
  const q = query.trim();
  const account = normalizeAccountNumber(q);
  let ids: string[] = [];
  if (account)
    ids = (await db.select({ id: portalLinks.userId }).from(portalLinks).where(eq(portalLinks.accountNumber, account))).map((r) => r.id);
  else {
    const contact = parseContact(q);
    if (!contact) return null;
    ids = (
      await db
        .select({ id: portalUser.id })
        .from(portalUser)
        .where(and(eq(portalUser.contactKind, contact.kind), eq(portalUser.contact, contact.value)))
    ).map((r) => r.id);
  }
  if (!ids.length) return [];
  const users = await db.select().from(portalUser).where(inArray(portalUser.id, ids));
  return Promise.all(
    users.map(async (u) => ({
      id: u.id,
      contactKind: u.contactKind,
      contact: u.contact,
      createdAt: u.createdAt,
      lockedAt: u.lockedAt,
      accounts: await linkedAccounts(db, u.id),
      signIns: await recentSignIns(db, u.id, 5),
    })),
  );
}

export async function openContactRequests(db: DbOrTx, limit = 100) {
  return db
    .select()
    .from(portalContactRequests)
    .where(isNull(portalContactRequests.doneAt))
    .orderBy(desc(portalContactRequests.createdAt))
    .limit(limit);
}

export async function closeContactRequest(db: DbOrTx, id: number, by: string): Promise<boolean> {
  const rows = await db
    .update(portalContactRequests)
    .set({ doneAt: new Date(), doneBy: by })
    .where(and(eq(portalContactRequests.id, id), isNull(portalContactRequests.doneAt)))
    .returning({ id: portalContactRequests.id });
  return rows.length > 0;
}

/** A new-bill notice (e-bill e-mail or text) the worker gave up on. */
export interface FailedEbill {
  id: number;
  accountNumber: string;
  billNumber: string;
  channel: string;
  address: string;
  lastError: string;
  at: Date;
}

/** The notices that failed, newest first (at most `limit`), and how many there are. */
export async function failedEbills(db: DbOrTx, limit = 50): Promise<{ total: number; rows: FailedEbill[] }> {
  const failed = eq(portalEbills.state, "failed");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: portalEbills.id,
        accountNumber: portalEbills.accountNumber,
        billNumber: portalEbills.billNumber,
        channel: portalEbills.channel,
        address: portalEbills.address,
        lastError: portalEbills.lastError,
        at: portalEbills.updatedAt,
      })
      .from(portalEbills)
      .where(failed)
      .orderBy(desc(portalEbills.updatedAt), desc(portalEbills.id))
      .limit(limit),
    db.select({ n: count() }).from(portalEbills).where(failed),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r, lastError: r.lastError ?? "" })) };
}

/** Queues a failed notice again (from its first attempt); false when it is no longer failed. */
export async function retryEbill(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(portalEbills)
    .set({ state: "queued", attempts: 0, lastError: null, updatedAt: new Date() })
    .where(and(eq(portalEbills.id, id), eq(portalEbills.state, "failed")))
    .returning({ id: portalEbills.id });
  return rows.length > 0;
}
