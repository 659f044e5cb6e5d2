/**
 * The photo gallery: each image with its caption, alt text and sizes. The seed
 * stores every picture at 960 px and a 480 px sibling whose original name says
 * "-480" where the big one says "-960": both go into srcset.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { galleryImages, storedFiles } from "../../db/schema";
import { type GalleryImage, type ImageSource, smallSiblingName } from "./gallery";
import { visibleNow } from "./publication.server";
import { type ItemLanguage, inLanguage, storedTranslations } from "./translations";

export * from "./gallery";

const storageUrl = (name: string) => `/storage/${encodeURIComponent(name)}`;

/** The published pictures, each captioned in `asked` where staff wrote that version (else English). */
export async function listGalleryImages(db: Db, limit?: number, asked: ItemLanguage = "en"): Promise<GalleryImage[]> {
  const base = db
    .select({
      id: galleryImages.id,
      caption: galleryImages.caption,
      alt: galleryImages.alt,
      translations: galleryImages.translations,
      fileName: galleryImages.fileName,
      originalName: storedFiles.originalName,
      width: storedFiles.width,
      height: storedFiles.height,
    })
    .from(galleryImages)
    .innerJoin(storedFiles, eq(storedFiles.name, galleryImages.fileName))
    .where(visibleNow(galleryImages))
    .orderBy(asc(galleryImages.position), asc(galleryImages.id));
  const rows = limit ? await base.limit(limit) : await base;
  if (rows.length === 0) return [];

  const siblingNames = rows.map((r) => smallSiblingName(r.originalName)).filter((n): n is string => n !== null);
  const siblings = siblingNames.length
    ? await db
        .select({ name: storedFiles.name, originalName: storedFiles.originalName, width: storedFiles.width, height: storedFiles.height })
        .from(storedFiles)
        .where(and(inArray(storedFiles.originalName, siblingNames)))
    : [];

  return rows.map((r) => {
    const full: ImageSource = { src: storageUrl(r.fileName), width: r.width ?? 960, height: r.height ?? 540 };
    const small = siblings.find((s) => s.originalName === smallSiblingName(r.originalName));
    const sources =
      small && small.width && small.height ? [{ src: storageUrl(small.name), width: small.width, height: small.height }, full] : [full];
    const v = inLanguage({ caption: r.caption, alt: r.alt }, storedTranslations(r.translations), asked);
    return { id: r.id, caption: v.values.caption, alt: v.values.alt, full, sources, lang: v.lang };
  });
}
