/**
 * Communications' side of advisories and invitations to bid: create, edit, attach PDFs and
 * images, publish now or on schedule, unpublish, archive, restore a revision. The row, its
 * attachments, its revision and its audit entry are written in one transaction, then
 * "announcements" is announced so every process drops its cached pages, API answers and feeds.
 */
import fs from "node:fs";
import path from "node:path";
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import { announcementAttachments, announcements, storedFiles } from "../../db/schema";
import { now as clockNow } from "../shared/clock";
import type { AnnouncementKind } from "../shared/constants";
import { toManilaLocalInput } from "../shared/dates";
import { escapeLike } from "../shared/escape";
import { toPlainText, toStoredHtml } from "../shared/html";
import { isRowId } from "../shared/ids";
import { attachmentsOf } from "./announcements.server";
import type { Attachment } from "./attachments.server";
import { recordContentChange } from "./audit.server";
import { announceContentChange, type ContentContext, ContentValidationError } from "./context";
import { inPublicState, type PublicState, publicState } from "./publication.server";
import { publicationFields, readPublication } from "./publication-form";
import { getRevision } from "./revisions.server";
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  flatTranslations,
  missingLanguages,
  readTranslations,
  storedTranslations,
  TITLE_AND_BODY,
  translationKey,
} from "./translations";
import { prepareUploads, storePrepared } from "./uploads.server";

export const AREA = "announcements";

/** An advisory's or bid's title and text may also be written in Filipino, Pangasinan and Ilocano. */
const ANNOUNCEMENT_TRANSLATED = TITLE_AND_BODY;

/** The form's optional versions: `fil.title`, `fil.body`, … (empty when not written). */
const translationFields = Object.fromEntries(
  CONTENT_LANGUAGES.flatMap((l) => ANNOUNCEMENT_TRANSLATED.map((f) => [translationKey(l, f.name), z.string().max(60_000).default("")])),
) as Record<`${ContentLanguage}.${"title" | "body"}`, z.ZodDefault<z.ZodString>>;

export const announcementFormSchema = z.object({
  title: z.string().trim().max(300).default(""),
  body: z.string().max(50_000).default(""),
  ...translationFields,
  /** Stored file names to keep (the checkboxes of the current attachments). */
  keep: z.array(z.string().max(200)).max(50).default([]),
  ...publicationFields,
});
export type AnnouncementForm = z.infer<typeof announcementFormSchema>;

export interface AnnouncementSnapshot extends Record<string, unknown> {
  kind: AnnouncementKind;
  title: string;
  body: string;
  /** The versions in other languages, flat: `fil.title`, `fil.body`, … */
  [translated: `${ContentLanguage}.${string}`]: string;
  attachments: string[];
  attachmentNames: string;
  publication: string;
  publishAt: string;
  unpublishAt: string;
}

type Row = typeof announcements.$inferSelect;

async function snapshotOf(tx: DbOrTx, row: Row): Promise<AnnouncementSnapshot> {
  const files = (await attachmentsOf(tx as Db, [row.id])).get(row.id) ?? [];
  return {
    kind: row.kind,
    title: row.title,
    body: row.body ?? "",
    ...flatTranslations(storedTranslations(row.translations), ANNOUNCEMENT_TRANSLATED),
    attachments: files.map((f) => f.file),
    attachmentNames: files.map((f) => f.originalName).join(", "),
    publication: row.publication,
    publishAt: toManilaLocalInput(row.publishAt),
    unpublishAt: toManilaLocalInput(row.unpublishAt),
  };
}

async function save(
  ctx: ContentContext & { storageDir: string },
  kind: AnnouncementKind,
  id: number | null,
  form: AnnouncementForm,
  uploads: { name: string; bytes: Buffer }[],
  action: string,
): Promise<number> {
  const now = clockNow();
  const errors: Record<string, string> = {};
  const body = toStoredHtml(form.body);
  if (!form.title) errors.title = "Give it a title.";
  const translations = readTranslations(form, ANNOUNCEMENT_TRANSLATED, { title: form.title, body }, errors);
  const prepared = await prepareUploads(uploads, errors);
  const written: string[] = [];
  try {
    const savedId = await ctx.db.transaction(async (tx) => {
      let old: Row | undefined;
      if (id != null) {
        [old] = await tx
          .select()
          .from(announcements)
          .where(and(eq(announcements.id, id), eq(announcements.kind, kind)))
          .for("update");
        if (!old) throw new ContentValidationError({}, "That item no longer exists.");
      }
      const publication = readPublication(form, old ?? null, now, errors);
      if (!body && !prepared.length && !form.keep.length && kind === "advisory") errors.body = "Write the advisory, or attach its PDF.";
      if (Object.keys(errors).length) throw new ContentValidationError(errors);
      const before = old ? await snapshotOf(tx, old) : null;
      const values = { title: form.title, body, translations, updatedAt: now, ...publication };
      const [row] = old
        ? await tx.update(announcements).set(values).where(eq(announcements.id, old.id)).returning()
        : await tx
            .insert(announcements)
            .values({ kind, createdAt: now, ...values })
            .returning();
      // Kept files must exist (a restore may bring back a file an edit had removed).
      const keep = form.keep.length
        ? (await tx.select({ name: storedFiles.name }).from(storedFiles).where(inArray(storedFiles.name, form.keep)))
            .map((f) => f.name)
            .sort((a, b) => form.keep.indexOf(a) - form.keep.indexOf(b))
        : [];
      await tx.delete(announcementAttachments).where(eq(announcementAttachments.announcementId, row!.id));
      const names = [...keep];
      for (const file of prepared) {
        names.push(await storePrepared(tx, ctx.storageDir, file));
        written.push(file.name);
      }
      if (names.length)
        await tx
          .insert(announcementAttachments)
          .values(names.map((fileName, position) => ({ announcementId: row!.id, fileName, position })));
      const after = await snapshotOf(tx, row!);
      await recordContentChange(tx, ctx, { kind: "announcement", objectType: kind, entityId: row!.id, action, before, after });
      return row!.id;
    });
    await announceContentChange(ctx, AREA);
    return savedId;
  } catch (error) {
    // The transaction rolled back: the files it wrote have no row, so they go too.
    for (const name of written) fs.rmSync(path.join(ctx.storageDir, name), { force: true });
    throw error;
  }
}

