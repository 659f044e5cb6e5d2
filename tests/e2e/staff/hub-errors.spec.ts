/**
 * The restoration hub's town and declare forms refused without JavaScript, at 375 and 1280 px:
 * the page opens at the form (its anchor), the error summary first in view with a link to each
 * field, the message beside the field. Screenshots go to SHOTS_DIR as 37-hub-error-<form>-<width>.png.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { signInAs } from "../../support/staff";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

/** The summary is inside the screen as the page opens, and each of its links leads to a field shown with that message. */
async function landsAtSummary(page: Page, formId: string, size: { width: number; height: number }) {
  expect(new URL(page.url()).hash).toBe(`#${formId}`);
  const summary = page.locator(`#${formId} .error-summary`);
  const box = await summary.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeLessThan(size.height);
  const links = await summary.locator("a").evaluateAll((as) => as.map((a) => [a.getAttribute("href") ?? "", a.textContent ?? ""]));
  expect(links.length).toBeGreaterThan(0);
  for (const [href, message] of links) {
    const field = page.locator(href);
    expect(await field.count(), href).toBe(1);
    // The message beside the field: inside the field's own block.
    const near = await field.evaluate((el) => (el.closest(".field, fieldset") ?? el).textContent ?? "");
    expect(near, href).toContain(message);
  }
}

describe("the restoration hub's errors without JavaScript", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => t?.close());

  for (const size of [PHONE, DESKTOP])
    it(`at ${size.width} px: a refused town save and a refused declaration open at their form`, async () => {
      const who = await signInAs(t, "dispatcher", { email: `hub-errors-${size.width}@example.test` });
      const browser = await openBrowser({ ...size, javaScriptEnabled: false });
      try {
        await browser.addCookies(who.browserCookies(t.url));
        const page = await browser.newPage();
        await page.goto(`${t.url}/staff/outages?town=Dasol`);
        // No state chosen, an estimate that is not a date.
        await page.locator("#town-etr").evaluate((el) => el.setAttribute("type", "text"));
        await page.locator("#town-etr").fill("tomorrow");
        await page.getByRole("button", { name: "Save all of Dasol" }).click();
        await page.waitForURL(/#town-form$/);
        await landsAtSummary(page, "town-form", size);
        expect(await page.locator("#town-form .error-summary a").count()).toBe(2);
        await page.screenshot({ path: path.join(SHOTS, `37-hub-error-town-${size.width}.png`) });

        await page.goto(`${t.url}/staff/outages?town=Dasol`);
        await page.getByRole("button", { name: "Declare a major event" }).click();
        await page.waitForURL(/#declare-form$/);
        await landsAtSummary(page, "declare-form", size);
        await page.screenshot({ path: path.join(SHOTS, `37-hub-error-declare-${size.width}.png`) });
      } finally {
        await browser.cleanup();
      }
    });
});
