/**
 * The kinds the shared content editor (modules/content/items.server.ts) publishes: how each one's
 * rows are read, listed and written. Everything else (validation of the common parts,
 * revisions, audit, the bus) is the editor's.
 */
import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import sharp from "sharp";
import type { Db, DbOrTx } from "../../db/client";
import {
  aboutContents,
  branches,
  branchPhones,
  careerAttachments,
  careers,
  galleryImages,
  newsCategories,
  newsItemImages,
  newsItems,
  partners,
  paymentPlaces,
  storedFiles,
} from "../../db/schema";
import { PAYMENT_PLACE_KINDS } from "../../db/schema/enum-values";
import { NEWS_KIND_TITLES, NEWS_KINDS } from "../shared/constants";
import { toPlainText } from "../shared/html";
import { rowIdFromParam } from "../shared/ids";
import { ABOUT_KEYS } from "./about.server";
import { type Attachment, storagePath, toAttachment } from "./attachments.server";
import type { ContentKindDef, ItemFile, ItemState, ListRow, WriteInput } from "./items.server";
import {
  ABOUT_TRANSLATED,
  CAREER_TRANSLATED,
  GALLERY_TRANSLATED,
  missingLanguages,
  PAYMENT_PLACE_TRANSLATED,
  storedTranslations,
  TITLE_AND_BODY,
} from "./translations";
import { storePrepared } from "./uploads.server";

const numericId = (param: string): string | null => (rowIdFromParam(param) === null ? null : param);
const publicationOf = (r: { publication: "draft" | "published" | "archived"; publishAt: Date | null; unpublishAt: Date | null }) => ({
  publication: r.publication,
  publishAt: r.publishAt,
  unpublishAt: r.unpublishAt,
});
const position = (v: string | undefined) => (v ? Number(v) : 0);

/** The stored files of these names, in the order given; names with no file are left out. */
async function storedFilesNamed(db: DbOrTx, names: string[]) {
  if (!names.length) return [];
  const rows = await db.select().from(storedFiles).where(inArray(storedFiles.name, names));
  return names.map((n) => rows.find((r) => r.name === n)).filter((r) => r != null);
}

/** Stored files by name, in the order given, as the editor lists them. */
async function storedFilesOf(db: DbOrTx, names: string[]): Promise<ItemFile[]> {
  return (await storedFilesNamed(db, names)).map((r) => ({
    ref: r.name,
    name: r.originalName,
    href: storagePath(r.name),
    size: r.size,
    alt: "",
  }));
}

/**
 * Inserts the row (no id yet) or updates row `id`, and answers its id: how every kind with a
 * serial id saves. `onInsert` holds what only a new row gets (its creation time).
 */
async function insertOrUpdate<T extends PgTable & { id: PgColumn }>(
  tx: DbOrTx,
  table: T,
  id: string | null | undefined,
  values: PgInsertValue<T>,
  onInsert: Partial<PgInsertValue<T>> = {},
): Promise<number> {
  const [row] =
    id == null
      ? await tx
          .insert(table)
          .values({ ...values, ...onInsert } as PgInsertValue<T>)
          .returning({ id: table.id })
      : await tx
          .update(table)
          .set(values as PgUpdateSetSource<T>)
          .where(eq(table.id, Number(id)))
          .returning({ id: table.id });
  return Number(row!.id);
}

/** The stored files to link: the ones kept (that still exist) then the new ones, written now. */
async function keptAndAdded(tx: DbOrTx, input: WriteInput): Promise<string[]> {
  const kept = (
    await storedFilesOf(
      tx,
      input.keep.map((k) => k.ref),
    )
  ).map((f) => f.ref);
  for (const file of input.added) {
    kept.push(await storePrepared(tx, input.storageDir, file));
    input.written.push(file.name);
  }
  return kept;
}

/* ---------------- News items (the four kinds), images stored in the row ---------------- */

