/**
 * Member services: the customer satisfaction survey, the new-connection pre-registrations,
 * where each stands in the office's process, and the staff's notes on it.
 * SQL here must work on PGlite (PostgreSQL 18) and on PostgreSQL 15.
 */
import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgEnum, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { at, createdAt } from "../columns";
import { CONNECTION_STATUSES } from "./enum-values";
import { staffUser } from "./staff";

export const connectionStatusEnum = pgEnum("connection_status", CONNECTION_STATUSES);

export const surveyResponses = pgTable(
  "survey_responses",
  {
    id: serial("id").primaryKey(),
    accountNumber: text("account_number").notNull().unique(),
    name: text("name").notNull(),
    respondentName: text("respondent_name").notNull(),
    city: text("city").notNull(),
    email: text("email").notNull(),
    contactNumber: text("contact_number").notNull(),
    reconnectionTime: smallint("reconnection_time"),
    serviceReturnSpeed: smallint("service_return_speed"),
    voltageIssues: smallint("voltage_issues"),
    reconnectionAfterPayment: smallint("reconnection_after_payment"),
    serviceCourtesy: smallint("service_courtesy"),
    suggestions: text("suggestions").notNull().default(""),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    privacyNoticeVersion: text("privacy_notice_version").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "survey_ratings",
      sql`coalesce(${t.reconnectionTime}, 1) between 1 and 4 and coalesce(${t.serviceReturnSpeed}, 1) between 1 and 4 and coalesce(${t.voltageIssues}, 1) between 1 and 4 and coalesce(${t.reconnectionAfterPayment}, 1) between 1 and 4 and coalesce(${t.serviceCourtesy}, 1) between 1 and 4`,
    ),
  ],
);

export const connectionPreregistrations = pgTable("connection_preregistrations", {
  id: serial("id").primaryKey(),
  reference: text("reference").notNull().unique(),
  lastName: text("last_name").notNull(),
  firstName: text("first_name").notNull(),
  suffix: text("suffix").notNull().default(""),
  middleName: text("middle_name").notNull().default(""),
  address: text("address").notNull(),
  dateOfBirth: date("date_of_birth").notNull(),
  age: smallint("age").notNull(),
  gender: text("gender").notNull(),
  civilStatus: text("civil_status").notNull(),
  contactNumbers: text("contact_numbers").notNull(),
  nearestAccountNumber: text("nearest_account_number").notNull().default(""),
  educationalAttainment: text("educational_attainment").notNull(),
  occupation: text("occupation").notNull(),
  dependents: smallint("dependents").notNull().default(0),
  religion: text("religion").notNull().default(""),
  annualIncome: text("annual_income").notNull().default(""),
  tin: text("tin").notNull().default(""),
  createdAt: createdAt(),
});

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
    /** When the application reached its present step (its step's target days count from here). */
    statusSince: at("status_since"),
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
