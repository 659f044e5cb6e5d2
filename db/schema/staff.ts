/**
 * The staff console's tables: better-auth's accounts, sessions and factors (field names as
 * better-auth expects them, columns in snake_case), enrolment links, and the audit log.
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { at } from "../columns";
import { authTables, authUserTable } from "./better-auth";

export const staffUser = authUserTable("staff", {
  /** better-auth's two-factor plugin: true once a TOTP app is verified. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  /** One of modules/staff/permissions.ts roles. */
  role: text("role").notNull(),
  /** Set when an administrator disables the account: no session is created or honoured. */
  disabledAt: at("disabled_at"),
});

const staffAuth = authTables("staff", staffUser);
export const staffSession = staffAuth.session;
export const staffAccount = staffAuth.account;
export const staffVerification = staffAuth.verification;
export const staffPasskey = staffAuth.passkey;

export const staffTwoFactor = pgTable(
  "staff_two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUser.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: at("locked_until"),
  },
  (t) => [index("staff_two_factor_user_idx").on(t.userId), index("staff_two_factor_secret_idx").on(t.secret)],
);

/** One-time enrolment links: only the SHA-256 of the token is stored. */
export const staffEnrolments = pgTable(
  "staff_enrolment",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUser.id, { onDelete: "cascade" }),
    createdBy: text("created_by"),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [index("staff_enrolment_user_idx").on(t.userId)],
);

/**
 * The signing and encryption secret of staff sessions and TOTP secrets when AUTH_SECRET is
 * not set: made once, shared by every process through the database.
 */
export const staffSecret = pgTable("staff_secret", {
  id: integer("id").primaryKey(),
  value: text("value").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

/**
 * The audit log: who did what, when, from where. Append-only: the console only inserts, and
 * a trigger (auditLogAppendOnlySql, applied by migrate()) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: at("at").notNull().defaultNow(),
    actorId: text("actor_id"),
    /** The actor's e-mail at the time (or the address typed at a failed sign-in). */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    objectType: text("object_type").notNull(),
    objectId: text("object_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_action_at_idx").on(t.action, t.at),
    index("audit_log_object_idx").on(t.objectType, t.objectId),
    index("audit_log_actor_idx").on(t.actorId),
    index("audit_log_ip_at_idx").on(t.ip, t.at),
  ],
);

/**
 * Run by migrate() after the generated migrations (drizzle has no trigger DDL). Both
 * statements are idempotent and accepted by PostgreSQL 15 and PGlite (18).
 */
export const auditLogAppendOnlySql = [
  sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end $$`,
  sql`create or replace trigger audit_log_no_change before update or delete on audit_log
  for each row execute function audit_log_append_only()`,
  sql`create or replace trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only()`,
];

/** The newest TOTP time step each staff account signed in with: a code is good once (modules/staff/totp-steps.server.ts). */
export const staffTotpSteps = pgTable("staff_totp_steps", {
  userId: text("user_id").primaryKey(),
  lastStep: bigint("last_step", { mode: "number" }).notNull(),
});