export const newsKind: ContentKindDef = {
  key: "news",
  revisionKind: "news",
  area: "news",
  labels: { one: "news item", many: "News items" },
  fields: [
    {
      name: "kind",
      label: "Kind",
      type: "select",
      required: true,
      options: NEWS_KINDS.map((k) => ({ value: k, label: NEWS_KIND_TITLES[k] })),
    },
    { name: "title", label: "Title", type: "text", required: true, max: 300 },
    { name: "body", label: "Text", type: "richtext", required: true, max: 50_000 },
  ],
  publication: true,
  files: { label: "Images", accept: "image", multiple: true, requiredOnCreate: false, altText: true },
  creatable: true,
  removable: false,
  filter: { label: "Kind", options: NEWS_KINDS.map((k) => ({ value: k, label: NEWS_KIND_TITLES[k] })) },
  // Its title and text may also be written in Filipino, Pangasinan and Ilocano.
  translated: TITLE_AND_BODY,
  parseId: numericId,
  publicPath: (id) => `/news/advisory/${id}`,
  async listAll(db) {
    const rows = await db.select().from(newsItems).orderBy(desc(newsItems.updatedAt), desc(newsItems.id)).limit(500);
    return rows.map(
      (r): ListRow => ({
        id: String(r.id),
        title: r.title,
        text: toPlainText(r.body),
        group: r.kind,
        publication: publicationOf(r),
        updatedAt: r.updatedAt,
        missing: missingLanguages(storedTranslations(r.translations)),
      }),
    );
  },
  async read(db, id) {
    const [row] = await db
      .select()
      .from(newsItems)
      .where(eq(newsItems.id, Number(id)));
    if (!row) return null;
    const images = await db
      .select({
        id: newsItemImages.id,
        width: newsItemImages.width,
        height: newsItemImages.height,
        alt: newsItemImages.alt,
        size: sql<number>`octet_length(${newsItemImages.data})`,
      })
      .from(newsItemImages)
      .where(eq(newsItemImages.newsItemId, row.id))
      .orderBy(asc(newsItemImages.position), asc(newsItemImages.id));
    return {
      values: { kind: row.kind, title: row.title, body: row.body },
      translations: storedTranslations(row.translations),
      files: images.map((i, n) => ({
        ref: String(i.id),
        name: `Image ${n + 1} (${i.width} × ${i.height})`,
        href: `/staff/content/news/${row.id}/preview`,
        size: Number(i.size),
        alt: i.alt,
      })),
      publication: publicationOf(row),
      updatedAt: row.updatedAt,
    };
  },
  async thumbnails(db, id) {
    const rows = await db
      .select({ id: newsItemImages.id, data: newsItemImages.data })
      .from(newsItemImages)
      .where(eq(newsItemImages.newsItemId, Number(id)));
    const out: Record<string, string> = {};
    for (const r of rows) {
      const small = await sharp(r.data).resize({ width: 192, withoutEnlargement: true }).webp({ quality: 60 }).toBuffer();
      out[String(r.id)] = `data:image/webp;base64,${small.toString("base64")}`;
    }
    return out;
  },
  async write(tx, id, input) {
    const v = input.values;
    const values = {
      kind: v.kind as (typeof NEWS_KINDS)[number],
      title: v.title!,
      body: v.body!,
      translations: input.translations,
      updatedAt: input.now,
      ...input.publication!,
    };
    const itemId = await insertOrUpdate(tx, newsItems, id, values, { createdAt: input.now });
    // Unticked images go (their bytes live in the row, so a restore brings back only those still kept).
    const keepIds = input.keep.map((k) => Number(k.ref)).filter((n) => Number.isSafeInteger(n));
    await tx
      .delete(newsItemImages)
      .where(and(eq(newsItemImages.newsItemId, itemId), keepIds.length ? notInArray(newsItemImages.id, keepIds) : undefined));
    for (const [n, k] of input.keep.entries())
      await tx
        .update(newsItemImages)
        .set({ alt: k.alt, position: n })
        .where(and(eq(newsItemImages.id, Number(k.ref)), eq(newsItemImages.newsItemId, itemId)));
    if (input.added.length)
      await tx.insert(newsItemImages).values(
        input.added.map((f, n) => ({
          newsItemId: itemId,
          data: f.bytes,
          contentType: f.contentType,
          width: f.width ?? 0,
          height: f.height ?? 0,
          alt: f.alt,
          position: input.keep.length + n,
        })),
      );
    return String(itemId);
  },
};

