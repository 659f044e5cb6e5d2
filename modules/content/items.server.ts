/**
 * One editor for the kinds of public content that are a few fields, maybe some files, and
 * maybe a publication (news items, careers, about-us texts, gallery images, partner logos,
 * branches, news categories). Each kind describes its fields and how its rows are read and
 * written (modules/content/kinds.server.ts); this module does the rest the same way for all:
 * validate, write the row, its revision and its audit entry in one transaction, then announce
 * "content changed" on the bus so every process drops its cached pages, API answers and feeds.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-error";
import { now as clockNow } from "../shared/clock";
import { toManilaLocalInput } from "../shared/dates";
import { toStoredHtml } from "../shared/html";
import { recordContentChange } from "./audit.server";
import { announceContentChange, type ContentContext, ContentValidationError } from "./context";
import { type PublicationValues, publicationFields, readPublication } from "./publication-form";
import { type PublicState, publicState } from "./publication-state";
import { type ContentKind, getRevision } from "./revisions.server";
import { type ContentLanguage, flatTranslations, readTranslations, type TranslatedField, type Translations } from "./translations";
import { type PreparedFile, prepareUploads } from "./uploads.server";

export type FieldType = "text" | "richtext" | "number" | "lines" | "select" | "url";

/** One field of a kind's form, as the shared editor draws it. */
export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  hint?: string;
  options?: readonly { value: string; label: string }[];
  /** Longest accepted text. */
  max?: number;
}

/** The files a kind takes: images (re-encoded) or PDFs. */
export interface FileSpec {
  label: string;
  accept: "image" | "pdf";
  multiple: boolean;
  requiredOnCreate: boolean;
  /** Each image has its own alternative text (news items). */
  altText: boolean;
}

/** A file the item has now, as the editor lists it. */
export interface ItemFile {
  /** What the form sends back to keep it (a stored file name or an image id). */
  ref: string;
  name: string;
  href: string;
  size: number;
  alt: string;
}

export type Values = Record<string, string>;

/** An item as the editor sees it. */
export interface ItemState {
  values: Values;
  files: ItemFile[];
  publication: PublicationValues | null;
  updatedAt: Date | null;
  /** Where the public sees this row, when publicPath cannot tell from the id alone. */
  publicPath?: string;
  /** Its versions in other languages (kinds with `translated` fields). */
  translations?: Translations;
}

export interface ListRow {
  id: string;
  title: string;
  /** Searched with the title, and shown shortened. */
  text: string;
  /** The value the kind's list filter compares (the news kind). */
  group?: string;
  publication: PublicationValues | null;
  updatedAt: Date | null;
  /** Where the public sees this row, when publicPath cannot tell from the id alone. */
  publicPath?: string;
  /** The languages it has no version in (kinds with `translated` fields). */
  missing?: ContentLanguage[];
}

export interface WriteInput {
  values: Values;
  /** Its versions in other languages (kinds with `translated` fields). */
  translations: Translations;
  publication: PublicationValues | null;
  /** Files to keep, in order, with their alternative text. */
  keep: { ref: string; alt: string }[];
  added: (PreparedFile & { alt: string })[];
  storageDir: string;
  now: Date;
  /** Names of files written to the storage folder, removed again if the transaction fails. */
  written: string[];
}

export interface ContentKindDef {
  /** The console address part: /staff/content/<key>. */
  key: string;
  revisionKind: ContentKind;
  /** The bus area announced on a change. */
  area: string;
  labels: { one: string; many: string };
  fields: readonly FieldDef[];
  publication: boolean;
  files?: FileSpec;
  creatable: boolean;
  removable: boolean;
  /** A select of the list that narrows by ListRow.group. */
  filter?: { label: string; options: readonly { value: string; label: string }[] };
  /** A row key from the address, or null when malformed. */
  parseId(param: string): string | null;
  /** Where the public sees it (shown beside the preview). */
  publicPath(id: string, values: Values): string;
  listAll(db: Db): Promise<ListRow[]>;
  read(db: DbOrTx, id: string): Promise<ItemState | null>;
  /** Kind-specific checks beyond required fields; errors keyed by field. */
  check?(values: Values, errors: Record<string, string>, id: string | null): void;
  write(tx: DbOrTx, id: string | null, input: WriteInput): Promise<string>;
  remove?(tx: DbOrTx, id: string): Promise<void>;
  /** Small pictures of the item's images for the editor, by ref, when they have no public address yet. */
  thumbnails?(db: Db, id: string): Promise<Record<string, string>>;
  /** The message for a unique-key clash, keyed by field. */
  duplicate?: { field: string; message: string };
  /** Fields staff may also write in Filipino, Pangasinan and Ilocano (modules/content/translations.ts). */
  translated?: readonly TranslatedField[];
}

