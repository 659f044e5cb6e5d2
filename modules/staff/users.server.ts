/**
 * Staff accounts: invitations with enrolment links (24 hours, until a second factor is set), roles, disabling,
 * ending sessions. Every change writes its audit entry in the same transaction.
 */
import crypto from "node:crypto";
import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { staffAccount, staffEnrolments, staffPasskey, staffSession, staffTwoFactor, staffUser } from "../../db/schema";
import { unlockFactor } from "../shared/factor-lock.server";
import { recordAudit } from "./audit.server";
import { staffFactorKey } from "./factor-lock.server";
import { type Role, roles } from "./permissions";
import { normalizeEmail } from "./throttle.server";

export const ENROLMENT_VALID_MS = 24 * 60 * 60 * 1000;

/** The role form (inviting someone, changing a role). */
export const roleFormSchema = z.object({ role: z.enum(roles, "Choose a role.") });

/** The invitation form. */
export const inviteFormSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email("Enter an e-mail address like name@example.com.")),
    name: z.string().trim().min(1, "Enter the person's name."),
  })
  .extend(roleFormSchema.shape);

export interface Actor {
  id: string | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
}

export const COMMAND_LINE: Actor = { id: null, email: "command line", ip: null, userAgent: null };

export class StaffUserError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const newId = () => crypto.randomBytes(16).toString("base64url");

