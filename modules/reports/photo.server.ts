/**
 * A reporter's photo, in two steps. In the request, `checkPhoto` reads only the header: the type
 * from the bytes (not the name or the browser's word), the size and the pixel count; the bytes are
 * stored as sent. Later, in the worker (modules/reports/photo-jobs.server.ts), `preparePhoto`
 * turns the picture upright, shrinks it to at most 1600 px and re-encodes it as JPEG, which drops
 * every metadata block (EXIF with the phone's position, XMP, comments). Decoding and encoding cost
 * tens of milliseconds of CPU per photo: in a typhoon that is the reports' answer time.
 */
import { type OpenedImage, openImage } from "../shared/images.server";
import { PHOTO_MAX_BYTES } from "./model";
import type { StoredPhoto } from "./queries.server";

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "heif", "avif", "tiff"]);
/** Why a photo was refused: a page words it in its language; `message` is the English (Open311's). */
export type PhotoRefusal = "empty" | "too-large" | "too-many-pixels" | "unreadable" | "not-a-photo";
export type PhotoCheck = { ok: true; photo: StoredPhoto } | { ok: false; reason: PhotoRefusal; message: string };

const UNREADABLE = "We could not read this photo. Choose a JPEG, PNG or WebP picture.";

/** The photo as sent, when its header says it is one we take (no pixel is decoded). */
export async function checkPhoto(input: Uint8Array): Promise<PhotoCheck> {
  const opened = await openPhoto(input);
  if (!opened.ok) return opened;
  return {
    ok: true,
    photo: { contentType: `image/${opened.format}`, width: opened.width, height: opened.height, data: Buffer.from(input) },
  };
}

/** The photo re-encoded: upright, at most 1600 px, JPEG without metadata. */
export async function preparePhoto(input: Uint8Array): Promise<PhotoCheck> {
  const opened = await openPhoto(input);
  if (!opened.ok) return opened;
  try {
    const { data, info } = await opened.image
      .rotate()
      .resize({ width: 1600, height: 1600, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, photo: { contentType: "image/jpeg", width: info.width, height: info.height, data } };
  } catch {
    return { ok: false, reason: "unreadable", message: UNREADABLE };
  }
}

type Refused = Extract<PhotoCheck, { ok: false }>;

async function openPhoto(input: Uint8Array): Promise<Extract<OpenedImage, { ok: true }> | Refused> {
  if (input.byteLength === 0) return { ok: false, reason: "empty", message: "The photo is empty. Choose it again." };
  if (input.byteLength > PHOTO_MAX_BYTES)
    return { ok: false, reason: "too-large", message: "The photo is larger than 8 MB. Choose a smaller one." };
  // A small file that says it is a huge picture is refused before it is decoded.
  const opened = await openImage(input);
  if (!opened.ok)
    return opened.reason === "too-many-pixels"
      ? { ok: false, reason: "too-many-pixels", message: opened.message }
      : { ok: false, reason: "unreadable", message: UNREADABLE };
  if (!ACCEPTED.has(opened.format))
    return { ok: false, reason: "not-a-photo", message: "The file is not a photo. Choose a JPEG, PNG or WebP picture." };
  return opened;
}