/** The form of any kind: its own fields as text, kept files with alt texts, publication. */
export const itemFormSchema = z
  .object({
    keep: z.array(z.string().max(200)).max(50).default([]),
    newAlt: z.string().trim().max(300).default(""),
    ...publicationFields,
  })
  .catchall(z.union([z.string().max(60_000), z.array(z.string().max(200)).max(50)]));
export type ItemForm = z.infer<typeof itemFormSchema>;

export interface Upload {
  name: string;
  bytes: Buffer;
}

/** The saved state a revision keeps: the fields, the files and the publication. */
export type ItemSnapshot = Record<string, unknown> & { attachments: string[] };

function snapshotOf(def: ContentKindDef, item: ItemState): ItemSnapshot {
  const snap: ItemSnapshot = { ...item.values, attachments: item.files.map((f) => f.ref) };
  if (def.translated) Object.assign(snap, flatTranslations(item.translations ?? {}, def.translated));
  if (def.files) snap.files = item.files.map((f) => (f.alt ? `${f.name} (${f.alt})` : f.name)).join(", ");
  if (def.files?.altText) snap.alts = item.files.map((f) => f.alt);
  if (item.publication) {
    snap.publication = item.publication.publication;
    snap.publishAt = toManilaLocalInput(item.publication.publishAt);
    snap.unpublishAt = toManilaLocalInput(item.publication.unpublishAt);
  }
  return snap;
}

