/**
 * Member services, first part (issue 13 items 1 and 2): where each new-connection
 * pre-registration stands in the office's process, and the staff's notes on it.
 * SQL here must work on PGlite (PostgreSQL 18) and on PostgreSQL 15.
 */
import { date, index, integer, jsonb, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { CONNECTION_STATUSES } from "../modules/members/connection-queue";
import { at } from "./columns";
// Only lazily used (references): schema.ts re-exports this file, so its values are not ready at load time.
import { connectionPreregistrations } from "./schema";
import { staffUser } from "./schema-staff";

// The steps are listed once, with what each means, in core (pure: no database code).
export const connectionStatusEnum = pgEnum("connection_status", CONNECTION_STATUSES);

/**
 * One row per pre-registration that staff have acted on; none yet means "received". Apart
 * from the public table so the public flow stays as it is.
 */
export const connectionQueue = pgTable(
  "connection_queue",
  {
    preregistrationId: integer("preregistration_id")
      .primaryKey()
      .references(() => connectionPreregistrations.id, { onDelete: "cascade" }),
    status: connectionStatusEnum("status").notNull().default("received"),
    seminarDate: date("seminar_date"),
    inspectionDate: date("inspection_date"),
    declineReason: text("decline_reason").notNull().default(""),
    /** Indexes into CONNECTION_CHECKLIST (modules/members/connection-options.ts) of the documents seen. */
    documents: jsonb("documents").$type<number[]>().notNull().default([]),
    /** The last change by staff (retention counts from here). */
    updatedAt: at("updated_at").notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => staffUser.id, { onDelete: "set null" }),
  },
  (t) => [index("connection_queue_status_idx").on(t.status)],
);

export const connectionNotes = pgTable(
  "connection_notes",
  {
    id: serial("id").primaryKey(),
    preregistrationId: integer("preregistration_id")
      .notNull()
      .references(() => connectionPreregistrations.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => staffUser.id, { onDelete: "set null" }),
    /** Kept as it was when written, so a note still says who wrote it after the account goes. */
    authorEmail: text("author_email").notNull(),
    body: text("body").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("connection_notes_prereg_idx").on(t.preregistrationId, t.createdAt)],
);
