/**
 * The public site follows at once, with the cache on: a publish announced on the bus and a
 * scheduled time falling due both drop the cached API answers, pages and feeds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcementFormSchema, createAnnouncement } from "../../modules/content/announcement-editor.server";
import type { ContentContext } from "../../modules/content/context";
import { setClock } from "../../modules/shared/clock";
import { CONTENT_CHANGED_CHANNEL } from "../../server/bus";
import { createTestApp, type TestApp } from "../support/app";

let t: TestApp;
let ctx: ContentContext & { storageDir: string };

beforeAll(async () => {
  t = await createTestApp({ env: { CACHE_TTL_MS: "600000" }, redis: true });
  ctx = {
    db: t.db.handle.db,
    actor: { id: "u1", name: "Comms" },
    storageDir: t.config.storageDir,
    contentChanged: (area) => t.bus.publish(CONTENT_CHANGED_CHANNEL, area),
  };
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
};
const advisories = async () => (await t.app.inject({ url: "/api/v1/announcements/advisory" })).body;

describe("publishing and the cache", () => {
  it("a publish drops the cached answer at once", async () => {
    await advisories();
    expect((await t.app.inject({ url: "/api/v1/announcements/advisory" })).headers["x-cache"]).toBe("HIT");
    await createAnnouncement(
      ctx,
      "advisory",
      announcementFormSchema.parse({ title: "Published right now 5521", body: "x", publish: "now" }),
    );
    expect(await until(async () => (await advisories()).includes("Published right now 5521"))).toBe(true);
  });

  it("a scheduled item appears when its time comes, though the answer was cached before", async () => {
    await createAnnouncement(
      ctx,
      "advisory",
      announcementFormSchema.parse({ title: "Scheduled for 2099 7788", body: "x", publish: "schedule", publishAt: "2099-06-01T08:00" }),
    );
    expect(await advisories()).not.toContain("Scheduled for 2099 7788");
    expect((await t.app.inject({ url: "/api/v1/announcements/advisory" })).headers["x-cache"]).toBe("HIT");
    setClock(new Date("2099-06-01T00:00:05Z"));
    expect(await until(async () => (await advisories()).includes("Scheduled for 2099 7788"))).toBe(true);
  });
});
