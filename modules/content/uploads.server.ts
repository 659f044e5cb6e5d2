/**
 * Files staff attach to content. The type is read from the bytes, not the name (PDF, JPEG,
 * PNG, WebP); PDFs up to 10 MB, images up to 8 MB. Images are re-encoded with sharp to the
 * width the pages show (EXIF and GPS are dropped: sharp writes no metadata unless asked).
 * Stored under a random name; /storage serves them with the original name for downloads.
 */

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import type { DbOrTx } from "../../db/client";
import { storedFiles } from "../../db/schema";
import { openImage } from "../shared/images.server";

import { UPLOAD_LIMITS } from "./upload-rules";

export { UPLOAD_LIMITS };
/** The widest the pages show an attached or gallery image (CSS pixels × 2 for sharp phones, capped). */
export const IMAGE_MAX_WIDTH = 1600;
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

export interface PreparedFile {
  name: string;
  originalName: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  bytes: Buffer;
}

export class UploadRefused extends Error {}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** A display-safe version of the name the file came with. */
export function cleanOriginalName(name: string, ext: string): string {
  const base = path
    .basename(name.replace(/\\/g, "/"))
    .replace(/[\u0000-\u001f"<>|]/g, "")
    .trim()
    .slice(0, 150);
  return base || `file.${ext}`;
}

/** Checks and converts one upload; throws UploadRefused with a message for the person. */
export async function prepareUpload(originalName: string, bytes: Buffer, opts: { imagesOnly?: boolean } = {}): Promise<PreparedFile> {
  if (bytes.length === 0) throw new UploadRefused(`"${originalName}" is empty.`);
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime ?? "";
  const kind = mime === "application/pdf" ? "pdf" : IMAGE_TYPES.has(mime) ? "image" : null;
  if (!kind || (opts.imagesOnly && kind !== "image")) {
    throw new UploadRefused(
      `"${originalName}" is not ${opts.imagesOnly ? "a JPEG, PNG or WebP image" : "a PDF, JPEG, PNG or WebP file"} (its content was checked, not its name).`,
    );
  }
  if (bytes.length > UPLOAD_LIMITS[kind])
    throw new UploadRefused(
      `"${originalName}" is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; ${kind === "pdf" ? "a PDF" : "an image"} may be at most ${mb(UPLOAD_LIMITS[kind])}.`,
    );
  const random = crypto.randomBytes(10).toString("hex");
  if (kind === "pdf") {
    const hash = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 12);
    return {
      name: `${random}-${hash}.pdf`,
      originalName: cleanOriginalName(originalName, "pdf"),
      contentType: "application/pdf",
      size: bytes.length,
      width: null,
      height: null,
      bytes,
    };
  }
  const opened = await openImage(bytes);
  if (!opened.ok)
    throw new UploadRefused(
      opened.reason === "too-many-pixels" ? `"${originalName}": ${opened.message}` : `"${originalName}" could not be read as an image.`,
    );
  let out: { data: Buffer; info: { width: number; height: number } };
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    out = await opened.image
      .rotate()
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new UploadRefused(`"${originalName}" could not be read as an image.`);
  }
  const hash = crypto.createHash("sha256").update(out.data).digest("hex").slice(0, 12);
  const base = cleanOriginalName(originalName, "webp").replace(/\.[^.]*$/, "");
  return {
    name: `${random}-${hash}.webp`,
    originalName: `${base}.webp`,
    contentType: "image/webp",
    size: out.data.length,
    width: out.info.width,
    height: out.info.height,
    bytes: out.data,
  };
}

/** Writes the file to the storage folder and its row, inside the caller's transaction. */
export async function storePrepared(tx: DbOrTx, storageDir: string, file: PreparedFile): Promise<string> {
  fs.mkdirSync(storageDir, { recursive: true });
  await fs.promises.writeFile(path.join(storageDir, file.name), file.bytes, { flag: "wx" });
  await tx.insert(storedFiles).values({
    name: file.name,
    originalName: file.originalName,
    contentType: file.contentType,
    size: file.size,
    width: file.width,
    height: file.height,
  });
  return file.name;
}

/** Reads the files of a multipart form: only real uploads (a name and some bytes). */
export async function filesFrom(formData: FormData, field: string): Promise<{ name: string; bytes: Buffer }[]> {
  const out: { name: string; bytes: Buffer }[] = [];
  for (const v of formData.getAll(field)) {
    if (typeof v === "string" || !v.name || v.size === 0) continue;
    out.push({ name: v.name, bytes: Buffer.from(await v.arrayBuffer()) });
  }
  return out;
}

/**
 * Checks every upload of a form first, so a refused file is reported beside the other fields
 * (as `errors.files`) and nothing is stored; returns the ones that passed.
 */
export async function prepareUploads(
  uploads: { name: string; bytes: Buffer }[],
  errors: Record<string, string>,
  opts: { imagesOnly?: boolean; pdfOnly?: boolean } = {},
): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  const refused: string[] = [];
  for (const u of uploads) {
    try {
      const file = await prepareUpload(u.name, u.bytes, { imagesOnly: opts.imagesOnly });
      if (opts.pdfOnly && file.contentType !== "application/pdf")
        throw new UploadRefused(`"${u.name}" is not a PDF (its content was checked, not its name).`);
      prepared.push(file);
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error;
      refused.push(error.message);
    }
  }
  if (refused.length) errors.files = `${refused.join(" ")} Choose the file again after fixing it; the rest of the form was kept.`;
  return prepared;
}