function readValues(def: ContentKindDef, form: ItemForm, errors: Record<string, string>): Values {
  const values: Values = {};
  for (const f of def.fields) {
    const raw = form[f.name];
    const text = typeof raw === "string" ? raw : "";
    // Rich text is sanitized on save (and again when a page renders it).
    const v = f.type === "richtext" ? toStoredHtml(text) : text.trim();
    values[f.name] = v;
    if (f.required && !v) errors[f.name] = `Fill in ${f.label.toLowerCase()}.`;
    else if (f.max && v.length > f.max) errors[f.name] = `${f.label} may be at most ${f.max} characters.`;
    else if (f.type === "number" && v && !/^-?\d{1,6}$/.test(v)) errors[f.name] = `${f.label} must be a whole number.`;
    else if (f.type === "select" && v && !f.options?.some((o) => o.value === v))
      errors[f.name] = `Choose one of the listed ${f.label.toLowerCase()}.`;
    else if (f.type === "url" && v && !/^https?:\/\/[^\s"<>]+$/i.test(v))
      errors[f.name] = `${f.label} must start with https:// (or http://).`;
  }
  return values;
}

async function save(
  ctx: ContentContext & { storageDir: string },
  def: ContentKindDef,
  id: string | null,
  form: ItemForm,
  uploads: Upload[],
  action: string,
): Promise<string> {
  const now = clockNow();
  const errors: Record<string, string> = {};
  const values = readValues(def, form, errors);
  const translations = def.translated ? readTranslations(form, def.translated, values, errors) : {};
  def.check?.(values, errors, id);
  const prepared = def.files
    ? await prepareUploads(def.files.multiple ? uploads : uploads.slice(0, 1), errors, {
        imagesOnly: def.files.accept === "image",
        pdfOnly: def.files.accept === "pdf",
      })
    : [];
  const written: string[] = [];
  try {
    const savedId = await ctx.db.transaction(async (tx) => {
      const old = id != null ? await def.read(tx, id) : null;
      if (id != null && !old) throw new ContentValidationError({}, "That item no longer exists.");
      const publication = def.publication ? readPublication(form, old?.publication ?? null, now, errors) : null;
      let keepRefs = def.files ? form.keep.filter((ref) => old?.files.some((f) => f.ref === ref) || action.startsWith("restored")) : [];
      // A single file (gallery image, logo) cannot be unticked: without a new one the old one stays.
      if (def.files && !def.files.multiple && !keepRefs.length && old?.files.length) keepRefs = [old.files[0]!.ref];
      if (def.files?.requiredOnCreate && !keepRefs.length && !prepared.length)
        errors.files = errors.files ?? `Choose ${def.files.multiple ? "at least one file" : "a file"} to upload.`;
      if (Object.keys(errors).length) throw new ContentValidationError(errors);
      const before = old ? snapshotOf(def, old) : null;
      const keep = keepRefs.map((ref) => {
        const alt = form[`alt:${ref}`];
        return { ref, alt: typeof alt === "string" ? alt.trim().slice(0, 300) : (old?.files.find((f) => f.ref === ref)?.alt ?? "") };
      });
      // A single file replaces the one kept (gallery image, partner logo).
      const keepFinal = def.files && !def.files.multiple && prepared.length ? [] : keep;
      const newId = await def.write(tx, id, {
        values,
        translations,
        publication,
        keep: keepFinal,
        added: prepared.map((p) => ({ ...p, alt: form.newAlt })),
        storageDir: ctx.storageDir,
        now,
        written,
      });
      const saved = await def.read(tx, newId);
      const after = snapshotOf(def, saved!);
      await recordContentChange(tx, ctx, { kind: def.revisionKind, entityId: newId, action, before, after });
      return newId;
    });
    await announceContentChange(ctx, def.area);
    return savedId;
  } catch (error) {
    // The transaction rolled back: the files it wrote have no row, so they go too.
    for (const name of written) fs.rmSync(path.join(ctx.storageDir, name), { force: true });
    if (def.duplicate && isUniqueViolation(error)) throw new ContentValidationError({ [def.duplicate.field]: def.duplicate.message });
    throw error;
  }
}

export function createItem(ctx: ContentContext & { storageDir: string }, def: ContentKindDef, form: ItemForm, uploads: Upload[] = []) {
  if (!def.creatable) throw new ContentValidationError({}, `New ${def.labels.many.toLowerCase()} cannot be added.`);
  return save(ctx, def, null, form, uploads, "created");
}

export function updateItem(
  ctx: ContentContext & { storageDir: string },
  def: ContentKindDef,
  id: string,
  form: ItemForm,
  uploads: Upload[] = [],
) {
  return save(ctx, def, id, form, uploads, "edited");
}

/** The form that saves an item unchanged (for publish now, unpublish, archive and restore). */
function formFrom(def: ContentKindDef, snap: Record<string, unknown>, publish: ItemForm["publish"]): ItemForm {
  const form: ItemForm = {
    keep: (snap.attachments as string[] | undefined) ?? [],
    newAlt: "",
    publish,
    publishAt: String(snap.publishAt ?? ""),
    unpublishAt: String(snap.unpublishAt ?? ""),
  };
  for (const f of def.fields) form[f.name] = String(snap[f.name] ?? "");
  for (const key of Object.keys(flatTranslations({}, def.translated ?? []))) form[key] = String(snap[key] ?? "");
  const alts = (snap.alts as string[] | undefined) ?? [];
  form.keep.forEach((ref, i) => {
    if (alts[i] != null) form[`alt:${ref}`] = alts[i]!;
  });
  return form;
}

/** Publish now, back to draft, or archive, keeping everything else. */
export async function setItemPublication(
  ctx: ContentContext & { storageDir: string },
  def: ContentKindDef,
  id: string,
  to: "now" | "draft" | "archived",
): Promise<void> {
  if (!def.publication) throw new ContentValidationError({}, `${def.labels.many} are not published separately.`);
  const item = await def.read(ctx.db, id);
  if (!item) throw new ContentValidationError({}, "That item no longer exists.");
  const snap = snapshotOf(def, item);
  if (to === "archived") {
    // Archive keeps the times but takes it off the public site.
    const form = formFrom(def, snap, "keep");
    await saveWith(ctx, def, id, form, { publication: "archived", publishAt: item.publication!.publishAt, unpublishAt: null });
    return;
  }
  await save(
    ctx,
    def,
    id,
    { ...formFrom(def, snap, to), unpublishAt: to === "now" ? String(snap.unpublishAt ?? "") : "" },
    [],
    to === "now" ? "published" : "unpublished",
  );
}

/** Archive: the same path as a save, with the publication set directly (the form has no "archived" choice). */
async function saveWith(
  ctx: ContentContext & { storageDir: string },
  def: ContentKindDef,
  id: string,
  form: ItemForm,
  publication: PublicationValues,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const old = await def.read(tx, id);
    if (!old) throw new ContentValidationError({}, "That item no longer exists.");
    const values: Values = {};
    for (const f of def.fields) values[f.name] = String(form[f.name] ?? "");
    await def.write(tx, id, {
      values,
      translations: old.translations ?? {},
      publication,
      keep: old.files.map((f) => ({ ref: f.ref, alt: f.alt })),
      added: [],
      storageDir: ctx.storageDir,
      now: clockNow(),
      written: [],
    });
    const after = snapshotOf(def, (await def.read(tx, id))!);
    await recordContentChange(tx, ctx, { kind: def.revisionKind, entityId: id, action: "archived", before: snapshotOf(def, old), after });
  });
  await announceContentChange(ctx, def.area);
}

