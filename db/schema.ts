/**
 * The whole data model of spec section 3, in one PostgreSQL schema.
 * SQL here must work on PGlite (PostgreSQL 18) and on PostgreSQL 15.
 */
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bytes, createdAt } from "./columns";

export const townEnum = pgEnum("town", ["Bolinao", "Anda", "Bani", "Agno", "Alaminos", "Burgos", "Mabini", "Dasol", "Infanta"]);
export const newsKindEnum = pgEnum("news_kind", [
  "electricity-rates",
  "events-and-activities",
  "invitation-to-bid",
  "supply-and-load-demand",
]);
export const announcementKindEnum = pgEnum("announcement_kind", ["bid", "advisory"]);
export const rateTypeEnum = pgEnum("rate_type", ["R", "LV", "HV"]);
export const interruptionStatusEnum = pgEnum("interruption_status", ["scheduled", "ongoing", "finished", "cancelled", "extended"]);
export const areaEnum = pgEnum("agam_area", ["north", "south"]);
/** Where a piece of public content is in its life: a draft, published (maybe from publish_at until unpublish_at), or archived. */
export const publicationEnum = pgEnum("publication", ["draft", "published", "archived"]);

/**
 * The publication columns every kind of public content carries. Existing rows (and the demo
 * seed) are published; the console creates drafts. Visible to the public only when
 * published and publish_at <= now < unpublish_at (modules/content/publication.ts).
 */
