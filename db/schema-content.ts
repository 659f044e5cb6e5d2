/**
 * The staff console's publishing: every save of a piece of public content keeps a revision
 * (who, when, the whole saved state), so an editor can see what changed and restore it.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: serial("id").primaryKey(),
    /** The kind of content: "interruption", "announcement", "news", "career", "rates". */
    kind: text("kind").notNull(),
    /** The row's key within its kind (an id, or "2026-03" for a rates month). */
    entityId: text("entity_id").notNull(),
    /** 1, 2, 3 … per kind and entity. */
    version: integer("version").notNull(),
    /** The staff user (better-auth user id); empty for a system change such as the seed. */
    actorId: text("actor_id").notNull().default(""),
    actorName: text("actor_name").notNull().default(""),
    /** What the save did, in a few words: "created", "published", "status: ongoing", "restored v2". */
    action: text("action").notNull(),
    /** The whole saved state, as the editor's form sees it. */
    snapshot: jsonb("snapshot").notNull().$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("content_revisions_version").on(t.kind, t.entityId, t.version), index("content_revisions_created").on(t.createdAt)],
);
