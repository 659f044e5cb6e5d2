/**
 * The AGAM second factor (issue 17): one-time codes by SMS or the registration PIN, the
 * proofs a member gets once either is right, and unguessable links to personal pages.
 * Codes and tokens are stored only as SHA-256 hashes: the database alone opens nothing.
 */
import { index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { agamAccounts } from "./schema";

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

export const privateLinkKindEnum = pgEnum("private_link_kind", ["agam-confirmation", "connection-summary"]);

/** Links to one person's page (AGAM confirmation, new-connection summary): a random token in the URL. */
export const privateLinks = pgTable("private_links", {
  tokenHash: text("token_hash").primaryKey(),
  kind: privateLinkKindEnum("kind").notNull(),
  /** The registration's or pre-registration's reference. */
  reference: text("reference").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
