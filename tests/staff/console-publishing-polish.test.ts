/**
 * What the console's lists and editors offer for where an item stands: the time a scheduled
 * item publishes, "View on site" while the public sees it, and no "Publish now" on an item that
 * is already published (neither the button nor the choice in the form).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcementFormSchema, createAnnouncement } from "../../modules/content/announcement-editor.server";
import { toManilaLocalInput } from "../../modules/shared/dates";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

describe("publishing in the console's lists and editors", () => {
  let t: TestApp;
  let comms: TestStaff;
  let published: number;
  let scheduled: number;
  let draft: number;
  const at = new Date(Date.now() + 3 * 86_400_000);
  const page = async (url: string) => (await t.app.inject({ url, headers: { cookie: comms.cookie } })).body;

  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    comms = await signInAs(t, "communications");
    const ctx = {
      db: t.db.handle.db,
      actor: { id: comms.id, name: comms.name },
      storageDir: t.config.storageDir,
      contentChanged: async () => {},
    };
    const make = (title: string, publish: "now" | "schedule" | "draft") =>
      createAnnouncement(
        ctx,
        "advisory",
        announcementFormSchema.parse({ title, body: "Body.", publish, publishAt: publish === "schedule" ? toManilaLocalInput(at) : "" }),
        [],
      );
    published = await make("Polish published advisory", "now");
    scheduled = await make("Polish scheduled advisory", "schedule");
    draft = await make("Polish draft advisory", "draft");
  });
  afterAll(async () => t?.close());

  it("lists a scheduled item with its time and a published one with its public page", async () => {
    const list = await page("/staff/announcements/advisory");
    const item = (title: string) => list.split("<li ").find((li) => li.includes(title)) ?? "";
    const when = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Manila", month: "long", day: "numeric", year: "numeric" }).format(at);
    expect(item("Polish scheduled advisory")).toMatch(new RegExp(`Publishes (<!-- -->)?${when}, \\d{1,2}:\\d{2} [AP]M`));
    expect(item("Polish scheduled advisory")).not.toContain("View on site");
    expect(item("Polish published advisory")).toContain(`href="/news/advisories#advisory-${published}">View on site`);
  });

  it("offers Publish now only on an item that is not published", async () => {
    const publishedEditor = await page(`/staff/announcements/advisory/${published}`);
    expect(publishedEditor).not.toContain('value="publish-now"');
    expect(publishedEditor).not.toMatch(/name="publish" value="now"/);
    expect(publishedEditor).toContain(`href="/news/advisories#advisory-${published}">View on site`);
    for (const id of [scheduled, draft]) {
      const editor = await page(`/staff/announcements/advisory/${id}`);
      expect(editor).toContain('value="publish-now"');
      expect(editor).toMatch(/name="publish" value="now"/);
      expect(editor).not.toContain("View on site");
    }
    // A draft is not offered "back to draft".
    expect(await page(`/staff/announcements/advisory/${draft}`)).not.toContain('value="unpublish"');
  });

  it("links each public content item to its page while it is public", async () => {
    const branches = await page("/staff/content/branches");
    expect(branches).toContain('href="/contact-us">View on site');
    const categories = await page("/staff/content/categories");
    for (const m of categories.matchAll(/href="(\/news\/[a-z0-9-]+)">View on site/g)) expect(m[1]).not.toBe("/news/");
  });
});
