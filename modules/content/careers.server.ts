/** Job postings with their attachments; the careers page and the API share these. */
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { careerAttachments, careers, storedFiles } from "../../db/schema";
import { type Attachment, toAttachment } from "./attachments.server";
import { visibleNow } from "./publication.server";
import { storedTranslations, type Translations } from "./translations";

export interface Career {
  id: number;
  jobTitle: string;
  /** Stored HTML; sanitize before rendering. */
  body: string | null;
  createdAt: Date;
  attachments: Attachment[];
  /** Its title and details in other languages (jobTitle, body). */
  translations: Translations;
}

/** Every job posting, newest first. */
export async function listCareers(db: Db): Promise<Career[]> {
  const rows = await db.select().from(careers).where(visibleNow(careers)).orderBy(desc(careers.createdAt), desc(careers.id));
  const byId = new Map<number, Attachment[]>(rows.map((r) => [r.id, []]));
  if (rows.length) {
    const files = await db
      .select({ careerId: careerAttachments.careerId, file: storedFiles })
      .from(careerAttachments)
      .innerJoin(storedFiles, eq(storedFiles.name, careerAttachments.fileName))
      .where(
        inArray(
          careerAttachments.careerId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(careerAttachments.careerId), asc(careerAttachments.position), asc(careerAttachments.id));
    for (const f of files) byId.get(f.careerId)?.push(toAttachment(f.file));
  }
  return rows.map((r) => ({
    id: r.id,
    jobTitle: r.jobTitle,
    body: r.body,
    createdAt: r.createdAt,
    attachments: byId.get(r.id) ?? [],
    translations: storedTranslations(r.translations),
  }));
}
