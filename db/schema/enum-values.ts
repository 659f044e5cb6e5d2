/**
 * The values of every PostgreSQL enum type, written once. The schema files make their
 * pgEnums of these lists; the code (pages in the browser too) reads the same lists from
 * here, through modules/, without loading Drizzle. This file imports nothing.
 * The order is the enum's order in the database: change it only with a migration.
 */

// Places
export const TOWNS = ["Bolinao", "Anda", "Bani", "Agno", "Alaminos", "Burgos", "Mabini", "Dasol", "Infanta"] as const;

// Content
export const NEWS_KINDS = ["electricity-rates", "events-and-activities", "invitation-to-bid", "supply-and-load-demand"] as const;
export const ANNOUNCEMENT_KINDS = ["bid", "advisory"] as const;
/** Where a piece of public content is in its life: a draft, published (maybe from publish_at until unpublish_at), or archived. */
export const PUBLICATIONS = ["draft", "published", "archived"] as const;

// Rates
export const RATE_TYPES = ["R", "LV", "HV"] as const;

// Interruptions
export const INTERRUPTION_STATUSES = ["scheduled", "ongoing", "finished", "cancelled", "extended"] as const;
/** Planned (announced ahead: maintenance) or unplanned (the dispatcher's "power off now"). */
export const INTERRUPTION_KINDS = ["planned", "unplanned"] as const;
/** The changes to an interruption a member may hear about (the outbox, modules/interruptions/events.server.ts). */
export const INTERRUPTION_EVENT_KINDS = ["published", "changed", "moved", "extended", "ongoing", "finished", "cancelled"] as const;

// AGAM
export const AGAM_AREAS = ["north", "south"] as const;

// Members: the new-connection queue's steps, in the order an application moves; "declined"
// can end it at any step (what each means: modules/members/connection-queue.ts).
export const CONNECTION_STATUSES = [
  "received",
  "documents-checked",
  "seminar-scheduled",
  "inspection",
  "approved",
  "energized",
  "declined",
] as const;

// Privacy
export const PRIVATE_LINK_KINDS = ["agam-confirmation", "connection-summary"] as const;

// Reports
export const REPORT_KINDS = ["no-power", "partial-power", "line-down", "pole", "tree", "meter", "other"] as const;
export const INCIDENT_STATUSES = ["received", "verified", "crew-assigned", "crew-on-site", "restored", "duplicate", "not-ours"] as const;
export const REPORT_SOURCES = ["web", "me-too", "open311"] as const;
/** A report photo's way from the form to the dispatcher (db/schema/reports.ts). */
export const REPORT_PHOTO_STATES = ["received", "queued", "ready", "failed"] as const;

// Alerts
export const ALERT_CHANNELS = ["email", "sms", "push"] as const;
/**
 * queued: a job is waiting; sending: handed to a worker (a crash here is retried);
 * sent: the gateway accepted it; retrying: failed, a later attempt is scheduled;
 * failed: dead letter (refused for good or out of attempts); not_configured: the channel has no
 * settings, kept until it has; paused: staff paused the channel, resent when resumed;
 * held: quiet hours, a job waits until 07:00 Manila.
 */
export const ALERT_DELIVERY_STATES = ["queued", "sending", "sent", "retrying", "failed", "not_configured", "paused", "held"] as const;

// Bills
/** The discounts set by law: lifeline rate (RA 11552) and senior citizen (RA 9994). */
export const DISCOUNT_PROGRAMS = ["lifeline", "senior"] as const;
/** Where a payment was made. */
export const PAYMENT_CHANNELS = ["office", "collector", "bank", "e-wallet"] as const;

/** The kinds of place "Where to pay" lists (modules/payments/where-to-pay.server.ts), in the order shown. */
export const PAYMENT_PLACE_KINDS = ["office", "collector", "outlet", "wallet"] as const;
