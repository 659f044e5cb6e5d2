/**
 * Interruption alerts: subscribers without an account, the areas they follow, the channels
 * they confirmed, their consent, and one delivery row per message. The delivery row's
 * unique key (subscriber, interruption, event, channel) is what makes sending idempotent.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ALERT_CHANNELS, ALERT_DELIVERY_STATES } from "./enum-values";
import { interruptionEvents, powerInterruptions } from "./interruptions";
import { barangays, townEnum } from "./places";

export const alertChannelEnum = pgEnum("alert_channel", ALERT_CHANNELS);

/** The states of a delivery: see ALERT_DELIVERY_STATES (db/schema/enum-values.ts). */
export const alertDeliveryStateEnum = pgEnum("alert_delivery_state", ALERT_DELIVERY_STATES);

export const alertSubscribers = pgTable(
  "alert_subscribers",
  {
    id: serial("id").primaryKey(),
    /** The secret in every message's change/stop link (base64url of 32 random bytes). */
    manageToken: text("manage_token").notNull().unique(),
    /** Also hear when an interruption is over. */
    notifyFinished: boolean("notify_finished").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the subscriber stopped everything; nothing is sent after. */
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    /** The interface language they subscribed in (LOCALES): their confirmation, codes and alerts come in it. */
    language: text("language").notNull().default("en"),
  },
  (t) => [check("alert_subscribers_language", sql`${t.language} in ('en', 'fil')`)],
);

/** The areas a subscriber follows: a whole town (barangay null) or one barangay in it. */
export const alertSubscriberAreas = pgTable(
  "alert_subscriber_areas",
  {
    id: serial("id").primaryKey(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: "cascade" }),
    town: townEnum("town").notNull(),
    barangayId: integer("barangay_id").references(() => barangays.id),
  },
  (t) => [
    index("alert_subscriber_areas_town").on(t.town),
    uniqueIndex("alert_subscriber_areas_unique").on(t.subscriberId, t.town, sql`coalesce(${t.barangayId}, 0)`),
  ],
);

/** One address per channel per subscriber: an e-mail, a mobile number, or a push subscription. */
export const alertEndpoints = pgTable(
  "alert_endpoints",
  {
    id: serial("id").primaryKey(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: "cascade" }),
    channel: alertChannelEnum("channel").notNull(),
    /** E-mail address, 639XXXXXXXXX, or the push endpoint URL. */
    address: text("address").notNull(),
    /** Push only: the subscription's keys {p256dh, auth}. */
    keys: jsonb("keys").$type<{ p256dh: string; auth: string }>(),
    /** SHA-256 of the e-mail link token or of the SMS code, while unconfirmed. */
    secretHash: text("secret_hash"),
    secretExpiresAt: timestamp("secret_expires_at", { withTimezone: true }),
    /** Wrong SMS codes entered so far. */
    tries: smallint("tries").notNull().default(0),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Stopped by the subscriber (a link, STOP by SMS) or removed by the push service (410). */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("alert_endpoints_subscriber_channel").on(t.subscriberId, t.channel),
    index("alert_endpoints_address").on(t.channel, t.address),
  ],
);

/** What the subscriber agreed to, word for word, and when (Data Privacy Act). */
export const alertConsents = pgTable("alert_consents", {
  id: serial("id").primaryKey(),
  subscriberId: integer("subscriber_id")
    .notNull()
    .references(() => alertSubscribers.id, { onDelete: "cascade" }),
  channel: alertChannelEnum("channel").notNull(),
  text: text("text").notNull(),
  givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Outbox events already fanned out into deliveries (the relay's progress, one row per event). */
export const alertFanouts = pgTable("alert_fanouts", {
  eventId: integer("event_id")
    .primaryKey()
    .references(() => interruptionEvents.id, { onDelete: "cascade" }),
  deliveries: integer("deliveries").notNull(),
  fannedAt: timestamp("fanned_at", { withTimezone: true }).notNull().defaultNow(),
});

export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: serial("id").primaryKey(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: "cascade" }),
    interruptionId: integer("interruption_id")
      .notNull()
      .references(() => powerInterruptions.id, { onDelete: "cascade" }),
    /** The outbox event ("event:<id>") or the day-before reminder ("reminder"). */
    eventKey: text("event_key").notNull(),
    channel: alertChannelEnum("channel").notNull(),
    state: alertDeliveryStateEnum("state").notNull().default("queued"),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    lastError: text("last_error"),
    gatewayId: text("gateway_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("alert_deliveries_once").on(t.subscriberId, t.interruptionId, t.eventKey, t.channel),
    index("alert_deliveries_interruption").on(t.interruptionId),
    index("alert_deliveries_state").on(t.channel, t.state),
    check("alert_deliveries_attempts", sql`${t.attempts} >= 0`),
  ],
);

/** Staff switches per channel. */
export const alertChannelSettings = pgTable(
  "alert_channel_settings",
  {
    channel: alertChannelEnum("channel").notNull(),
    paused: boolean("paused").notNull().default(false),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    changedBy: text("changed_by").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.channel] })],
);
