/**
 * Communications publishes a news item with a photo from a phone (375 px) through the shared
 * content editor, and the public list of its kind shows it with the re-encoded picture and
 * its alternative text (page cache on, so the change must drop it). Screenshots of the list
 * and the editor at 375 and 1280 px go to SCREENSHOT_DIR (default tests/.tmp/screens).
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";

const SCREENS = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("news items from the staff console", () => {
  let t: TestApp;
  let comms: TestStaff;
  let photoPath: string;

  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { CACHE_TTL_MS: "60000" } });
    await t.listen();
    comms = await signInAs(t, "communications");
    fs.mkdirSync(SCREENS, { recursive: true });
    photoPath = path.join(t.db.dataDir, "feeding-program.jpg");
    fs.writeFileSync(
      photoPath,
      await sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#3a8f5c" } })
        .jpeg()
        .toBuffer(),
    );
  });
  afterAll(async () => t?.close());

  it("publishes a news item with an image at 375 px; the public list shows it", async () => {
    const browser = await openBrowser({ ...PHONE });
    try {
      await browser.addCookies(comms.browserCookies(t.url));
      const page = await browser.newPage();
      // Warm the public page's cache first, so what follows must drop it.
      await page.goto(`${t.url}/news/events-and-activities`);
      expect(await page.locator("main").innerText()).not.toContain("Feeding program in Anda");

      await page.goto(`${t.url}/staff/content/news`);
      await page.screenshot({ path: path.join(SCREENS, "news-list-375.png"), fullPage: true });
      await page.getByRole("link", { name: "New news item" }).click();
      await page.locator("#kind").selectOption("events-and-activities");
      await page.locator("#title").fill("Feeding program in Anda");
      await page.locator("#body").fill("Our employees served lunch to 300 pupils of Anda Central School.");
      await page.locator("#files").setInputFiles(photoPath);
      await page.locator("#newAlt").fill("Pupils lining up for lunch");
      await page.getByLabel("Publish now").check();
      await page.screenshot({ path: path.join(SCREENS, "news-editor-375.png"), fullPage: true });
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect.poll(() => page.locator("[role=status]").innerText()).toContain("Saved.");
      expect(await page.locator(".state-badge").innerText()).toBe("Published");
      // The saved form starts afresh: the chosen photo is not sent a second time with the next save.
      expect(await page.locator("#files").evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).toBe(0);
      expect(await page.locator("#alt-" + (await page.locator("input[name=keep]").first().getAttribute("value"))).inputValue()).toBe(
        "Pupils lining up for lunch",
      );
      // No horizontal scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: path.join(SCREENS, "news-editor-saved-375.png"), fullPage: true });

      await page.goto(`${t.url}/news/events-and-activities`);
      const card = page.locator("main").getByText("Feeding program in Anda");
      await expect.poll(() => card.count()).toBeGreaterThan(0);
      const img = page.locator('main img[alt="Pupils lining up for lunch"]');
      expect(await img.count()).toBe(1);
      const src = (await img.getAttribute("src")) ?? "";
      const served = await page.request.get(`${t.url}${src}`);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/webp");
      expect((await sharp(await served.body()).metadata()).width).toBeLessThanOrEqual(1600);
    } finally {
      await browser.cleanup();
    }

    const desktop = await openBrowser({ ...DESKTOP });
    try {
      await desktop.addCookies(comms.browserCookies(t.url));
      const page = await desktop.newPage();
      await page.goto(`${t.url}/staff/content/news`);
      await page.screenshot({ path: path.join(SCREENS, "news-list-1280.png"), fullPage: true });
      await page.getByRole("link", { name: "Feeding program in Anda", exact: true }).click();
      await page.screenshot({ path: path.join(SCREENS, "news-editor-1280.png"), fullPage: true });
      // A client-side navigation: the route is found through React Router's route discovery,
      // whose answers the page cache must not mix up (each depends on the paths asked for).
      await page.getByRole("link", { name: "Preview" }).click();
      await page.waitForURL(/\/preview$/);
      await expect.poll(() => page.locator(".preview-frame img").count()).toBe(1);
      await page.screenshot({ path: path.join(SCREENS, "news-preview-1280.png"), fullPage: true });
    } finally {
      await desktop.cleanup();
    }
  });
});
