/**
 * Pictures from other servers in staff-written HTML: feed readers, API clients, mail
 * programs and browsers would fetch them from that server (telling it who reads what). The
 * sanitizer keeps only this site's own pictures; one from elsewhere becomes its description.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcements, powerInterruptions } from "../../db/schema";
import { sanitize, toPlainText } from "../../modules/shared/html";
import { createTestApp, type TestApp } from "../support/app";
import { publishInterruption } from "../support/publish";

const BODY =
  '<p>Crews at work.</p><img src="https://tracker.elsewhere.example/pixel.gif" alt="Map of the area">' +
  '<img src="//cdn.elsewhere.example/a.png"><img src="/\\elsewhere.example/b.png"><img src="http://elsewhere.example/c.jpg">' +
  '<img src="/storage/abc123-def.webp" alt="Our crew">';

describe("remote images in staff-written HTML", () => {
  it("the sanitizer keeps this site's pictures and turns others into their description", () => {
    const out = sanitize(BODY);
    expect(out).not.toContain("elsewhere.example");
    expect(out).toContain("[Map of the area]");
    expect(out).toContain('<img src="/storage/abc123-def.webp" alt="Our crew" />');
    expect(sanitize('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">')).toContain("data:image/png;base64");
    expect(toPlainText(BODY)).not.toContain("elsewhere");
  });

  describe("through the feeds and the API", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
    });
    afterAll(async () => t?.close());

    it("no feed, page or API answer names another server's picture", async () => {
      const db = t.db.handle.db;
      const id = await publishInterruption(db, { town: "Bani", barangays: [], startsAt: new Date(Date.now() + 86_400_000) });
      await db.update(powerInterruptions).set({ activities: BODY }).where(eq(powerInterruptions.id, id));
      await db.execute(
        sql`update ${announcements} set body = ${BODY} where id = (select min(id) from ${announcements} where kind = 'advisory')`,
      );
      for (const url of [
        "/feeds/power-interruptions.atom",
        "/feeds/advisories.atom",
        "/news/advisories",
        "/news/power-interruptions",
        "/api/v1/power-interruption/incoming",
      ]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toContain("elsewhere.example");
      }
      const feed = (await t.app.inject({ url: "/feeds/advisories.atom" })).body;
      expect(feed).toContain("/storage/abc123-def.webp");
    });
  });
});
