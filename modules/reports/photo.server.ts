/**
 * A reporter's photo: the type is read from the bytes (not the name or the browser's
 * word), the picture is turned upright, shrunk to at most 1600 px and re-encoded as JPEG.
 * Re-encoding drops every metadata block (EXIF with the phone's position, XMP, comments).
 */
import sharp from "sharp";
import { PHOTO_MAX_BYTES } from "./model";
import type { StoredPhoto } from "./queries.server";

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "heif", "avif", "tiff"]);
export type PhotoCheck = { ok: true; photo: StoredPhoto } | { ok: false; message: string };

export async function preparePhoto(input: Uint8Array): Promise<PhotoCheck> {
  if (input.byteLength === 0) return { ok: false, message: "The photo is empty. Choose it again." };
  if (input.byteLength > PHOTO_MAX_BYTES) return { ok: false, message: "The photo is larger than 8 MB. Choose a smaller one." };
  try {
    // limitInputPixels guards against a small file that decodes to a huge picture.
    const image = sharp(input, { limitInputPixels: 50_000_000, failOn: "error" });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED.has(meta.format))
      return { ok: false, message: "The file is not a photo. Choose a JPEG, PNG or WebP picture." };
    const { data, info } = await image
      .rotate()
      .resize({ width: 1600, height: 1600, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, photo: { contentType: "image/jpeg", width: info.width, height: info.height, data } };
  } catch {
    return { ok: false, message: "We could not read this photo. Choose a JPEG, PNG or WebP picture." };
  }
}
