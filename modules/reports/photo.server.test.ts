import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkPhoto, preparePhoto } from "./photo.server";

/** A JPEG with EXIF (camera make and a GPS position) and a rotated orientation. */
async function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Model X" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "16/1 11/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

describe("preparePhoto", () => {
  it("re-encodes as JPEG without EXIF, turned upright", async () => {
    const input = await photoWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const result = await preparePhoto(input);
    if (!result.ok) throw new Error(result.message);
    const meta = await sharp(result.photo.data).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    // Orientation 6 turns the 400×200 picture on its side.
    expect([result.photo.width, result.photo.height]).toEqual([200, 400]);
    expect(result.photo.data.includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  it("reads the type from the content, not the name", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#00f" } })
      .png()
      .toBuffer();
    const result = await preparePhoto(png);
    expect(result.ok && result.photo.contentType).toBe("image/jpeg");
    const text = await preparePhoto(Buffer.from("<html>not a photo</html>"));
    expect(text.ok).toBe(false);
  });

  it("refuses more than 8 MB and empty files", async () => {
    expect(await preparePhoto(new Uint8Array(8 * 1024 * 1024 + 1))).toEqual({
      ok: false,
      reason: "too-large",
      message: "The photo is larger than 8 MB. Choose a smaller one.",
    });
    expect((await preparePhoto(new Uint8Array(0))).ok).toBe(false);
  });
});

describe("checkPhoto", () => {
  it("keeps the bytes as sent after reading only the header, and refuses what preparePhoto refuses", async () => {
    const input = await photoWithExif();
    const result = await checkPhoto(input);
    if (!result.ok) throw new Error(result.message);
    expect(result.photo).toMatchObject({ contentType: "image/jpeg", width: 400, height: 200 });
    expect(Buffer.compare(result.photo.data, input)).toBe(0);
    expect(await checkPhoto(Buffer.from("<html>not a photo</html>"))).toMatchObject({ ok: false, reason: "unreadable" });
    expect(await checkPhoto(new Uint8Array(8 * 1024 * 1024 + 1))).toMatchObject({ ok: false, reason: "too-large" });
  });
});
