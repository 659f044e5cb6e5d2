import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthRange, truncateTitle } from "../../modules/content/news.server";
import { manilaIsoDate, manilaParts } from "../../modules/shared/dates";
import * as C from "../../seed/content";
import { createTestApp, type TestApp } from "../support/app";

describe("announcements, careers and news API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("lists bids and advisories newest first with /storage/ attachment paths", async () => {
    for (const [kind, titles] of [
      ["bid", C.BID_TITLES],
      ["advisory", C.ADVISORY_TITLES],
    ] as const) {
      const res = await t.app.inject(`/api/v1/announcements/${kind}`);
      expect(res.statusCode).toBe(200);
      const list = res.json().data.announcements as { id: number; title: string; created_at: string; attachments: string[] }[];
      expect(list.map((a) => a.title)).toEqual([...titles]);
      for (const a of list) {
        expect(Object.keys(a).sort()).toEqual(["attachments", "created_at", "id", "title"]);
        expect(new Date(a.created_at).toISOString()).toBe(a.created_at);
        for (const p of a.attachments) expect(p).toMatch(/^\/storage\/[\w.-]+\.(pdf|webp)$/);
      }
      const dates = list.map((a) => a.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      // The first one has a PDF and a picture, and the files are really there.
      expect(list[0]!.attachments).toHaveLength(2);
      const file = await t.app.inject(list[0]!.attachments[0]!);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toMatch(/application\/pdf/);
    }
  });

  it("gives one bid by id and 404 or 400 otherwise", async () => {
    const list = (await t.app.inject("/api/v1/announcements/bid")).json().data.announcements;
    const res = await t.app.inject(`/api/v1/announcements/bid/${list[1].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.announcement).toMatchObject({ id: list[1].id, title: list[1].title, attachments: list[1].attachments });
    expect(res.json().data.announcement.body).toContain("<strong>");

    const missing = await t.app.inject("/api/v1/announcements/bid/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });

    // An advisory's id is not a bid.
    const advisory = (await t.app.inject("/api/v1/announcements/advisory")).json().data.announcements[0];
    expect((await t.app.inject(`/api/v1/announcements/bid/${advisory.id}`)).statusCode).toBe(404);

    for (const bad of ["abc", "-1", "0", "1.5", "99999999999"]) {
      const r = await t.app.inject(`/api/v1/announcements/bid/${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error.code).toBe("bad_request");
    }
  });

  it("lists careers with job_title and attachments", async () => {
    const res = await t.app.inject("/api/v1/careers");
    expect(res.statusCode).toBe(200);
    const careers = res.json().data.careers;
    expect(careers.map((c: { job_title: string }) => c.job_title)).toEqual(C.CAREER_TITLES);
    expect(Object.keys(careers[0]).sort()).toEqual(["attachments", "created_at", "id", "job_title"]);
    expect(careers[0].attachments).toHaveLength(2);
    expect(careers[0].attachments.every((p: string) => p.startsWith("/storage/"))).toBe(true);
  });

  it("lists news content of each kind with base64 images, newest first", async () => {
    for (const kind of ["electricity-rates", "events-and-activities", "invitation-to-bid", "supply-and-load-demand"] as const) {
      const res = await t.app.inject(`/api/v1/news-advisory/content/${kind}`);
      expect(res.statusCode).toBe(200);
      const items = res.json() as { _id: number; title: string; body: string; createdAt: string; images: string[] }[];
      expect(Array.isArray(items)).toBe(true);
      expect(items.map((i) => i.title)).toEqual([...C.NEWS[kind]]);
      for (const [i, item] of items.entries()) {
        expect(Object.keys(item).sort()).toEqual(["_id", "body", "createdAt", "images", "title"]);
        // The seed leaves every third item without a picture.
        expect(item.images).toHaveLength(i % 3 === 2 ? 0 : 1);
        for (const img of item.images) expect(Buffer.from(img, "base64").subarray(0, 4).toString("latin1")).toBe("RIFF");
      }
    }
  });

  it("filters by month (Asia/Manila) on the server", async () => {
    const all = (await t.app.inject("/api/v1/news-advisory/content/events-and-activities")).json() as { _id: number; createdAt: string }[];
    const month = manilaIsoDate(all[1]!.createdAt).slice(0, 7);
    const res = await t.app.inject(`/api/v1/news-advisory/content/events-and-activities?month=${month}`);
    expect(res.statusCode).toBe(200);
    const expected = all.filter((i) => manilaIsoDate(i.createdAt).startsWith(month)).map((i) => i._id);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json().map((i: { _id: number }) => i._id)).toEqual(expected);

    const empty = await t.app.inject(`/api/v1/news-advisory/content/events-and-activities?month=2008-01`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);

    for (const bad of ["2024-13", "2024-3", "march", `${manilaParts().year + 1}-01`, "2006-12"]) {
      const r = await t.app.inject(`/api/v1/news-advisory/content/events-and-activities?month=${bad}`);
      expect(r.statusCode, bad).toBe(400);
    }
  });

  it("counts a post just after 16:00 UTC in the next Manila month", async () => {
    // 2024-03-31T16:30Z is April 1, 00:30 in Manila.
    await t.db.handle.db.execute(
      sql`insert into news_items (kind, title, body, created_at) values ('supply-and-load-demand', 'Midnight outlook', '<p>x</p>', '2024-03-31T16:30:00Z')`,
    );
    const april = (await t.app.inject("/api/v1/news-advisory/content/supply-and-load-demand?month=2024-04")).json();
    const march = (await t.app.inject("/api/v1/news-advisory/content/supply-and-load-demand?month=2024-03")).json();
    expect(april.map((i: { title: string }) => i.title)).toEqual(["Midnight outlook"]);
    expect(march).toEqual([]);
    expect(monthRange("2024-04")!.from.toISOString()).toBe("2024-03-31T16:00:00.000Z");
  });

  it("searches title and body text with q, case-insensitively, every word", async () => {
    const byTitle = (await t.app.inject("/api/v1/news-advisory/content/events-and-activities?q=CLEAN-UP")).json();
    expect(byTitle.map((i: { title: string }) => i.title)).toEqual(["Coastal clean-up with the Alaminos youth"]);
    const twoWords = (
      await t.app.inject(`/api/v1/news-advisory/content/events-and-activities?q=${encodeURIComponent("tree bolinao")}`)
    ).json();
    expect(twoWords).toHaveLength(1);
    // "hotline" is only in the bodies; tags such as <p> are not matched.
    expect((await t.app.inject("/api/v1/news-advisory/content/invitation-to-bid?q=hotline")).json()).toHaveLength(2);
    expect((await t.app.inject("/api/v1/news-advisory/content/invitation-to-bid?q=%3Cp%3E")).json()).toEqual([]);
    // LIKE wildcards are taken literally.
    expect((await t.app.inject("/api/v1/news-advisory/content/invitation-to-bid?q=%25")).json()).toEqual([]);
    expect((await t.app.inject("/api/v1/news-advisory/content/invitation-to-bid?q=zzzznothing")).json()).toEqual([]);
    expect((await t.app.inject(`/api/v1/news-advisory/content/invitation-to-bid?q=${"a".repeat(101)}`)).statusCode).toBe(400);
  });

  it("rejects an unknown kind with 400", async () => {
    const r = await t.app.inject("/api/v1/news-advisory/content/gossip");
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toMatch(/electricity-rates/);
  });

  it("gives one news item by id, 404 when unknown", async () => {
    const [first] = (await t.app.inject("/api/v1/news-advisory/content/electricity-rates")).json();
    const res = await t.app.inject(`/api/v1/news-advisory/${first._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(first);
    expect((await t.app.inject("/api/v1/news-advisory/999999")).statusCode).toBe(404);
    expect((await t.app.inject("/api/v1/news-advisory/x")).statusCode).toBe(400);
  });

  it("sanitizes stored HTML in news bodies", async () => {
    await t.db.handle.db.execute(
      sql`insert into news_items (kind, title, body) values ('electricity-rates', 'Scripted', '<p onclick="x()">Hi<script>alert(1)</script></p>')`,
    );
    const [item] = (await t.app.inject("/api/v1/news-advisory/content/electricity-rates?q=Scripted")).json();
    expect(item.body).toBe("<p>Hi</p>");
  });

  it("cuts titles at 20 characters with an ellipsis", () => {
    expect(truncateTitle("Short title")).toBe("Short title");
    expect(truncateTitle("Exactly twenty chars")).toBe("Exactly twenty chars");
    expect(truncateTitle("Lower generation charge this month")).toBe("Lower generation cha…");
    expect(truncateTitle("Tree planting along the line")).toBe("Tree planting along…");
  });
});
