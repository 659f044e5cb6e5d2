/**
 * Portal members: who they are (a confirmed contact), the service accounts each proved, their
 * sign-ins, locking, their data and closing. The proofs themselves are in codes.server.ts.
 */
import crypto from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { prepared, UNNAMED } from "../../db/prepared";
import {
  agamAccounts,
  bills,
  portalContactRequests,
  portalLinks,
  portalPasskey,
  portalSession,
  portalSignIns,
  portalUser,
} from "../../db/schema";
import { pesosPlain } from "../bills/money";
import type { Locale } from "../shared/i18n";
import { sessionTokenHash } from "../shared/session-token-hash.server";
import { internalEmail } from "./auth.server";
import { type Contact, contactOnFile } from "./contact";

export interface PortalMember {
  id: string;
  contact: Contact | null;
  /** The interface language the member last signed in with: what the portal sends them is in it. */
  language: Locale;
  lockedAt: Date | null;
  createdAt: Date;
}

export async function memberById(db: DbOrTx, id: string): Promise<PortalMember | null> {
  const [row] = await db.select().from(portalUser).where(eq(portalUser.id, id));
  return row ? toMember(row) : null;
}

/**
 * The session of a token and its member, in one query: what every signed-in page asks first
 * (app/routes/mco/session.server.ts). Null when the session is gone (signed out, ended by
 * member services, the member closed).
 */
const sessionMemberQuery = prepared((db) =>
  db
    .select({ sessionId: portalSession.id, expiresAt: portalSession.expiresAt, user: portalUser })
    .from(portalSession)
    .innerJoin(portalUser, eq(portalUser.id, portalSession.userId))
    .where(eq(portalSession.token, sql.placeholder("token")))
    .prepare(UNNAMED),
);

export async function sessionMember(db: DbOrTx, token: string) {
  // The table keeps the token's hash only (modules/shared/session-token-hash.server.ts).
  const [row] = await sessionMemberQuery(db).execute({ token: sessionTokenHash(token) });
  return row ? { sessionId: row.sessionId, expiresAt: row.expiresAt, member: toMember(row.user) } : null;
}

export async function memberByContact(db: DbOrTx, contact: Contact): Promise<PortalMember | null> {
  const [row] = await db
    .select()
    .from(portalUser)
    .where(and(eq(portalUser.contactKind, contact.kind), eq(portalUser.contact, contact.value)));
  return row ? toMember(row) : null;
}

function toMember(row: typeof portalUser.$inferSelect): PortalMember {
  return {
    id: row.id,
    contact: row.contactKind && row.contact ? { kind: row.contactKind as Contact["kind"], value: row.contact } : null,
    language: row.language === "fil" ? "fil" : "en",
    lockedAt: row.lockedAt,
    createdAt: row.createdAt,
  };
}

/** The member whose confirmed contact this is, made on first proof. */
export async function memberForContact(db: Db, contact: Contact): Promise<PortalMember> {
  const found = await memberByContact(db, contact);
  if (found) return found;
  const id = crypto.randomBytes(15).toString("base64url").replace(/[-_]/g, "x");
  await db
    .insert(portalUser)
    .values({ id, name: "", email: internalEmail(id), emailVerified: true, contactKind: contact.kind, contact: contact.value })
    .onConflictDoNothing();
  // Two proofs at the same moment for one contact: the first row wins, both get it.
  return (await memberByContact(db, contact)) ?? (await memberById(db, id))!;
}

/** The contact on file for an account (the member roll), or null (no such account, or none on file). */
export async function accountContact(db: DbOrTx, accountNumber: string): Promise<Contact | null> {
  const [row] = await db
    .select({ phone: agamAccounts.phone, email: agamAccounts.email })
    .from(agamAccounts)
    .where(eq(agamAccounts.accountNumber, accountNumber));
  return row ? contactOnFile(row) : null;
}

export async function linkAccount(db: DbOrTx, userId: string, accountNumber: string): Promise<void> {
  await db.insert(portalLinks).values({ userId, accountNumber }).onConflictDoNothing();
}

export async function unlinkAccount(db: DbOrTx, userId: string, accountNumber: string): Promise<boolean> {
  const gone = await db
    .delete(portalLinks)
    .where(and(eq(portalLinks.userId, userId), eq(portalLinks.accountNumber, accountNumber)))
    .returning({ a: portalLinks.accountNumber });
  return gone.length > 0;
}

/** The link of one account to one member, or null: every account page asks this first. */
export async function linkOf(db: DbOrTx, userId: string, accountNumber: string) {
  const [row] = await db
    .select()
    .from(portalLinks)
    .where(and(eq(portalLinks.userId, userId), eq(portalLinks.accountNumber, accountNumber)));
  return row ?? null;
}

export async function linkedAccounts(db: DbOrTx, userId: string) {
  return db
    .select({ accountNumber: portalLinks.accountNumber, paperless: portalLinks.paperless, linkedAt: portalLinks.linkedAt })
    .from(portalLinks)
    .where(eq(portalLinks.userId, userId))
    .orderBy(asc(portalLinks.linkedAt), asc(portalLinks.accountNumber));
}