/* ---------------- Careers, with PDF attachments ---------------- */

export const careerKind: ContentKindDef = {
  key: "careers",
  revisionKind: "career",
  area: "careers",
  labels: { one: "job posting", many: "Careers" },
  fields: [
    { name: "jobTitle", label: "Job title", type: "text", required: true, max: 300 },
    { name: "body", label: "Details and requirements", type: "richtext", max: 50_000 },
  ],
  publication: true,
  files: { label: "PDF attachments", accept: "pdf", multiple: true, requiredOnCreate: false, altText: false },
  creatable: true,
  removable: false,
  // Its title and details may also be written in Filipino, Pangasinan and Ilocano.
  translated: CAREER_TRANSLATED,
  parseId: numericId,
  publicPath: () => "/careers",
  async listAll(db) {
    const rows = await db.select().from(careers).orderBy(desc(careers.updatedAt), desc(careers.id));
    return rows.map((r) => ({
      id: String(r.id),
      title: r.jobTitle,
      text: toPlainText(r.body),
      publication: publicationOf(r),
      updatedAt: r.updatedAt,
      missing: missingLanguages(storedTranslations(r.translations)),
    }));
  },
  async read(db, id) {
    const [row] = await db
      .select()
      .from(careers)
      .where(eq(careers.id, Number(id)));
    if (!row) return null;
    const links = await db
      .select({ fileName: careerAttachments.fileName })
      .from(careerAttachments)
      .where(eq(careerAttachments.careerId, row.id))
      .orderBy(asc(careerAttachments.position), asc(careerAttachments.id));
    return {
      values: { jobTitle: row.jobTitle, body: row.body ?? "" },
      translations: storedTranslations(row.translations),
      files: await storedFilesOf(
        db,
        links.map((l) => l.fileName),
      ),
      publication: publicationOf(row),
      updatedAt: row.updatedAt,
    };
  },
  async write(tx, id, input) {
    const values = {
      jobTitle: input.values.jobTitle!,
      body: input.values.body || null,
      translations: input.translations,
      updatedAt: input.now,
      ...input.publication!,
    };
    const careerId = await insertOrUpdate(tx, careers, id, values, { createdAt: input.now });
    const names = await keptAndAdded(tx, input);
    await tx.delete(careerAttachments).where(eq(careerAttachments.careerId, careerId));
    if (names.length) await tx.insert(careerAttachments).values(names.map((fileName, n) => ({ careerId, fileName, position: n })));
    return String(careerId);
  },
};

/* ---------------- About-us texts: four fixed blocks, changed in place ---------------- */

const ABOUT_LABELS: Record<(typeof ABOUT_KEYS)[number], string> = {
  profile: "Company profile",
  mission: "Mission",
  vision: "Vision",
  core: "Core values",
};

