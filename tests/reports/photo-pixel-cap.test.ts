/**
 * Pictures that decode to more than they weigh: a PNG of a few kilobytes that says it is
 * 20000 × 20000, and a 49 MP PNG of about 150 KB, are refused with a message before any
 * pixel is decoded (the report form answers 422 beside the photo field); a 48 MP phone
 * JPEG is taken and shrunk to 1600 px. The staff upload path uses the same check.
 */
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays } from "../../db/schema";
import { prepareUpload, UploadRefused } from "../../modules/content/uploads.server";
import { preparePhoto } from "../../modules/reports/photo.server";
import { createTestApp, type TestApp } from "../support/app";

/** A PNG whose header claims width × height, with one short compressed row: a few hundred bytes. */
function pngBomb(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const idat = zlib.deflateSync(Buffer.alloc(1 + width * 3));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("the pixel cap on uploaded pictures", () => {
  let bomb: Buffer;
  let png49: Buffer;
  beforeAll(async () => {
    bomb = pngBomb(20_000, 20_000);
    png49 = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#c86432" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  });

  it("refuses a 20000 × 20000 PNG of a few KB, and a 49 MP PNG, with a message that says why", async () => {
    console.info(`[figure] PNG bomb ${bomb.length} bytes claiming 400 MP; 49 MP PNG ${Math.round(png49.length / 1024)} KB`);
    const before = process.memoryUsage().rss;
    const a = await preparePhoto(bomb);
    expect(a).toEqual({ ok: false, reason: "too-many-pixels", message: expect.stringContaining("20000 × 20000 pixels") });
    const b = await preparePhoto(png49);
    expect(b.ok).toBe(false);
    expect(!b.ok && b.message).toContain("7000 × 7000 pixels (49 MP); the most we take is 17 MP for a PNG");
    expect(process.memoryUsage().rss - before).toBeLessThan(100_000_000);
    await expect(prepareUpload("big.png", png49, { imagesOnly: true })).rejects.toThrow(UploadRefused);
    await expect(prepareUpload("bomb.png", bomb, { imagesOnly: true })).rejects.toThrow(/20000 × 20000 pixels/);
  });

  it("takes a 48 MP phone JPEG and shrinks it to 1600 px", async () => {
    const jpeg = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#3264c8" } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const result = await preparePhoto(jpeg);
    if (!result.ok) throw new Error(result.message);
    expect([result.photo.width, result.photo.height]).toEqual([1600, 1200]);
    const upload = await prepareUpload("phone.jpg", jpeg, { imagesOnly: true });
    expect(upload.width).toBe(1600);
  });

  describe("through the report form", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
    });
    afterAll(async () => t?.close());

    it("answers 422 with the message beside the photo field", async () => {
      const [b] = await t.db.handle.db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Bani")).limit(1);
      const form = new FormData();
      for (const [k, v] of Object.entries({ intent: "report", kind: "no-power", barangayId: String(b!.id), landmark: "near the chapel" }))
        form.append(k, v);
      form.append("photo", new Blob([new Uint8Array(bomb)], { type: "image/png" }), "photo.png");
      const request = new Request("http://localhost/report", { method: "POST", body: form });
      const res = await t.app.inject({
        method: "POST",
        url: `/report?kind=no-power&barangay=${b!.id}`,
        headers: { "content-type": request.headers.get("content-type")!, origin: "http://localhost:80" },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode).toBe(422);
      const beside = /id="photo-error">(?:<span[^>]*>[^<]*<\/span>)?([^<]*)/.exec(res.body)?.[1] ?? "";
      expect(beside).toContain("20000 × 20000 pixels");
    });
  });
});