/** A snapshot's versions in other languages as the form sends them (a revision from before they existed has none). */
function translatedFormValues(s: Record<string, unknown>) {
  const flat = flatTranslations({}, ANNOUNCEMENT_TRANSLATED);
  for (const key of Object.keys(flat)) flat[key] = typeof s[key] === "string" ? (s[key] as string) : "";
  return flat as Pick<AnnouncementForm, keyof typeof translationFields>;
}

export function createAnnouncement(
  ctx: ContentContext & { storageDir: string },
  kind: AnnouncementKind,
  form: AnnouncementForm,
  uploads: { name: string; bytes: Buffer }[] = [],
): Promise<number> {
  return save(ctx, kind, null, form, uploads, "created");
}

export function updateAnnouncement(
  ctx: ContentContext & { storageDir: string },
  kind: AnnouncementKind,
  id: number,
  form: AnnouncementForm,
  uploads: { name: string; bytes: Buffer }[] = [],
  action = "edited",
): Promise<number> {
  return save(ctx, kind, id, form, uploads, action);
}

/** Publish now, back to draft, or archive, keeping everything else. */
export async function setAnnouncementPublication(
  ctx: ContentContext & { storageDir: string },
  kind: AnnouncementKind,
  id: number,
  to: "now" | "draft" | "archived",
): Promise<void> {
  const item = await getAnnouncementForEditor(ctx.db, kind, id);
  if (!item) throw new ContentValidationError({}, "That item no longer exists.");
  const s = item.snapshot;
  const base = {
    ...translatedFormValues(s),
    title: s.title,
    body: s.body,
    keep: s.attachments,
    publishAt: s.publishAt,
    unpublishAt: s.unpublishAt,
  };
  if (to === "archived") {
    const now = clockNow();
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(announcements)
        .set({ publication: "archived", updatedAt: now })
        .where(eq(announcements.id, id))
        .returning();
      const after = await snapshotOf(tx, row!);
      await recordContentChange(tx, ctx, { kind: "announcement", objectType: kind, entityId: id, action: "archived", before: s, after });
    });
    await announceContentChange(ctx, AREA);
    return;
  }
  await save(
    ctx,
    kind,
    id,
    { ...base, publish: to, unpublishAt: to === "now" ? s.unpublishAt : "" },
    [],
    to === "now" ? "published" : "unpublished",
  );
}

export async function restoreAnnouncementRevision(
  ctx: ContentContext & { storageDir: string },
  kind: AnnouncementKind,
  id: number,
  version: number,
): Promise<void> {
  const revision = await getRevision(ctx.db, "announcement", id, version);
  if (!revision) throw new ContentValidationError({}, "That revision does not exist.");
  const s = revision.snapshot as AnnouncementSnapshot;
  await save(
    ctx,
    kind,
    id,
    {
      ...translatedFormValues(s),
      title: s.title,
      body: s.body,
      keep: s.attachments,
      publish: "keep",
      publishAt: s.publishAt,
      unpublishAt: s.unpublishAt,
    },
    [],
    `restored v${version}`,
  );
}

export interface AnnouncementForEditor {
  row: Row;
  snapshot: AnnouncementSnapshot;
  attachments: Attachment[];
  state: PublicState;
}

export async function getAnnouncementForEditor(db: Db, kind: AnnouncementKind, id: number): Promise<AnnouncementForEditor | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.kind, kind)));
  if (!row) return null;
  const attachments = (await attachmentsOf(db, [row.id])).get(row.id) ?? [];
  return { row, snapshot: await snapshotOf(db, row), attachments, state: publicState(row, clockNow()) };
}

/** The console's list of one kind: drafts, scheduled and archived ones included. */
export async function listAnnouncementsForStaff(
  db: Db,
  kind: AnnouncementKind,
  filter: { q?: string; state?: PublicState | ""; missing?: ContentLanguage | "" } = {},
  limit = 200,
) {
  const conditions: (SQL | undefined)[] = [eq(announcements.kind, kind)];
  if (filter.q?.trim()) {
    const pattern = `%${escapeLike(filter.q.trim())}%`;
    conditions.push(or(ilike(announcements.title, pattern), ilike(announcements.body, pattern)));
  }
  const now = clockNow();
  if (filter.state) conditions.push(inPublicState(announcements, filter.state, now));
  // No version in that language: no key, or one with nothing in it.
  if (filter.missing) conditions.push(sql`coalesce(${announcements.translations} -> ${filter.missing}, '{}'::jsonb) = '{}'::jsonb`);
  const rows = await db
    .select()
    .from(announcements)
    .where(and(...conditions))
    .orderBy(desc(announcements.updatedAt), asc(announcements.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    state: publicState(r, now),
    excerpt: toPlainText(r.body).slice(0, 140),
    missing: missingLanguages(storedTranslations(r.translations)),
  }));
}