export const aboutKind: ContentKindDef = {
  key: "about",
  revisionKind: "about",
  area: "about",
  labels: { one: "about-us text", many: "About us" },
  fields: [
    { name: "content", label: "Text", type: "richtext", required: true, max: 50_000 },
    { name: "year", label: "Year (company profile: the year it describes)", type: "number" },
  ],
  publication: false,
  creatable: false,
  removable: false,
  // Its text may also be written in Filipino, Pangasinan and Ilocano.
  translated: ABOUT_TRANSLATED,
  parseId: (param) => ((ABOUT_KEYS as readonly string[]).includes(param) ? param : null),
  publicPath: (id) => (id === "profile" ? "/about/company-profile" : "/about/mission-vision"),
  async listAll(db) {
    const rows = await db.select().from(aboutContents);
    return ABOUT_KEYS.map((key) => rows.find((r) => r.key === key))
      .filter((r) => r != null)
      .map((r) => ({
        id: r.key,
        title: ABOUT_LABELS[r.key as keyof typeof ABOUT_LABELS],
        text: toPlainText(r.content),
        publication: null,
        updatedAt: r.updatedAt,
        missing: missingLanguages(storedTranslations(r.translations)),
      }));
  },
  async read(db, id) {
    const [row] = await db.select().from(aboutContents).where(eq(aboutContents.key, id));
    if (!row) return null;
    return {
      values: { content: row.content, year: row.year == null ? "" : String(row.year) },
      translations: storedTranslations(row.translations),
      files: [],
      publication: null,
      updatedAt: row.updatedAt,
    };
  },
  async write(tx, id, input) {
    await tx
      .update(aboutContents)
      .set({
        content: input.values.content!,
        year: input.values.year ? Number(input.values.year) : null,
        translations: input.translations,
        updatedAt: input.now,
      })
      .where(eq(aboutContents.key, id!));
    return id!;
  },
};

/** The title an about-us block is listed under. */
export const aboutTitle = (key: string) => ABOUT_LABELS[key as keyof typeof ABOUT_LABELS] ?? key;

/* ---------------- Gallery images and partner logos: one image each ---------------- */

const orderField = { name: "position", label: "Order (smaller comes first)", type: "number" } as const;

export const galleryKind: ContentKindDef = {
  key: "gallery",
  revisionKind: "gallery",
  area: "gallery",
  labels: { one: "gallery image", many: "Gallery" },
  fields: [
    { name: "caption", label: "Caption", type: "text", required: true, max: 200 },
    { name: "alt", label: "Alternative text (what the picture shows)", type: "text", required: true, max: 300 },
    orderField,
  ],
  publication: true,
  files: { label: "Image", accept: "image", multiple: false, requiredOnCreate: true, altText: false },
  creatable: true,
  removable: true,
  // Its caption and alternative text may also be written in Filipino, Pangasinan and Ilocano.
  translated: GALLERY_TRANSLATED,
  parseId: numericId,
  publicPath: () => "/gallery",
  async listAll(db) {
    const rows = await db.select().from(galleryImages).orderBy(asc(galleryImages.position), asc(galleryImages.id));
    return rows.map((r) => ({
      id: String(r.id),
      title: r.caption,
      text: `${r.alt} · order ${r.position}`,
      publication: publicationOf(r),
      updatedAt: r.updatedAt,
      missing: missingLanguages(storedTranslations(r.translations)),
    }));
  },
  async read(db, id) {
    const [row] = await db
      .select()
      .from(galleryImages)
      .where(eq(galleryImages.id, Number(id)));
    if (!row) return null;
    return {
      values: { caption: row.caption, alt: row.alt, position: String(row.position) },
      translations: storedTranslations(row.translations),
      files: await storedFilesOf(db, [row.fileName]),
      publication: publicationOf(row),
      updatedAt: row.updatedAt,
    };
  },
  async write(tx, id, input) {
    const [fileName] = await keptAndAdded(tx, input);
    const values = {
      caption: input.values.caption!,
      alt: input.values.alt!,
      position: position(input.values.position),
      fileName: fileName!,
      translations: input.translations,
      updatedAt: input.now,
      ...input.publication!,
    };
    return String(await insertOrUpdate(tx, galleryImages, id, values));
  },
  async remove(tx, id) {
    await tx.delete(galleryImages).where(eq(galleryImages.id, Number(id)));
  },
};

