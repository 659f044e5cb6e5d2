/**
 * Member services, AGAM administration and personal data (issue 13, items 3 to 5): the
 * registration window, and the votes kept without a person once a registration is erased
 * or has passed its retention (so the tally stays correct).
 * SQL here must work on PGlite (PostgreSQL 18) and on PostgreSQL 15.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, timestamp } from "drizzle-orm/pg-core";
// Only lazily used (references): schema.ts re-exports this file, so its values are not ready at load time.
import { agamTopics } from "./schema";

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
