/**
 * The photo gallery: each image with its caption, alt text and sizes. The seed
 * stores every picture at 960 px and a 480 px sibling whose original name says
 * "-480" where the big one says "-960": both go into srcset.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { galleryImages, storedFiles } from "../db/schema";

export interface ImageSource {
  src: string;
  width: number;
  height: number;
}

export interface GalleryImage {
  id: number;
  caption: string;
  alt: string;
  /** The largest file, for the zoom view and for links without JavaScript. */
  full: ImageSource;
  /** Every stored width, smallest first (for srcset). */
  sources: ImageSource[];
}

const storageUrl = (name: string) => `/storage/${encodeURIComponent(name)}`;

export async function listGalleryImages(db: Db, limit?: number): Promise<GalleryImage[]> {
  const base = db
    .select({ id: galleryImages.id, caption: galleryImages.caption, alt: galleryImages.alt, fileName: galleryImages.fileName, originalName: storedFiles.originalName, width: storedFiles.width, height: storedFiles.height })
    .from(galleryImages)
    .innerJoin(storedFiles, eq(storedFiles.name, galleryImages.fileName))
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
    const sources = small && small.width && small.height ? [{ src: storageUrl(small.name), width: small.width, height: small.height }, full] : [full];
    return { id: r.id, caption: r.caption, alt: r.alt, full, sources };
  });
}

/** "gallery-consumers-960.webp" -> "gallery-consumers-480.webp"; null when the name has no width in it. */
export function smallSiblingName(originalName: string): string | null {
  return /-960\.webp$/.test(originalName) ? originalName.replace(/-960\.webp$/, "-480.webp") : null;
}

/** srcset and sizes for an <img>. */
export function srcSet(sources: ImageSource[]): string {
  return sources.map((s) => `${s.src} ${s.width}w`).join(", ");
}
