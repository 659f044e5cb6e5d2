/** The home page's small queries: the latest advisories and the data privacy statement. */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announcementAttachments, announcements, storedFiles } from "../../db/schema";

export interface AdvisorySummary {
  id: number;
  title: string;
  /** Its versions in other languages (modules/content/translations.ts). */
  translations: unknown;
  createdAt: Date;
  /** The first attachment, when there is one (the advisory's document or poster). */
  attachment: string | null;
}

export async function listLatestAdvisories(db: Db, limit = 2): Promise<AdvisorySummary[]> {
  const rows = await db
    .select({
      id: announcements.id,
      title: announcements.title,
      translations: announcements.translations,
      createdAt: announcements.createdAt,
    })
    .from(announcements)
    .where(eq(announcements.kind, "advisory"))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const files = await db
    .select({ announcementId: announcementAttachments.announcementId, fileName: announcementAttachments.fileName })
    .from(announcementAttachments)
    .where(
      inArray(
        announcementAttachments.announcementId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(announcementAttachments.position), asc(announcementAttachments.id));
  return rows.map((r) => {
    const file = files.find((f) => f.announcementId === r.id);
    return { ...r, attachment: file ? `/storage/${encodeURIComponent(file.fileName)}` : null };
  });
}

export const DATA_PRIVACY_STATEMENT_NAME = "data-privacy-statement.pdf";

/** The stored data privacy statement PDF (newest if several), as a /storage URL; null when absent. */
export async function findDataPrivacyStatement(db: Db): Promise<{ url: string; size: number } | null> {
  const [row] = await db
    .select({ name: storedFiles.name, size: storedFiles.size })
    .from(storedFiles)
    .where(and(eq(storedFiles.originalName, DATA_PRIVACY_STATEMENT_NAME)))
    .orderBy(desc(storedFiles.createdAt))
    .limit(1);
  return row ? { url: `/storage/${encodeURIComponent(row.name)}`, size: row.size } : null;
}