export async function setPaperless(db: DbOrTx, userId: string, accountNumber: string, on: boolean): Promise<boolean> {
  const rows = await db
    .update(portalLinks)
    .set({ paperless: on })
    .where(and(eq(portalLinks.userId, userId), eq(portalLinks.accountNumber, accountNumber)))
    .returning({ a: portalLinks.accountNumber });
  return rows.length > 0;
}

export async function recordSignIn(db: DbOrTx, userId: string, ip: string, method: string, language?: Locale): Promise<void> {
  await db.insert(portalSignIns).values({ userId, ip, method });
  if (language) await setMemberLanguage(db, userId, language);
}

/** The language the member's e-bills are written in: the one of the pages they use. */
export async function setMemberLanguage(db: DbOrTx, userId: string, language: Locale): Promise<void> {
  await db.update(portalUser).set({ language }).where(eq(portalUser.id, userId));
}

export async function recentSignIns(db: DbOrTx, userId: string, limit = 10) {
  return db
    .select({ at: portalSignIns.at, ip: portalSignIns.ip, method: portalSignIns.method })
    .from(portalSignIns)
    .where(eq(portalSignIns.userId, userId))
    .orderBy(desc(portalSignIns.at))
    .limit(limit);
}

/** Ends every session of a member (sign out everywhere, locking, closing). */
export async function endSessions(db: DbOrTx, userId: string): Promise<number> {
  const gone = await db.delete(portalSession).where(eq(portalSession.userId, userId)).returning({ id: portalSession.id });
  return gone.length;
}

export async function setLocked(db: Db, userId: string, locked: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(portalUser)
      .set({ lockedAt: locked ? new Date() : null })
      .where(eq(portalUser.id, userId))
      .returning({ id: portalUser.id });
    if (locked) await endSessions(tx, userId);
    return rows.length > 0;
  });
}

/** Everything the site holds on a member, as one document (Data Privacy Act: access). */
export async function memberData(db: DbOrTx, userId: string) {
  const member = await memberById(db, userId);
  if (!member) return null;
  const links = await linkedAccounts(db, userId);
  const accounts = await Promise.all(
    links.map(async (l) => {
      const [onFile] = await db.select().from(agamAccounts).where(eq(agamAccounts.accountNumber, l.accountNumber));
      const billRows = await db
        .select({
          billNumber: bills.billNumber,
          period: sql<string>`${bills.periodFrom} || ' to ' || ${bills.periodTo}`,
          kwh: bills.kwh,
          totalDue: bills.totalDue,
          dueDate: bills.dueDate,
        })
        .from(bills)
        .where(eq(bills.accountNumber, l.accountNumber))
        .orderBy(desc(bills.periodTo));
      return {
        accountNumber: l.accountNumber,
        linkedAt: l.linkedAt.toISOString(),
        paperless: l.paperless,
        onFile: onFile ? { name: onFile.name, address: onFile.address, phone: onFile.phone, email: onFile.email } : null,
        // Money named by its unit: centavos as stored, and pesos as the bill prints them (a bare "totalDue" was read as pesos).
        bills: billRows.map(({ totalDue, ...b }) => ({
          ...b,
          kwh: Number(b.kwh),
          totalDueCentavos: totalDue,
          totalDuePesos: pesosPlain(totalDue),
        })),
      };
    }),
  );
  const requests = await db
    .select({
      accountNumber: portalContactRequests.accountNumber,
      requested: portalContactRequests.requested,
      createdAt: portalContactRequests.createdAt,
    })
    .from(portalContactRequests)
    .where(eq(portalContactRequests.userId, userId));
  return {
    units: { kwh: "kilowatt-hours", totalDueCentavos: "centavos (100 to a peso)", totalDuePesos: "Philippine pesos" },
    portalAccount: { id: member.id, contact: member.contact, createdAt: member.createdAt.toISOString() },
    signIns: (await recentSignIns(db, userId, 100)).map((s) => ({ ...s, at: s.at.toISOString() })),
    // Name and date only: the public key and credential id say nothing to the member.
    passkeys: (
      await db
        .select({ name: portalPasskey.name, createdAt: portalPasskey.createdAt })
        .from(portalPasskey)
        .where(eq(portalPasskey.userId, userId))
        .orderBy(asc(portalPasskey.createdAt))
    ).map((p) => ({ name: p.name ?? "", createdAt: p.createdAt?.toISOString() ?? null })),
    accounts,
    contactChangeRequests: requests.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** Closes the portal account: the member, links, sessions, passkeys and sign-ins go (cascade); billing records stay. */
export async function closeMember(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(portalUser).where(eq(portalUser.id, userId));
}

/** A request to change the contact on file, for member services (one open request per account and contact). */
export async function requestContactChange(db: DbOrTx, userId: string, accountNumber: string, requested: string, note: string) {
  await db.insert(portalContactRequests).values({ userId, accountNumber, requested, note }).onConflictDoNothing();
}
