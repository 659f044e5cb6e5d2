/**
 * Power interruptions: the notices, the towns and barangays each touches, and the outbox of
 * changes a member may hear about.
 * SQL here must work on PGlite (PostgreSQL 18) and on PostgreSQL 15.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../columns";
import { publicationColumns, translationsColumn } from "./content";
import { INTERRUPTION_EVENT_KINDS, INTERRUPTION_KINDS, INTERRUPTION_STATUSES } from "./enum-values";
import { barangays, townEnum } from "./places";

export const interruptionStatusEnum = pgEnum("interruption_status", INTERRUPTION_STATUSES);
export const interruptionKindEnum = pgEnum("interruption_kind", INTERRUPTION_KINDS);

export const powerInterruptions = pgTable(
  "power_interruptions",
  {
    id: serial("id").primaryKey(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    activities: text("activities").notNull(),
    affectedAreas: text("affected_areas").notNull(),
    circuitToBeOpened: text("circuit_to_be_opened").notNull(),
    /** The activities (what work, why the power goes off) in Filipino, Pangasinan, Ilocano: { fil: { activities } }. */
    translations: translationsColumn(),
    status: interruptionStatusEnum("status").notNull().default("scheduled"),
    /** Planned (announced ahead) or unplanned (power off now): the words of its alerts and its CAP message follow. */
    kind: interruptionKindEnum("kind").notNull().default("planned"),
    /**
     * Whether ends_at is a time someone gave (the schedule, an estimated restoration) or only the
     * stand-in end of an unplanned outage without an estimate: such an end is never shown to members.
     */
    endKnown: boolean("end_known").notNull().default(true),
    statusUpdatedAt: timestamp("status_updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    ...publicationColumns(),
  },
  (t) => [index("power_interruptions_starts").on(t.startsAt), check("power_interruptions_order", sql`${t.endsAt} > ${t.startsAt}`)],
);

/** The towns an interruption touches (all or part of each). */
export const powerInterruptionTowns = pgTable(
  "power_interruption_towns",
  {
    interruptionId: integer("interruption_id")
      .notNull()
      .references(() => powerInterruptions.id, { onDelete: "cascade" }),
    town: townEnum("town").notNull(),
  },
  (t) => [primaryKey({ columns: [t.interruptionId, t.town] })],
);

/** The barangays an interruption touches, for "find your area". */
export const powerInterruptionBarangays = pgTable(
  "power_interruption_barangays",
  {
    interruptionId: integer("interruption_id")
      .notNull()
      .references(() => powerInterruptions.id, { onDelete: "cascade" }),
    barangayId: integer("barangay_id")
      .notNull()
      .references(() => barangays.id),
  },
  (t) => [primaryKey({ columns: [t.interruptionId, t.barangayId] })],
);

/**
 * Every change to an interruption that a member may hear about, written in the same
 * transaction as the change itself: the history shown on the public page and the
 * outbox that alerts are sent from (see modules/interruptions/events.server.ts).
 */
export const interruptionEventKindEnum = pgEnum("interruption_event_kind", INTERRUPTION_EVENT_KINDS);

export const interruptionEvents = pgTable(
  "interruption_events",
  {
    id: serial("id").primaryKey(),
    interruptionId: integer("interruption_id")
      .notNull()
      .references(() => powerInterruptions.id, { onDelete: "cascade" }),
    kind: interruptionEventKindEnum("kind").notNull(),
    /** Optional public note shown with the change. */
    note: text("note").notNull().default(""),
    /** The staff user who made the change (better-auth user id), empty for the seed. */
    actorId: text("actor_id").notNull().default(""),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("interruption_events_interruption").on(t.interruptionId, t.occurredAt)],
);
