/**
 * Public content and its publishing: stored files, news, announcements, careers, the about
 * pages, gallery and partners, and the revisions the staff console keeps of every save.
 * SQL here must work on PGlite (PostgreSQL 18) and on PostgreSQL 15.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytes, createdAt } from "../columns";
import { ANNOUNCEMENT_KINDS, NEWS_KINDS, PUBLICATIONS } from "./enum-values";

export const newsKindEnum = pgEnum("news_kind", NEWS_KINDS);
export const announcementKindEnum = pgEnum("announcement_kind", ANNOUNCEMENT_KINDS);
/**
 * Staff-written versions of an item's text in Filipino, Pangasinan and Ilocano beside the
 * English columns: { fil: { title, body }, pag: {...}, ilo: {...} } (decision 0030,
 * modules/content/translations.ts). In the row, so a save, revision and scheduled
 * publication carry them with the English.
 */
export const translationsColumn = () =>
  jsonb("translations").notNull().default({}).$type<Partial<Record<"fil" | "pag" | "ilo", Record<string, string>>>>();

/** Where a piece of public content is in its life: a draft, published (maybe from publish_at until unpublish_at), or archived. */
export const publicationEnum = pgEnum("publication", PUBLICATIONS);

/**
 * The publication columns every kind of public content carries (power interruptions too).
 * Existing rows (and the demo seed) are published; the console creates drafts. Visible to the
 * public only when published and publish_at <= now < unpublish_at (modules/content/publication.server.ts).
 */
export const publicationColumns = () => ({
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
    /** Its text in Filipino, Pangasinan and Ilocano (decision 0030): { fil: { content } }. */
    translations: translationsColumn(),
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
    translations: translationsColumn(),
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
    translations: translationsColumn(),
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

export const careers = pgTable("careers", {
  id: serial("id").primaryKey(),
  jobTitle: text("job_title").notNull(),
  body: text("body"),
  createdAt: createdAt(),
  ...publicationColumns(),
  /** Its title and details in Filipino, Pangasinan and Ilocano (decision 0030). */
  translations: translationsColumn(),
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

export const galleryImages = pgTable("gallery_images", {
  id: serial("id").primaryKey(),
  caption: text("caption").notNull(),
  alt: text("alt").notNull(),
  fileName: text("file_name")
    .notNull()
    .references(() => storedFiles.name),
  position: integer("position").notNull().default(0),
  ...publicationColumns(),
  /** Its caption and alternative text in Filipino, Pangasinan and Ilocano (decision 0030). */
  translations: translationsColumn(),
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

/**
 * The staff console's publishing: every save of a piece of public content keeps a revision
 * (who, when, the whole saved state), so an editor can see what changed and restore it.
 */
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
