/**
 * Links to one person's page (the AGAM confirmation, the new-connection summary): a random
 * token in the URL, stored only as its SHA-256 hash.
 */
import { pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { PRIVATE_LINK_KINDS } from "./enum-values";

export const privateLinkKindEnum = pgEnum("private_link_kind", PRIVATE_LINK_KINDS);

export const privateLinks = pgTable("private_links", {
  tokenHash: text("token_hash").primaryKey(),
  kind: privateLinkKindEnum("kind").notNull(),
  /** The registration's or pre-registration's reference. */
  reference: text("reference").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
