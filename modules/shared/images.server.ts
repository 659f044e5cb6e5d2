/**
 * Opening an uploaded picture with a pixel cap, the one place for every upload (a
 * reporter's photo, staff attachments and gallery images). A few kilobytes of PNG can say
 * 20000 × 20000 and decode to over a gigabyte, so the size is read from the header first
 * and refused with a message before any pixel is decoded. JPEG, what phones send, may be
 * up to 50 MP: libvips decodes it already shrunk (1/2 to 1/8) when it is downscaled, about
 * 33 MB at 49 MP. Other formats are decoded whole (a 49 MP PNG cost 59 MB here, 160 MB in
 * the attack's probe): at most 16.8 MP (4096 × 4096).
 */
import sharp, { type Metadata, type Sharp } from "sharp";

export const JPEG_MAX_PIXELS = 50_000_000;
export const OTHER_MAX_PIXELS = 4096 * 4096;

export type OpenedImage =
  | { ok: true; image: Sharp; format: string; width: number; height: number }
  | { ok: false; reason: "unreadable" | "too-many-pixels"; message: string };

const mp = (n: number) => `${(n / 1_000_000).toFixed(n < 10_000_000 ? 1 : 0)} MP`;

/** The picture, ready to resize, or why not (`message` says it to a person). */
export async function openImage(bytes: Uint8Array): Promise<OpenedImage> {
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded here, whatever size it claims.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: "unreadable", message: "The file could not be read as a picture." };
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  const cap = meta.format === "jpeg" ? JPEG_MAX_PIXELS : OTHER_MAX_PIXELS;
  if (!meta.format || pixels === 0) return { ok: false, reason: "unreadable", message: "The file could not be read as a picture." };
  if (pixels > cap)
    return {
      ok: false,
      reason: "too-many-pixels",
      message: `The picture is ${meta.width} × ${meta.height} pixels (${mp(pixels)}); the most we take is ${mp(cap)}${
        meta.format === "jpeg" ? "" : ` for a ${meta.format.toUpperCase()} (a JPEG may have up to ${mp(JPEG_MAX_PIXELS)})`
      }. Send a smaller picture.`,
    };
  // The same cap again at decoding time, so a file that lied in its header stops there too.
  return {
    ok: true,
    image: sharp(bytes, { limitInputPixels: cap, failOn: "error" }),
    format: meta.format,
    width: meta.width ?? 0,
    height: meta.height ?? 0,
  };
}
