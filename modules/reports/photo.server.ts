/**
 * A reporter's photo: the type is read from the bytes (not the name or the browser's
 * word), the picture is turned upright, shrunk to at most 1600 px and re-encoded as JPEG.
 * Re-encoding drops every metadata block (EXIF with the phone's position, XMP, comments).
 */
import { openImage } from "../shared/images.server";
import { PHOTO_MAX_BYTES } from "./model";
import type { StoredPhoto } from "./queries.server";

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "heif", "avif", "tiff"]);
/** Why a photo was refused: a page words it in its language; `message` is the English (Open311's). */
export type PhotoRefusal = "empty" | "too-large" | "too-many-pixels" | "unreadable" | "not-a-photo";
export type PhotoCheck = { ok: true; photo: StoredPhoto } | { ok: false; reason: PhotoRefusal; message: string };

export async function preparePhoto(input: Uint8Array): Promise<PhotoCheck> {
  if (input.byteLength === 0) return { ok: false, reason: "empty", message: "The photo is empty. Choose it again." };
  if (input.byteLength > PHOTO_MAX_BYTES)
    return { ok: false, reason: "too-large", message: "The photo is larger than 8 MB. Choose a smaller one." };
  // A small file that says it is a huge picture is refused before it is decoded.
  const opened = await openImage(input);
  if (!opened.ok)
    return opened.reason === "too-many-pixels"
      ? { ok: false, reason: "too-many-pixels", message: opened.message }
      : { ok: false, reason: "unreadable", message: "We could not read this photo. Choose a JPEG, PNG or WebP picture." };
  if (!ACCEPTED.has(opened.format))
    return { ok: false, reason: "not-a-photo", message: "The file is not a photo. Choose a JPEG, PNG or WebP picture." };
  try {
    const { data, info } = await opened.image
      .rotate()
      .resize({ width: 1600, height: 1600, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, photo: { contentType: "image/jpeg", width: info.width, height: info.height, data } };
  } catch {
    return { ok: false, reason: "unreadable", message: "We could not read this photo. Choose a JPEG, PNG or WebP picture." };
  }
}