export async function restoreItemRevision(
  ctx: ContentContext & { storageDir: string },
  def: ContentKindDef,
  id: string,
  version: number,
): Promise<string> {
  const revision = await getRevision(ctx.db, def.revisionKind, id, version);
  if (!revision) throw new ContentValidationError({}, "That revision does not exist.");
  const form = formFrom(def, revision.snapshot, "keep");
  // A removed item comes back as a new one (a draft, when the kind has a publication), with its own revisions.
  if (def.removable && !(await def.read(ctx.db, id))) return save(ctx, def, null, form, [], `restored v${version} of removed #${id}`);
  return save(ctx, def, id, form, [], `restored v${version}`);
}

/** Removes the item; its revisions and audit entries stay. */
export async function removeItem(ctx: ContentContext & { storageDir: string }, def: ContentKindDef, id: string): Promise<void> {
  if (!def.removable || !def.remove) throw new ContentValidationError({}, `${def.labels.many} cannot be removed.`);
  await ctx.db.transaction(async (tx) => {
    const old = await def.read(tx, id);
    if (!old) throw new ContentValidationError({}, "That item no longer exists.");
    await def.remove!(tx, id);
    await recordContentChange(tx, ctx, {
      kind: def.revisionKind,
      entityId: id,
      action: "removed",
      before: snapshotOf(def, old),
      after: null,
    });
  });
  await announceContentChange(ctx, def.area);
}

export interface ItemForEditor extends ItemState {
  state: PublicState | null;
}

export async function getItemForEditor(db: Db, def: ContentKindDef, id: string): Promise<ItemForEditor | null> {
  const item = await def.read(db, id);
  if (!item) return null;
  return { ...item, state: item.publication ? publicState(item.publication, clockNow()) : null };
}

export interface ListFilter {
  q?: string;
  state?: PublicState | "";
  group?: string;
  /** Only the items with no version in this language. */
  missing?: ContentLanguage | "";
}

/** The console's list of a kind: drafts, scheduled and archived ones included, filtered. */
export async function listItemsForStaff(db: Db, def: ContentKindDef, filter: ListFilter = {}) {
  const words = (filter.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const at = clockNow();
  return (await def.listAll(db))
    .map((r) => ({ ...r, state: r.publication ? publicState(r.publication, at) : null }))
    .filter(
      (r) =>
        (!filter.state || r.state === filter.state) &&
        (!filter.group || r.group === filter.group) &&
        (!filter.missing || (r.missing ?? []).includes(filter.missing)) &&
        words.every((w) => `${r.title} ${r.text}`.toLowerCase().includes(w)),
    );
}