export const partnerKind: ContentKindDef = {
  key: "partners",
  revisionKind: "partner",
  area: "partners",
  labels: { one: "partner logo", many: "Partner logos" },
  fields: [
    { name: "name", label: "Partner name (the logo's alternative text)", type: "text", required: true, max: 200 },
    { name: "url", label: "Web address (optional)", type: "url", max: 500 },
    orderField,
  ],
  publication: true,
  files: { label: "Logo", accept: "image", multiple: false, requiredOnCreate: true, altText: false },
  creatable: true,
  removable: true,
  parseId: numericId,
  publicPath: () => "/",
  async listAll(db) {
    const rows = await db.select().from(partners).orderBy(asc(partners.position), asc(partners.id));
    return rows.map((r) => ({
      id: String(r.id),
      title: r.name,
      text: `${r.url ?? ""} · order ${r.position}`,
      publication: publicationOf(r),
      updatedAt: r.updatedAt,
    }));
  },
  async read(db, id) {
    const [row] = await db
      .select()
      .from(partners)
      .where(eq(partners.id, Number(id)));
    if (!row) return null;
    return {
      values: { name: row.name, url: row.url ?? "", position: String(row.position) },
      files: await storedFilesOf(db, [row.logoFileName]),
      publication: publicationOf(row),
      updatedAt: row.updatedAt,
    };
  },
  async write(tx, id, input) {
    const [logoFileName] = await keptAndAdded(tx, input);
    const values = {
      name: input.values.name!,
      url: input.values.url || null,
      position: position(input.values.position),
      logoFileName: logoFileName!,
      updatedAt: input.now,
      ...input.publication!,
    };
    return String(await insertOrUpdate(tx, partners, id, values));
  },
  async remove(tx, id) {
    await tx.delete(partners).where(eq(partners.id, Number(id)));
  },
};

/* ---------------- Branches and their phone numbers ---------------- */

