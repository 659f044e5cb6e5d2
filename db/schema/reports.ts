/**
 * Outage and hazard reports from the public, the incidents they group into, the
 * restoration hub's per-barangay figures, major events and Open311 API keys.
 * SQL here must work on PGlite (PostgreSQL 18) and on PostgreSQL 15.
 */
import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, pgEnum, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, bytes } from "../columns";
import { INCIDENT_STATUSES, REPORT_KINDS, REPORT_PHOTO_STATES, REPORT_SOURCES } from "./enum-values";
import { barangays } from "./places";

export const reportKindEnum = pgEnum("report_kind", REPORT_KINDS);
export const incidentStatusEnum = pgEnum("incident_status", INCIDENT_STATUSES);
export const reportSourceEnum = pgEnum("report_source", REPORT_SOURCES);

/** Reports of one kind in one barangay, grouped; what dispatchers act on. */
export const incidents = pgTable(
  "incidents",
  {
    id: serial("id").primaryKey(),
    kind: reportKindEnum("kind").notNull(),
    barangayId: integer("barangay_id")
      .notNull()
      .references(() => barangays.id),
    status: incidentStatusEnum("status").notNull().default("received"),
    /** Estimated time of restoration, when staff gave one. */
    etr: at("etr"),
    reportCount: integer("report_count").notNull().default(0),
    /** When the newest report joined: the 2-hour grouping window runs from here. */
    lastReportAt: at("last_report_at").notNull().defaultNow(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    /** For "closed as duplicate": the incident this one repeats. */
    duplicateOfId: integer("duplicate_of_id"),
  },
  (t) => [index("incidents_open").on(t.barangayId, t.kind, t.lastReportAt), index("incidents_updated").on(t.updatedAt)],
);

/** One person's report (or "this is mine too"). The token is the key of their status page. */
export const outageReports = pgTable(
  "outage_reports",
  {
    id: serial("id").primaryKey(),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incidents.id, { onDelete: "cascade" }),
    /** Public reference the reporter quotes on the phone, and the Open311 service_request_id. */
    reference: text("reference").notNull(),
    /** 256 random bits, base64url: the reporter's status page address. */
    statusToken: text("status_token").notNull(),
    source: reportSourceEnum("source").notNull().default("web"),
    landmark: text("landmark").notNull().default(""),
    details: text("details").notNull().default(""),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    accountNumber: text("account_number").notNull().default(""),
    /** 639XXXXXXXXX (modules/shared/phone.ts), or empty. */
    mobile: text("mobile").notNull().default(""),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("outage_reports_reference").on(t.reference),
    uniqueIndex("outage_reports_token").on(t.statusToken),
    index("outage_reports_incident").on(t.incidentId),
    // The portal's account page lists an account's reports (most reports carry no account number).
    index("outage_reports_account").on(t.accountNumber, t.createdAt).where(sql`${t.accountNumber} <> ''`),
  ],
);

/**
 * The photo of a report, for staff only. The report form stores the bytes as sent (their header
 * checked); a job of the worker re-encodes them (upright, at most 1600 px, JPEG without metadata)
 * and marks them ready. Only a ready photo is ever shown: the original may carry the phone's EXIF.
 */
export const reportPhotos = pgTable(
  "report_photos",
  {
    reportId: integer("report_id")
      .primaryKey()
      .references(() => outageReports.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    data: bytes("data").notNull(),
    /** received (as sent) → queued (its job exists) → ready (re-encoded), or failed (could not be read). */
    state: text("state", { enum: REPORT_PHOTO_STATES }).notNull().default("received"),
  },
  (t) => [index("report_photos_received").on(t.reportId).where(sql`${t.state} = 'received'`)],
);

/** Every state change of an incident: the history on the reporter's page. */
export const incidentUpdates = pgTable(
  "incident_updates",
  {
    id: serial("id").primaryKey(),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incidents.id, { onDelete: "cascade" }),
    status: incidentStatusEnum("status").notNull(),
    etr: at("etr"),
    /** Public note shown to reporters. */
    note: text("note").notNull().default(""),
    actorId: text("actor_id").notNull().default(""),
    occurredAt: at("occurred_at").notNull().defaultNow(),
  },
  (t) => [index("incident_updates_incident").on(t.incidentId, t.occurredAt)],
);

/** Text messages sent to reporters about an update (one row per attempt's outcome). */
export const reportMessages = pgTable("report_messages", {
  id: serial("id").primaryKey(),
  reportId: integer("report_id")
    .notNull()
    .references(() => outageReports.id, { onDelete: "cascade" }),
  updateId: integer("update_id").references(() => incidentUpdates.id, { onDelete: "cascade" }),
  outcome: text("outcome").notNull(),
  sentAt: at("sent_at").notNull().defaultNow(),
});

/** The restoration hub's figures per barangay, set by staff during an event. */
export const barangayPower = pgTable("barangay_power", {
  barangayId: integer("barangay_id")
    .primaryKey()
    .references(() => barangays.id),
  /** Consumers (connections) the barangay has. */
  consumers: integer("consumers").notNull().default(0),
  /** Of those, how many are still without power; 0 means energized. */
  consumersOff: integer("consumers_off").notNull().default(0),
  etr: at("etr"),
  crews: smallint("crews").notNull().default(0),
  updatedAt: at("updated_at").notNull().defaultNow(),
  updatedBy: text("updated_by").notNull().default(""),
});

/** A declared major event (typhoon): a banner on every page while endedAt is empty. */
export const majorEvents = pgTable("major_events", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  message: text("message").notNull().default(""),
  startedAt: at("started_at").notNull().defaultNow(),
  endedAt: at("ended_at"),
  declaredBy: text("declared_by").notNull().default(""),
});

/** Keys that let an Open311 client file requests; only a SHA-256 of each is kept. */
export const open311Keys = pgTable(
  "open311_keys",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    createdBy: text("created_by").notNull().default(""),
    revokedAt: at("revoked_at"),
  },
  (t) => [uniqueIndex("open311_keys_hash").on(t.keyHash)],
);