export function enrolmentUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/staff/enrol/${token}`;
}

/** A new account (no password, no factor yet) and its enrolment link. */
export async function inviteStaff(db: Db, input: { email: string; name: string; role: Role }, actor: Actor, publicUrl: string) {
  const email = normalizeEmail(input.email);
  const name = input.name.trim() || email.split("@")[0]!;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffUser.id, createdAt: staffUser.createdAt, enrolled: ENROLLED })
      .from(staffUser)
      .where(eq(staffUser.email, email));
    if (existing) throw duplicateInvite(email, existing);
    const id = newId();
    // Two invites of one address at once: the unique e-mail lets one in; the other reads as a duplicate.
    const inserted = await tx
      .insert(staffUser)
      .values({ id, email, name, role: input.role })
      .onConflictDoNothing()
      .returning({ id: staffUser.id });
    if (!inserted.length) throw duplicateInvite(email, { enrolled: false, createdAt: new Date() });
    const token = await insertEnrolment(tx, id, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "user.invited",
      objectType: "staff_user",
      objectId: id,
      after: { email, name, role: input.role },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { userId: id, url: enrolmentUrl(publicUrl, token), expiresAt: new Date(Date.now() + ENROLMENT_VALID_MS) };
  });
}

/** Set up: a second factor (an authenticator app or a passkey) is on. */
const ENROLLED = sql<boolean>`("staff_user"."two_factor_enabled" or exists(select 1 from "staff_passkey" p where p."user_id" = "staff_user"."id"))`;

/** The refusal of an invite to an address that already has an account, set up or still invited. */
function duplicateInvite(email: string, existing: { enrolled: boolean; createdAt: Date }): StaffUserError {
  return new StaffUserError(
    "email",
    existing.enrolled
      ? `${email} already has a staff account. Find it in the list above to change it.`
      : `${email} was already invited and has not set up the account yet. Open their account in the list above to send a new link.`,
  );
}

/** A fresh link for an existing account; every earlier link stops working (the audit log keeps their history). */
export async function renewEnrolment(db: Db, userId: string, actor: Actor, publicUrl: string) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: staffUser.id, email: staffUser.email }).from(staffUser).where(eq(staffUser.id, userId));
    if (!user) throw new StaffUserError("user", "There is no such staff account.");
    await tx.delete(staffEnrolments).where(eq(staffEnrolments.userId, userId));
    const token = await insertEnrolment(tx, userId, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "user.enrolment_link_created",
      objectType: "staff_user",
      objectId: userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { userId, url: enrolmentUrl(publicUrl, token), expiresAt: new Date(Date.now() + ENROLMENT_VALID_MS) };
  });
}

async function insertEnrolment(db: Db, userId: string, createdBy: string | null): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .insert(staffEnrolments)
    .values({ tokenHash: hashToken(token), userId, createdBy, expiresAt: new Date(Date.now() + ENROLMENT_VALID_MS) });
  return token;
}

/**
 * Whether an enrolment link still works: for 24 hours, until its account has a second factor.
 * Choosing the password does not end it: someone who stops there (a closed browser, no phone at
 * hand) finishes with the same link, which is what the sign-in page tells them to do. A fresh
 * link (renewEnrolment) replaces it, and using one ends the account's others.
 */
const linkWorks = (token: string) =>
  and(
    eq(staffEnrolments.tokenHash, hashToken(token)),
    gt(staffEnrolments.expiresAt, new Date()),
    or(
      isNull(staffEnrolments.usedAt),
      sql`not exists (select 1 from "staff_user" u where u."id" = ${staffEnrolments.userId} and (u."two_factor_enabled" or exists (select 1 from "staff_passkey" p where p."user_id" = u."id")))`,
    ),
  );

/** The account a working enrolment link (linkWorks) belongs to; null otherwise. */
export async function findEnrolment(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ userId: staffUser.id, email: staffUser.email, name: staffUser.name, disabledAt: staffUser.disabledAt })
    .from(staffEnrolments)
    .innerJoin(staffUser, eq(staffUser.id, staffEnrolments.userId))
    .where(linkWorks(token));
  if (!row || row.disabledAt) return null;
  return { userId: row.userId, email: row.email, name: row.name };
}

/**
 * Uses the link: sets the password (already hashed) and clears any earlier factors and
 * sessions (a new link is also how a lost factor is replaced). The link keeps working until a
 * second factor is added (linkWorks); the account's other links stop. Returns null when the
 * link no longer works.
 */
export async function consumeEnrolment(db: Db, token: string, passwordHash: string, actor: Actor): Promise<string | null> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(staffEnrolments)
      .set({ usedAt: sql`coalesce(${staffEnrolments.usedAt}, now())` })
      .where(linkWorks(token))
      .returning({ userId: staffEnrolments.userId });
    const userId = used[0]?.userId;
    if (!userId) return null;
    // An older link (of an earlier enrolment, used then) would work again once the factors go below.
    await tx
      .delete(staffEnrolments)
      .where(and(eq(staffEnrolments.userId, userId), sql`${staffEnrolments.tokenHash} <> ${hashToken(token)}`));
    await tx.delete(staffSession).where(eq(staffSession.userId, userId));
    await tx.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, userId));
    await tx.delete(staffPasskey).where(eq(staffPasskey.userId, userId));
    // The old factors are gone, and with them their lock after too many wrong codes.
    await unlockFactor(tx, staffFactorKey(userId));
    await tx.update(staffUser).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(staffUser.id, userId));
    const [account] = await tx
      .select({ id: staffAccount.id })
      .from(staffAccount)
      .where(and(eq(staffAccount.userId, userId), eq(staffAccount.providerId, "credential")));
    if (account)
      await tx.update(staffAccount).set({ password: passwordHash, updatedAt: new Date() }).where(eq(staffAccount.id, account.id));
    else await tx.insert(staffAccount).values({ id: newId(), accountId: userId, providerId: "credential", userId, password: passwordHash });
    await recordAudit(tx, {
      actorId: userId,
      actorEmail: actor.email,
      action: "user.enrolment_password_set",
      objectType: "staff_user",
      objectId: userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return userId;
  });
}

export interface StaffListEntry {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabledAt: Date | null;
  createdAt: Date;
  enrolled: boolean;
  sessions: number;
}

export async function listStaff(db: Db): Promise<StaffListEntry[]> {
  const rows = await db
    .select({
      id: staffUser.id,
      email: staffUser.email,
      name: staffUser.name,
      role: staffUser.role,
      disabledAt: staffUser.disabledAt,
      createdAt: staffUser.createdAt,
      // Qualified by hand: inside a sub-select drizzle leaves column names bare.
      enrolled: ENROLLED,
      sessions: sql<number>`(select count(*)::int from "staff_session" s where s."user_id" = "staff_user"."id" and s."expires_at" > now())`,
    })
    .from(staffUser)
    .orderBy(asc(staffUser.email));
  return rows.map((r) => ({ ...r, role: r.role as Role, enrolled: Boolean(r.enrolled), sessions: Number(r.sessions) }));
}

export async function getStaff(db: Db, id: string): Promise<StaffListEntry | null> {
  return (await listStaff(db)).find((u) => u.id === id) ?? null;
}

export async function listSessionsOf(db: Db, userId: string) {
  return db
    .select({
      id: staffSession.id,
      createdAt: staffSession.createdAt,
      expiresAt: staffSession.expiresAt,
      ipAddress: staffSession.ipAddress,
      userAgent: staffSession.userAgent,
    })
    .from(staffSession)
    .where(and(eq(staffSession.userId, userId), gt(staffSession.expiresAt, new Date())))
    .orderBy(asc(staffSession.createdAt));
}

async function adminCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffUser)
    .where(and(eq(staffUser.role, "admin"), isNull(staffUser.disabledAt)));
  return Number(row?.n ?? 0);
}

export async function changeRole(db: Db, userId: string, role: Role, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(staffUser).where(eq(staffUser.id, userId));
    if (!user) throw new StaffUserError("role", "There is no such staff account.");
    if (user.role === role) return;
    if (user.role === "admin" && (await adminCount(tx)) <= 1)
      throw new StaffUserError("role", "This is the last administrator: make someone else an administrator first.");
    await tx.update(staffUser).set({ role, updatedAt: new Date() }).where(eq(staffUser.id, userId));
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "user.role_changed",
      objectType: "staff_user",
      objectId: userId,
      before: { role: user.role },
      after: { role },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
}

/** Disabling ends every session at once; enabling does not restore them. */
export async function setDisabled(db: Db, userId: string, disabled: boolean, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(staffUser).where(eq(staffUser.id, userId));
    if (!user) throw new StaffUserError("user", "There is no such staff account.");
    if (disabled && user.id === actor.id) throw new StaffUserError("user", "You cannot disable your own account.");
    if (disabled && user.role === "admin" && !user.disabledAt && (await adminCount(tx)) <= 1)
      throw new StaffUserError("user", "This is the last administrator: it cannot be disabled.");
    await tx
      .update(staffUser)
      .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
      .where(eq(staffUser.id, userId));
    const ended = disabled ? await tx.delete(staffSession).where(eq(staffSession.userId, userId)).returning({ id: staffSession.id }) : [];
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: disabled ? "user.disabled" : "user.enabled",
      objectType: "staff_user",
      objectId: userId,
      after: disabled ? { sessionsEnded: ended.length } : undefined,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
}

export async function endSessions(db: Db, userId: string, actor: Actor, exceptSessionId?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const where = exceptSessionId
      ? and(eq(staffSession.userId, userId), sql`${staffSession.id} <> ${exceptSessionId}`)
      : eq(staffSession.userId, userId);
    const ended = await tx.delete(staffSession).where(where).returning({ id: staffSession.id });
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "user.sessions_ended",
      objectType: "staff_user",
      objectId: userId,
      after: { sessionsEnded: ended.length },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return ended.length;
  });
}

export async function countStaff(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staffUser);
  return Number(row?.n ?? 0);
}
