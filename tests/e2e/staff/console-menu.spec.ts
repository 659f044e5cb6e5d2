/**
 * The console menu as staff use it: on a 360 px phone a "Menu" disclosure that opens without
 * JavaScript and shows the entries grouped by area, every one inside the screen's width; on a
 * desktop a sidebar with the same groups, always shown. Screenshots go to SHOTS_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleNavGroups } from "../../../app/routes/staff/nav";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("the console menu", () => {
  let t: TestApp;
  let admin: TestStaff;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    admin = await signInAs(t, "admin");
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => t?.close());

  for (const js of ["off", "on"] as const)
    it(`at 360 px opens from "Menu", grouped and inside the screen, JavaScript ${js}`, async () => {
      const browser = await openBrowser({ javaScriptEnabled: js === "on", width: 360, height: 740 });
      try {
        await browser.addCookies(admin.browserCookies(t.url));
        const page = await browser.newPage();
        await page.goto(`${t.url}/staff/interruptions`);
        const nav = page.getByRole("navigation", { name: "Console" });
        // Closed at first: the page starts right under the header, the current entry named.
        expect(await nav.getByRole("link").count()).toBe(0);
        const toggle = nav.getByText("Menu", { exact: false }).first();
        expect(await toggle.innerText()).toMatch(/Menu\s*·?\s*Interruptions/);
        await page.screenshot({ path: path.join(SHOTS, `i23-menu-closed-360-js-${js}.png`) });
        await toggle.click();
        for (const group of consoleNavGroups) expect(await nav.getByRole("list", { name: group }).count()).toBe(1);
        const audit = nav.getByRole("list", { name: "Administration" }).getByRole("link", { name: "Audit log" });
        expect(await audit.isVisible()).toBe(true);
        // No entry is cut off at the right edge, and the page does not scroll sideways.
        const widest = await nav.locator("a").evaluateAll((links) => Math.max(...links.map((a) => a.getBoundingClientRect().right)));
        expect(widest).toBeLessThanOrEqual(360);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        expect(await nav.locator("a[aria-current=page]").innerText()).toBe("Interruptions");
        await page.screenshot({ path: path.join(SHOTS, `i23-menu-open-360-js-${js}.png`), fullPage: true });
        await audit.scrollIntoViewIfNeeded();
        await audit.click();
        await page.getByRole("heading", { name: "Audit log", level: 1 }).waitFor();
        // The new page starts with the menu closed again.
        expect(await nav.getByRole("link").count()).toBe(0);
      } finally {
        await browser.cleanup();
      }
    });

  for (const js of ["off", "on"] as const)
    it(`at 1280 px is a sidebar always shown, JavaScript ${js}`, async () => {
      const browser = await openBrowser({ javaScriptEnabled: js === "on", ...DESKTOP });
      try {
        await browser.addCookies(admin.browserCookies(t.url));
        const page = await browser.newPage();
        await page.goto(`${t.url}/staff/rates/schedule`);
        const nav = page.getByRole("navigation", { name: "Console" });
        expect(await nav.getByText("Menu").isVisible()).toBe(false);
        for (const group of consoleNavGroups) expect(await nav.getByRole("list", { name: group }).isVisible()).toBe(true);
        expect(await nav.locator("a[aria-current=page]").innerText()).toBe("Rate schedule");
        const box = await nav.boundingBox();
        const main = await page.getByRole("main").boundingBox();
        expect(box && main && box.x + box.width <= main.x).toBe(true);
        await page.screenshot({ path: path.join(SHOTS, `i23-menu-1280-js-${js}.png`) });
        await nav.getByRole("link", { name: "Users" }).click();
        await page.getByRole("heading", { name: "Users", level: 1 }).waitFor();
      } finally {
        await browser.cleanup();
      }
    });
});
