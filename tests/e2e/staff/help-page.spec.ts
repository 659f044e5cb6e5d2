/**
 * The console's help page at 375 px (JavaScript off) and 1280 px (on), reached from the bill
 * import's text: nothing wider than the screen but the command examples' own boxes, every
 * column's cell named. Screenshots go to SHOTS_DIR as 37-help-<width>.png.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { signInAs } from "../../support/staff";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("the console's help page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => t?.close());

  for (const [size, js] of [
    [PHONE, false],
    [DESKTOP, true],
  ] as const)
    it(`opens from the bill import at ${size.width} px (JavaScript ${js ? "on" : "off"}) and fits the screen`, async () => {
      const who = await signInAs(t, "billing", { email: `billing-help-${size.width}@example.test` });
      const browser = await openBrowser({ ...size, javaScriptEnabled: js });
      try {
        await browser.addCookies(who.browserCookies(t.url));
        const page = await browser.newPage();
        await page.goto(`${t.url}/staff/bills`);
        await page.getByRole("link", { name: "the file formats, with a template of each" }).click();
        await page.waitForURL(`${t.url}/staff/help/bill-files`);
        await page.getByRole("heading", { level: 1, name: "Bill and payment files" }).waitFor();
        await page.screenshot({ path: path.join(SHOTS, `37-help-${size.width}.png`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        const cell = page.getByRole("cell", { name: "total_amount_due" });
        const box = await cell.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
      } finally {
        await browser.cleanup();
      }
    });
});