/** Phone numbers as typed, one a line. */
const phoneLines = (v: string | undefined) =>
  (v ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export const branchKind: ContentKindDef = {
  key: "branches",
  revisionKind: "branch",
  area: "branches",
  labels: { one: "branch", many: "Branches and phones" },
  fields: [
    { name: "name", label: "Service (e.g. Hotline, Sub office)", type: "text", required: true, max: 200 },
    { name: "officeName", label: "Office", type: "text", required: true, max: 200 },
    { name: "address", label: "Address", type: "text", required: true, max: 300 },
    { name: "phones", label: "Phone numbers", type: "lines", hint: "One number a line, as the public should dial it.", max: 2000 },
    orderField,
  ],
  publication: false,
  creatable: true,
  removable: true,
  parseId: numericId,
  publicPath: () => "/contact-us",
  check(values, errors) {
    const bad = phoneLines(values.phones).filter((p) => !/^[0-9+()\-\s./]{5,40}$/.test(p));
    if (bad.length) errors.phones = `These do not look like phone numbers: ${bad.join(", ")}.`;
    values.phones = phoneLines(values.phones).join("\n");
  },
  async listAll(db) {
    const [rows, phones] = await Promise.all([
      db.select().from(branches).orderBy(asc(branches.position), asc(branches.id)),
      db.select().from(branchPhones).orderBy(asc(branchPhones.position), asc(branchPhones.id)),
    ]);
    return rows.map((b) => ({
      id: String(b.id),
      title: `${b.name}: ${b.officeName}`,
      text: [b.address, ...phones.filter((p) => p.branchId === b.id).map((p) => p.number)].join(" · "),
      publication: null,
      // Branches have no saved time of their own; their revisions say when.
      updatedAt: null,
    }));
  },
  async read(db, id) {
    const [row] = await db
      .select()
      .from(branches)
      .where(eq(branches.id, Number(id)));
    if (!row) return null;
    const phones = await db
      .select()
      .from(branchPhones)
      .where(eq(branchPhones.branchId, row.id))
      .orderBy(asc(branchPhones.position), asc(branchPhones.id));
    return {
      values: {
        name: row.name,
        officeName: row.officeName,
        address: row.address,
        phones: phones.map((p) => p.number).join("\n"),
        position: String(row.position),
      },
      files: [],
      publication: null,
      updatedAt: null,
    } satisfies ItemState;
  },
  async write(tx, id, input) {
    const v = input.values;
    const values = { name: v.name!, officeName: v.officeName!, address: v.address!, position: position(v.position) };
    const branchId = await insertOrUpdate(tx, branches, id, values);
    await tx.delete(branchPhones).where(eq(branchPhones.branchId, branchId));
    const numbers = phoneLines(v.phones);
    if (numbers.length) await tx.insert(branchPhones).values(numbers.map((number, n) => ({ branchId, number, position: n })));
    return String(branchId);
  },
  async remove(tx, id) {
    await tx.delete(branches).where(eq(branches.id, Number(id)));
  },
};

/* ---------------- News categories (the /news/{tag} pages and the menu) ---------------- */

/** Tags that are pages of their own under /news/, so a category may not take them. */
const RESERVED_TAGS = new Set<string>([
  "advisories",
  "advisory",
  "power-interruptions",
  "power-interruptions.ics",
  "power-interruption-schedules",
  ...NEWS_KINDS,
]);

export const categoryKind: ContentKindDef = {
  key: "categories",
  revisionKind: "category",
  area: "news",
  labels: { one: "news category", many: "News categories" },
  fields: [
    { name: "title", label: "Title", type: "text", required: true, max: 120 },
    {
      name: "tag",
      label: "Tag (the address /news/tag)",
      type: "text",
      required: true,
      max: 60,
      hint: "Small letters, digits and hyphens, e.g. energy-tips.",
    },
  ],
  publication: true,
  creatable: true,
  removable: true,
  parseId: numericId,
  publicPath: (_id, values) => `/news/${values.tag ?? ""}`,
  duplicate: { field: "tag", message: "Another category already has this tag." },
  check(values, errors) {
    if (values.tag && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(values.tag)) errors.tag = "Use small letters, digits and single hyphens only.";
    else if (values.tag && RESERVED_TAGS.has(values.tag))
      errors.tag = `/news/${values.tag} is already a page of its own; choose another tag.`;
  },
  async listAll(db) {
    const rows = await db.select().from(newsCategories).orderBy(asc(newsCategories.title));
    return rows.map((r) => ({
      id: String(r.id),
      title: r.title,
      text: `/news/${r.tag}`,
      publicPath: `/news/${r.tag}`,
      publication: publicationOf(r),
      updatedAt: r.updatedAt,
    }));
  },
  async read(db, id) {
    const [row] = await db
      .select()
      .from(newsCategories)
      .where(eq(newsCategories.id, Number(id)));
    if (!row) return null;
    return { values: { title: row.title, tag: row.tag }, files: [], publication: publicationOf(row), updatedAt: row.updatedAt };
  },
  async write(tx, id, input) {
    const values = { title: input.values.title!, tag: input.values.tag!, updatedAt: input.now, ...input.publication! };
    return String(await insertOrUpdate(tx, newsCategories, id, values));
  },
  async remove(tx, id) {
    await tx.delete(newsCategories).where(eq(newsCategories.id, Number(id)));
  },
};

/* ---------------- Where to pay: offices, collectors, partner outlets, e-wallets ---------------- */

const PAYMENT_PLACE_KIND_LABELS: Record<(typeof PAYMENT_PLACE_KINDS)[number], string> = {
  office: "Cooperative office",
  collector: "Collector",
  outlet: "Partner payment outlet",
  wallet: "E-wallet or online bank (biller name)",
};

export const paymentPlaceKind: ContentKindDef = {
  key: "where-to-pay",
  revisionKind: "payment-place",
  area: "where-to-pay",
  labels: { one: "place to pay", many: "Where to pay" },
  fields: [
    {
      name: "kind",
      label: "Kind",
      type: "select",
      required: true,
      options: PAYMENT_PLACE_KINDS.map((k) => ({ value: k, label: PAYMENT_PLACE_KIND_LABELS[k] })),
    },
    { name: "name", label: "Name", type: "text", required: true, max: 200, hint: "Like Main Office, Bani; Bayad Center; GCash." },
    {
      name: "details",
      label: "Details",
      type: "lines",
      max: 1000,
      hint: "A line each: address and hours, a collector's towns and days, or an e-wallet's biller name and what to type as the reference.",
    },
    orderField,
  ],
  publication: false,
  creatable: true,
  removable: true,
  filter: { label: "Kind", options: PAYMENT_PLACE_KINDS.map((k) => ({ value: k, label: PAYMENT_PLACE_KIND_LABELS[k] })) },
  // Shown on pages in both languages and on the bill PDF: its Filipino version is the one /fil/ shows.
  translated: PAYMENT_PLACE_TRANSLATED,
  parseId: numericId,
  // Beside every Pay button; the bill inquiry shows it to anyone.
  publicPath: () => "/service/bill-inquiry",
  async listAll(db) {
    const rows = await db.select().from(paymentPlaces).orderBy(asc(paymentPlaces.kind), asc(paymentPlaces.position), asc(paymentPlaces.id));
    return rows.map(
      (r): ListRow => ({
        id: String(r.id),
        title: r.name,
        text: r.details.replace(/\s*\n\s*/g, " · "),
        group: r.kind,
        publication: null,
        updatedAt: r.updatedAt,
        missing: missingLanguages(storedTranslations(r.translations)),
      }),
    );
  },
  async read(db, id) {
    const [row] = await db
      .select()
      .from(paymentPlaces)
      .where(eq(paymentPlaces.id, Number(id)));
    if (!row) return null;
    return {
      values: { kind: row.kind, name: row.name, details: row.details, position: String(row.position) },
      translations: storedTranslations(row.translations),
      files: [],
      publication: null,
      updatedAt: row.updatedAt,
    };
  },
  async write(tx, id, input) {
    const v = input.values;
    const values = {
      kind: v.kind as (typeof PAYMENT_PLACE_KINDS)[number],
      name: v.name!,
      details: v.details ?? "",
      position: position(v.position),
      translations: input.translations,
      updatedAt: input.now,
    };
    return String(await insertOrUpdate(tx, paymentPlaces, id, values));
  },
  async remove(tx, id) {
    await tx.delete(paymentPlaces).where(eq(paymentPlaces.id, Number(id)));
  },
};

/** Every kind the shared editor serves, by its address part. */
export const CONTENT_KINDS: Record<string, ContentKindDef> = Object.fromEntries(
  [newsKind, careerKind, aboutKind, galleryKind, partnerKind, branchKind, categoryKind, paymentPlaceKind].map((k) => [k.key, k]),
);

export function contentKind(key: string | undefined): ContentKindDef | null {
  return CONTENT_KINDS[key ?? ""] ?? null;
}

/** A news item's images as data: addresses, so the preview shows a draft's pictures (the public image address serves only published ones). */
export async function newsImagesForPreview(db: Db, newsId: string): Promise<{ src: string; width: number; height: number; alt: string }[]> {
  const rows = await db
    .select()
    .from(newsItemImages)
    .where(eq(newsItemImages.newsItemId, Number(newsId)))
    .orderBy(asc(newsItemImages.position), asc(newsItemImages.id));
  return rows.map((r) => ({
    src: `data:${r.contentType};base64,${r.data.toString("base64")}`,
    width: r.width,
    height: r.height,
    alt: r.alt,
  }));
}

/** Stored files as the public pages list attachments. */
export async function attachmentsNamed(db: Db, names: string[]): Promise<Attachment[]> {
  return (await storedFilesNamed(db, names)).map(toAttachment);
}
