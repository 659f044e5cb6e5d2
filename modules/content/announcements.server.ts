/**
 * Announcements: invitations to bid and advisories, each with its attachments.
 * The pages, the Atom feed and the API read them through these functions.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announcementAttachments, announcements, storedFiles } from "../../db/schema";
import type { AnnouncementKind } from "../shared/constants";
import { isRowId } from "../shared/ids";
import { type Attachment, toAttachment } from "./attachments.server";
import { visibleNow } from "./publication.server";
import { storedTranslations, type Translations } from "./translations";

export interface Announcement {
  id: number;
  kind: AnnouncementKind;
  title: string;
  /** Stored HTML; sanitize before rendering. */
  body: string | null;
  /** The title and body in Filipino, Pangasinan, Ilocano, when staff wrote them (modules/content/translations.ts). */
  translations: Translations;
  createdAt: Date;
  attachments: Attachment[];
}

/** The date the public sees: when it was published (scheduled items), else when it was made. */
const shownAt = sql<Date>`coalesce(${announcements.publishAt}, ${announcements.createdAt})`;

export async function attachmentsOf(db: Db, ids: number[]): Promise<Map<number, Attachment[]>> {
  const byId = new Map<number, Attachment[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byId;
  const rows = await db
    .select({ announcementId: announcementAttachments.announcementId, file: storedFiles })
    .from(announcementAttachments)
    .innerJoin(storedFiles, eq(storedFiles.name, announcementAttachments.fileName))
    .where(inArray(announcementAttachments.announcementId, ids))
    .orderBy(asc(announcementAttachments.announcementId), asc(announcementAttachments.position), asc(announcementAttachments.id));
  for (const r of rows) byId.get(r.announcementId)?.push(toAttachment(r.file));
  return byId;
}

/** Every announcement of a kind, newest first. */
export async function listAnnouncements(db: Db, kind: AnnouncementKind, limit?: number): Promise<Announcement[]> {
  const query = db
    .select()
    .from(announcements)
    .where(and(eq(announcements.kind, kind), visibleNow(announcements)))
    .orderBy(desc(shownAt), desc(announcements.id));
  const rows = limit ? await query.limit(limit) : await query;
  const files = await attachmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    translations: storedTranslations(r.translations),
    createdAt: r.publishAt ?? r.createdAt,
    attachments: files.get(r.id) ?? [],
  }));
}

/** One announcement of a kind by id, or null when there is none. */
export async function getAnnouncement(db: Db, kind: AnnouncementKind, id: number): Promise<Announcement | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.kind, kind), eq(announcements.id, id), visibleNow(announcements)));
  if (!row) return null;
  const files = await attachmentsOf(db, [row.id]);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    translations: storedTranslations(row.translations),
    createdAt: row.publishAt ?? row.createdAt,
    attachments: files.get(row.id) ?? [],
  };
}