const publicationColumns = () => ({
  publication: publicationEnum("publication").notNull().default("published"),
  publishAt: timestamp("publish_at", { withTimezone: true }),
  unpublishAt: timestamp("unpublish_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Files under the storage folder, by their content-addressed name. */
export const storedFiles = pgTable("stored_files", {
  name: text("name").primaryKey(),
  originalName: text("original_name").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  width: integer("width"),
  height: integer("height"),
  createdAt: createdAt(),
});

export const newsCategories = pgTable("news_categories", {
  id: serial("id").primaryKey(),
  tag: text("tag").notNull().unique(),
  title: text("title").notNull(),
  createdAt: createdAt(),
  ...publicationColumns(),
});

/** About-us contents: one row each for profile, mission, vision and core values. */
export const aboutContents = pgTable(
  "about_contents",
  {
    key: text("key").primaryKey(),
    content: text("content").notNull(),
    year: integer("year"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("about_key", sql`${t.key} in ('profile','mission','vision','core')`)],
);

export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    kind: announcementKindEnum("kind").notNull(),
    title: text("title").notNull(),
    body: text("body"),
    createdAt: createdAt(),
    ...publicationColumns(),
  },
  (t) => [index("announcements_kind_created").on(t.kind, t.createdAt)],
);

export const announcementAttachments = pgTable("announcement_attachments", {
  id: serial("id").primaryKey(),
  announcementId: integer("announcement_id")
    .notNull()
    .references(() => announcements.id, { onDelete: "cascade" }),
  fileName: text("file_name")
    .notNull()
    .references(() => storedFiles.name),
  position: integer("position").notNull().default(0),
});

export const newsItems = pgTable(
  "news_items",
  {
    id: serial("id").primaryKey(),
    kind: newsKindEnum("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    ...publicationColumns(),
  },
  (t) => [index("news_items_kind_created").on(t.kind, t.createdAt)],
);

export const newsItemImages = pgTable("news_item_images", {
  id: serial("id").primaryKey(),
  newsItemId: integer("news_item_id")
    .notNull()
    .references(() => newsItems.id, { onDelete: "cascade" }),
  data: bytes("data").notNull(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  alt: text("alt").notNull().default(""),
  position: integer("position").notNull().default(0),
});

export const officialRates = pgTable(
  "official_rates",
  {
    id: serial("id").primaryKey(),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    type: rateTypeEnum("type").notNull(),
    amount: numeric("amount", { precision: 12, scale: 4 }).notNull(),
    /** The month's rates are public from this instant (the rates editor chooses it). */
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("official_rates_month_type").on(t.year, t.month, t.type),
    check("official_rates_month", sql`${t.month} between 1 and 12`),
  ],
);

export const generationCharges = pgTable(
  "generation_charges",
  {
    id: serial("id").primaryKey(),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    sourceName: text("source_name").notNull(),
    sourceQueue: integer("source_queue").notNull(),
    percentKwhPurchased: numeric("percent_kwh_purchased", { precision: 12, scale: 4 }).notNull(),
    kwhPurchased: numeric("kwh_purchased", { precision: 16, scale: 2 }).notNull(),
    basicGenerationCost: numeric("basic_generation_cost", { precision: 16, scale: 2 }).notNull(),
    otherCostAdjustment: numeric("other_cost_adjustment", { precision: 16, scale: 2 }).notNull(),
    totalGenerationCost: numeric("total_generation_cost", { precision: 16, scale: 2 }).notNull(),
    promptPaymentDiscount: numeric("prompt_payment_discount", { precision: 16, scale: 2 }).notNull(),
    pilferageCostRecoveries: numeric("pilferage_cost_recoveries", { precision: 16, scale: 2 }).notNull(),
    otherGenerationCostAdjustment: numeric("other_generation_cost_adjustment", { precision: 16, scale: 2 }).notNull(),
    generationRate: numeric("generation_rate", { precision: 12, scale: 4 }).notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("generation_charges_month_queue").on(t.year, t.month, t.sourceQueue)],
);

export const careers = pgTable("careers", {
  id: serial("id").primaryKey(),
  jobTitle: text("job_title").notNull(),
  body: text("body"),
  createdAt: createdAt(),
  ...publicationColumns(),
});

export const careerAttachments = pgTable("career_attachments", {
  id: serial("id").primaryKey(),
  careerId: integer("career_id")
    .notNull()
    .references(() => careers.id, { onDelete: "cascade" }),
  fileName: text("file_name")
    .notNull()
    .references(() => storedFiles.name),
  position: integer("position").notNull().default(0),
});

/** Offices listed on the contact page: hotline, sub offices, technical services. */
export const branches = pgTable("branches", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  officeName: text("office_name").notNull(),
  address: text("address").notNull(),
  position: integer("position").notNull().default(0),
});

export const branchPhones = pgTable("branch_phones", {
  id: serial("id").primaryKey(),
  branchId: integer("branch_id")
    .notNull()
    .references(() => branches.id, { onDelete: "cascade" }),
  number: text("number").notNull(),
  position: integer("position").notNull().default(0),
});

export const barangays = pgTable(
  "barangays",
  {
    id: serial("id").primaryKey(),
    town: townEnum("town").notNull(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("barangays_town_name").on(t.town, t.name)],
);

export const powerInterruptions = pgTable(
  "power_interruptions",
  {
    id: serial("id").primaryKey(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    activities: text("activities").notNull(),
    affectedAreas: text("affected_areas").notNull(),
    circuitToBeOpened: text("circuit_to_be_opened").notNull(),
    status: interruptionStatusEnum("status").notNull().default("scheduled"),
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
export const interruptionEventKindEnum = pgEnum("interruption_event_kind", [
  "published",
  "changed",
  "moved",
  "extended",
  "ongoing",
  "finished",
  "cancelled",
]);

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

export const galleryImages = pgTable("gallery_images", {
  id: serial("id").primaryKey(),
  caption: text("caption").notNull(),
  alt: text("alt").notNull(),
  fileName: text("file_name")
    .notNull()
    .references(() => storedFiles.name),
  position: integer("position").notNull().default(0),
  ...publicationColumns(),
});

export const partners = pgTable("partners", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  url: text("url"),
  logoFileName: text("logo_file_name")
    .notNull()
    .references(() => storedFiles.name),
  position: integer("position").notNull().default(0),
  ...publicationColumns(),
});

export const agamAccounts = pgTable(
  "agam_accounts",
  {
    accountNumber: text("account_number").primaryKey(),
    name: text("name").notNull(),
    membershipNumber: text("membership_number").notNull().unique(),
    address: text("address").notNull(),
    district: smallint("district").notNull(),
    area: areaEnum("area").notNull(),
    phone: text("phone"),
    email: text("email"),
    /** Town of the service address (member roll). */
    town: townEnum("town"),
    /** The registration PIN printed on the member's AGAM notice, hashed (scrypt); null when none was issued. */
    pinHash: text("pin_hash"),
  },
  (t) => [
    check("agam_accounts_number", sql`${t.accountNumber} ~ '^[0-9]{2}-[0-9]{4}-[0-9]{4}$'`),
    check("agam_accounts_district", sql`${t.district} between 1 and 9`),
  ],
);

export const agamTopics = pgTable("agam_topics", {
  id: serial("id").primaryKey(),
  sequenceNumber: integer("sequence_number").notNull().unique(),
  topic: text("topic").notNull(),
  description: text("description").notNull(),
});

export const agamRegistrations = pgTable(
  "agam_registrations",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    accountNumber: text("account_number")
      .notNull()
      .unique()
      .references(() => agamAccounts.accountNumber),
    origin: text("origin").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("agam_registrations_registered").on(t.registeredAt)],
);

export const agamDecisions = pgTable(
  "agam_decisions",
  {
    registrationId: integer("registration_id")
      .notNull()
      .references(() => agamRegistrations.id, { onDelete: "cascade" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => agamTopics.id),
    topicSequenceNumber: integer("topic_sequence_number").notNull(),
    answerValue: smallint("answer_value").notNull(),
    reason: text("reason").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.topicId] }), check("agam_decisions_value", sql`${t.answerValue} in (0, 1)`)],
);

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

/** Captcha solutions already used, so a replayed one is refused. */
export const usedCaptchas = pgTable("used_captchas", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export type InterruptionStatusValue = (typeof interruptionStatusEnum.enumValues)[number];
export * from "./schema-alerts";
export * from "./schema-content";
export * from "./schema-members-a";
export * from "./schema-members-b";
export * from "./schema-reports";
export * from "./schema-security";
export * from "./schema-staff";
