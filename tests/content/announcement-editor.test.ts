/**
 * Advisories and bids through their core functions on a real database: a PDF is checked by
 * its content, stored under a random name and served under its original one; drafts and
 * scheduled items stay off the page, the API and the Atom feed until their time.
 */

import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  announcementFormSchema,
  createAnnouncement,
  getAnnouncementForEditor,
  restoreAnnouncementRevision,
  setAnnouncementPublication,
  updateAnnouncement,
} from "../../modules/content/announcement-editor.server";
import { listAnnouncements } from "../../modules/content/announcements.server";
import { type ContentContext, ContentValidationError } from "../../modules/content/context";
import { listRevisions } from "../../modules/content/revisions.server";
import { setClock } from "../../modules/shared/clock";
import { createTestApp, type TestApp } from "../support/app";

let t: TestApp;
let ctx: ContentContext & { storageDir: string };
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

beforeAll(async () => {
  t = await createTestApp();
  ctx = {
    db: t.db.handle.db,
    actor: { id: "u-comms", name: "Cora Comms" },
    storageDir: t.config.storageDir,
    contentChanged: async () => {},
  };
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const form = (over: Record<string, unknown> = {}) =>
  announcementFormSchema.parse({ title: "Typhoon advisory", body: "Stay safe.", publish: "now", ...over });

describe("announcement editor", () => {
  it("publishes an advisory with a PDF: on the API under a random name, downloaded under the original", async () => {
    const id = await createAnnouncement(ctx, "advisory", form({ title: "Signal No. 2 advisory" }), [
      { name: "Advisory 12.pdf", bytes: pdf },
    ]);
    const item = (await listAnnouncements(t.db.handle.db, "advisory")).find((a) => a.id === id)!;
    expect(item.attachments).toHaveLength(1);
    expect(item.attachments[0]!.file).toMatch(/^[0-9a-f]{20}-[0-9a-f]{12}\.pdf$/);
    expect(item.attachments[0]!.originalName).toBe("Advisory 12.pdf");
    const res = await t.app.inject({ url: "/api/v1/announcements/advisory" });
    expect(res.json().data.announcements.find((a: { id: number }) => a.id === id).attachments).toEqual([item.attachments[0]!.path]);
    const file = await t.app.inject({ url: item.attachments[0]!.path });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain("Advisory 12.pdf");
  });

  it("refuses a file whose content is not what its name says, keeps nothing, and says why", async () => {
    const before = fs.readdirSync(ctx.storageDir).length;
    const error = await createAnnouncement(ctx, "advisory", form(), [
      { name: "notice.pdf", bytes: Buffer.from("MZ not a pdf at all") },
    ]).catch((e) => e);
    expect(error).toBeInstanceOf(ContentValidationError);
    expect(error.fieldErrors.files).toContain("notice.pdf");
    expect(fs.readdirSync(ctx.storageDir).length).toBe(before);
  });

  it("re-encodes an image without its EXIF and GPS", async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#3366aa" } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "16/1 11/1 0/1" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const id = await createAnnouncement(ctx, "bid", form({ title: "Bid with photo" }), [{ name: "site.jpg", bytes: jpeg }]);
    const item = await getAnnouncementForEditor(t.db.handle.db, "bid", id);
    const stored = fs.readFileSync(path.join(ctx.storageDir, item!.attachments[0]!.file));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(1600);
    expect(meta.exif).toBeUndefined();
  });

  it("keeps drafts and scheduled ones off the page, the API and the feed until their time", async () => {
    const draft = await createAnnouncement(ctx, "advisory", form({ title: "Draft only", publish: "draft" }));
    const scheduled = await createAnnouncement(
      ctx,
      "advisory",
      form({ title: "Later one", publish: "schedule", publishAt: "2099-01-01T08:00" }),
    );
    const ids = async () => (await listAnnouncements(t.db.handle.db, "advisory")).map((a) => a.id);
    expect(await ids()).not.toContain(draft);
    expect(await ids()).not.toContain(scheduled);
    const api = await t.app.inject({ url: "/api/v1/announcements/advisory" });
    expect(api.body).not.toContain("Later one");
    setClock(new Date("2099-01-01T00:00:01Z"));
    expect(await ids()).toContain(scheduled);
    setClock(null);
    await setAnnouncementPublication(ctx, "advisory", draft, "now");
    expect(await ids()).toContain(draft);
    await setAnnouncementPublication(ctx, "advisory", draft, "archived");
    expect(await ids()).not.toContain(draft);
  });

  it("keeps every save as a revision and restores an earlier one", async () => {
    const id = await createAnnouncement(ctx, "advisory", form({ title: "First title" }));
    await updateAnnouncement(ctx, "advisory", id, form({ title: "Second title", publish: "keep" }));
    await restoreAnnouncementRevision(ctx, "advisory", id, 1);
    const revisions = await listRevisions(t.db.handle.db, "announcement", id);
    expect(revisions.map((r) => [r.version, r.action, (r.snapshot as { title: string }).title])).toEqual([
      [3, "restored v1", "First title"],
      [2, "edited", "Second title"],
      [1, "created", "First title"],
    ]);
  });
});
