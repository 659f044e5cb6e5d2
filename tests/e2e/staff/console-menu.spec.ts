/**
 * The console menu as staff use it: on a 360 px phone a "Menu" disclosure that opens without
 * JavaScript and shows the entries grouped by area, every one inside the screen's width; on a
 * desktop a sidebar with the same groups, always shown. Each role's own work comes first and
 * open; the other groups are folded under their names (opened when the page is in them), so a
 * daily page is two taps away on a phone. Screenshots go to SHOTS_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleNavGroups, ROLE_WORK } from "../../../app/routes/staff/nav";
import type { Role } from "../../../modules/staff/permissions";
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
        // The administrator's own work open; outages (the page shown) open too; the rest folded, by name.
        for (const group of consoleNavGroups) {
          const open = ROLE_WORK.admin.includes(group) || group === "Outages";
          expect(await nav.getByRole("list", { name: group }).count(), group).toBe(open ? 1 : 0);
          if (!ROLE_WORK.admin.includes(group)) expect(await nav.locator("summary", { hasText: group }).count(), group).toBe(1);
        }
        const groupNames = await nav.locator(".console-menu__group").allInnerTexts();
        expect(groupNames[0]!.toLowerCase()).toBe("administration");
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
        for (const group of ["Administration", "Rates and bills"])
          expect(await nav.getByRole("list", { name: group }).isVisible()).toBe(true);
        expect(await nav.getByRole("list", { name: "Members" }).count()).toBe(0);
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

  const DAILY: Record<Exclude<Role, "admin">, string[]> = {
    dispatcher: ["Incidents", "Restoration hub", "Interruptions", "Alerts"],
    communications: ["Advisories", "News"],
    rates: ["Rate schedule"],
    billing: ["Bill check", "Online payments"],
    "member-services": ["Connection queue", "Data requests"],
  };
  for (const [role, pages] of Object.entries(DAILY) as [Exclude<Role, "admin">, string[]][])
    it(`at 375 px a ${role}'s daily pages are two taps away: Menu, then the page`, async () => {
      const who = await signInAs(t, role, { email: `menu-${role}@example.test` });
      const browser = await openBrowser({ javaScriptEnabled: false, width: 375, height: 760 });
      try {
        await browser.addCookies(who.browserCookies(t.url));
        const page = await browser.newPage();
        for (const name of pages) {
          await page.goto(`${t.url}/staff`);
          const nav = page.getByRole("navigation", { name: "Console" });
          await nav.getByText("Menu", { exact: false }).first().click();
          await nav.getByRole("link", { name, exact: true }).click();
          await page.waitForURL((url) => url.pathname !== "/staff");
          // The new page names itself beside "Menu" (the menu starts closed there).
          expect(await nav.locator("a[aria-current=page]").textContent()).toBe(name);
        }
        await page.goto(`${t.url}/staff`);
        await page.getByRole("navigation", { name: "Console" }).getByText("Menu", { exact: false }).first().click();
        await page.screenshot({ path: path.join(SHOTS, `37-menu-${role}-375.png`), fullPage: true });
      } finally {
        await browser.cleanup();
      }
    });
});
