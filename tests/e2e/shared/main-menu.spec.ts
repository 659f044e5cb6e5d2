/**
 * The main menu reaches what a member looks for when the power goes (Report an outage,
 * Outages, Alerts) from every page, in both languages, on a phone (the menu button) and on a
 * desktop (the bar's "Outages" group, opened by the pointer or the keyboard), with JavaScript
 * on and off; the desktop bar stays one row. Screenshots of the opened menu go to tests/.tmp/screens.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shellMessages } from "../../../app/messages/shell";
import { localePath } from "../../../modules/shared/i18n";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");
const PAGES = ["/", "/rates", "/agam-registration", "/mco/login"];

describe("the main menu's Outages group", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
    await t.listen();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => t?.close());

  for (const size of [PHONE, DESKTOP])
    for (const js of [false, true])
      it(`reaches Report an outage, Outages and Alerts at ${size.width} px, JavaScript ${js ? "on" : "off"}, in both languages`, async () => {
        const browser = await openBrowser({ ...size, javaScriptEnabled: js });
        try {
          const page = await browser.newPage();
          for (const locale of ["en", "fil"] as const) {
            const m = shellMessages[locale];
            for (const at of PAGES) {
              await page.goto(t.url + localePath(locale, at));
              const nav = page.getByRole("navigation", { name: m["shell.mainNav"] });
              if (size.width <= 991) await page.locator(".site-nav__toggle").click();
              else {
                await page.locator(".site-nav__group-label", { hasText: m["nav.outages"] }).hover();
                // The bar is one row: the header no taller than the brand's line.
                expect((await page.locator(".site-header__bar").boundingBox())!.height).toBeLessThan(90);
              }
              for (const [key, to] of [
                ["nav.report", "/report"],
                ["nav.restoration", "/outages"],
                ["nav.alerts", "/alerts"],
              ] as const) {
                const link = nav.getByRole("link", { name: m[key], exact: true });
                expect(await link.isVisible()).toBe(true);
                expect(await link.getAttribute("href")).toBe(localePath(locale, to));
              }
              // Nothing wider than the screen, menu open.
              expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
              if (at === "/")
                await page.screenshot({ path: path.join(SHOTS, `i36-menu-${locale}-js-${js ? "on" : "off"}-${size.width}.png`) });
            }
          }
        } finally {
          await browser.cleanup();
        }
      });

  it("opens the Outages group from the keyboard on a desktop", async () => {
    const browser = await openBrowser({ ...DESKTOP });
    try {
      const page = await browser.newPage();
      await page.goto(`${t.url}/`);
      const report = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Report an outage", exact: true });
      for (let i = 0; i < 40 && !(await report.evaluate((a) => a === document.activeElement)); i++) await page.keyboard.press("Tab");
      expect(await report.evaluate((a) => a === document.activeElement)).toBe(true);
      expect(await report.isVisible()).toBe(true);
      const box = (await report.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
    } finally {
      await browser.cleanup();
    }
  });
});
