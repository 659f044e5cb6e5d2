/** Files attached to announcements and careers, as pages and the API show them. */
import type { storedFiles } from "../../db/schema";

export interface Attachment {
  /** The stored file's name inside the storage folder. */
  file: string;
  /** Where it opens from: "/storage/<file>" (the form the API returns too). */
  path: string;
  contentType: string;
  originalName: string;
  /** Bytes. */
  size: number;
  width: number | null;
  height: number | null;
  isPdf: boolean;
  isImage: boolean;
}

export function storagePath(file: string): string {
  return `/storage/${encodeURIComponent(file)}`;
}

export function toAttachment(f: typeof storedFiles.$inferSelect): Attachment {
  return {
    file: f.name,
    path: storagePath(f.name),
    contentType: f.contentType,
    originalName: f.originalName,
    size: f.size,
    width: f.width,
    height: f.height,
    isPdf: f.contentType === "application/pdf",
    isImage: f.contentType.startsWith("image/"),
  };
}
