/**
 * The AGAM (annual general assembly of members): the member roll it registers against,
 * the topics, registrations and their decisions, the registration window, the votes kept
 * without a person once a registration is erased, and the second factor (one-time codes by
 * SMS or the registration PIN, and the proofs a member gets once either is right).
 * Codes and tokens are stored only as SHA-256 hashes: the database alone opens nothing.
 * SQL here must work on PGlite (PostgreSQL 18) and on PostgreSQL 15.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, primaryKey, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { AGAM_AREAS } from "./enum-values";
import { townEnum } from "./places";

export const areaEnum = pgEnum("agam_area", AGAM_AREAS);

/** The member roll (modules/members/roll.server.ts imports it): one row per member account. */
export const agamAccounts = pgTable(
  "agam_accounts",
  {
    accountNumber: text("account_number").primaryKey(),
    name: text("name").notNull(),
    membershipNumber: text("membership_number").notNull().unique(),
    address: text("address").notNull(),
    district: smallint("district").notNull(),
    area: areaEnum("area").notNull(),
    phone: text("phone"),
    email: text("email"),
    /** Town of the service address (member roll). */
    town: townEnum("town"),
    /** The registration PIN printed on the member's AGAM notice, hashed (scrypt); null when none was issued. */
    pinHash: text("pin_hash"),
  },
  (t) => [
    check("agam_accounts_number", sql`${t.accountNumber} ~ '^[0-9]{2}-[0-9]{4}-[0-9]{4}$'`),
    check("agam_accounts_district", sql`${t.district} between 1 and 9`),
  ],
);

export const agamTopics = pgTable("agam_topics", {
  id: serial("id").primaryKey(),
  sequenceNumber: integer("sequence_number").notNull().unique(),
  topic: text("topic").notNull(),
  description: text("description").notNull(),
});

export const agamRegistrations = pgTable(
  "agam_registrations",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    accountNumber: text("account_number")
      .notNull()
      .unique()
      .references(() => agamAccounts.accountNumber),
    origin: text("origin").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("agam_registrations_registered").on(t.registeredAt)],
);

export const agamDecisions = pgTable(
  "agam_decisions",
  {
    registrationId: integer("registration_id")
      .notNull()
      .references(() => agamRegistrations.id, { onDelete: "cascade" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => agamTopics.id),
    topicSequenceNumber: integer("topic_sequence_number").notNull(),
    answerValue: smallint("answer_value").notNull(),
    reason: text("reason").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.topicId] }), check("agam_decisions_value", sql`${t.answerValue} in (0, 1)`)],
);

/** The AGAM registration window: one row (id 1); no row means the window was never set and registration is open. */
export const agamWindow = pgTable(
  "agam_window",
  {
    id: smallint("id").primaryKey().default(1),
    opensAt: timestamp("opens_at", { withTimezone: true }).notNull(),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("agam_window_single", sql`${t.id} = 1`), check("agam_window_order", sql`${t.closesAt} > ${t.opensAt}`)],
);

/**
 * A decision whose registration was erased (data-subject request) or purged (retention):
 * who voted is gone, the vote and the voter's district (its area follows from it) stay, so the tally does not change.
 * `registrationKey` is the erased registration's old id: it counts voters, nothing more.
 */
export const agamAnonymousVotes = pgTable(
  "agam_anonymous_votes",
  {
    registrationKey: integer("registration_key").notNull(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => agamTopics.id),
    district: smallint("district").notNull(),
    answerValue: smallint("answer_value").notNull(),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull(),
    anonymizedAt: timestamp("anonymized_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("agam_anonymous_votes_topic").on(t.topicId),
    index("agam_anonymous_votes_key").on(t.registrationKey),
    check("agam_anonymous_votes_value", sql`${t.answerValue} in (0, 1)`),
  ],
);

/** One row per account: its current code and its failed tries (codes and PINs together). */
export const agamVerifications = pgTable("agam_verifications", {
  accountNumber: text("account_number")
    .primaryKey()
    .references(() => agamAccounts.accountNumber, { onDelete: "cascade" }),
  codeHash: text("code_hash"),
  codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
  codeSentAt: timestamp("code_sent_at", { withTimezone: true }),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  /** When the first of the counted failures happened; the count resets after the lock-out window. */
  failuresSince: timestamp("failures_since", { withTimezone: true }),
});

/** What a member proved: a random token (its hash here) that stands for the second factor for a while. */
export const agamProofs = pgTable(
  "agam_proofs",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountNumber: text("account_number")
      .notNull()
      .references(() => agamAccounts.accountNumber, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("agam_proofs_account").on(t.accountNumber)],
);
