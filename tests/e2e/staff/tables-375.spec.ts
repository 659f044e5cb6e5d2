/**
 * No console table hides a column at 375 px: the lists staff work from (audit log, staff
 * accounts, survey answers, AGAM registrations, billing tokens) stack their rows on a phone,
 * each cell led by its column's name, and the page never scrolls sideways; on every page of the
 * console's menu no table reaches past the screen or scrolls inside its box. Screenshots go to
 * SHOTS_DIR as 37-table-<name>-375.png.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleNav } from "../../../app/routes/staff/nav";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");
const PAGES: [string, string][] = [
  ["audit", "/staff/audit"],
  ["users", "/staff/users"],
  ["survey-answers", "/staff/members/survey/answers"],
  ["registrations", "/staff/members/agam/registrations"],
  ["tokens", "/staff/bills/tokens"],
];

describe("console tables at 375 px", () => {
  let t: TestApp;
  let admin: TestStaff;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    admin = await signInAs(t, "admin");
    fs.mkdirSync(SHOTS, { recursive: true });
    // A token, so the tokens table has a row.
    await t.app.inject({
      method: "POST",
      url: "/staff/bills/tokens",
      headers: { cookie: admin.cookie, origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
      payload: "name=Nightly+billing+job",
    });
  });
  afterAll(async () => t?.close());

  for (const [name, url] of PAGES)
    it(`${url}: every cell inside the screen, led by its column's name`, async () => {
      const browser = await openBrowser({ ...PHONE });
      try {
        await browser.addCookies(admin.browserCookies(t.url));
        const page = await browser.newPage();
        const res = await page.goto(`${t.url}${url}`);
        expect(res?.status()).toBe(200);
        const table = page.locator("table.console-table").first();
        await table.waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        const cells = await table
          .locator("tbody td")
          .evaluateAll((tds) => tds.map((td) => ({ right: td.getBoundingClientRect().right, label: td.getAttribute("data-label") ?? "" })));
        expect(cells.length).toBeGreaterThan(0);
        for (const c of cells) {
          expect(c.right).toBeLessThanOrEqual(PHONE.width);
          expect(c.label).not.toBe("");
        }
        await page.screenshot({ path: path.join(SHOTS, `37-table-${name}-375.png`), fullPage: true });
      } finally {
        await browser.cleanup();
      }
    });

  it("no table on any page of the menu reaches past the screen (JavaScript off)", async () => {
    const browser = await openBrowser({ ...PHONE, javaScriptEnabled: false });
    try {
      await browser.addCookies(admin.browserCookies(t.url));
      const page = await browser.newPage();
      const wide: string[] = [];
      for (const { to } of consoleNav) {
        await page.goto(`${t.url}${to}`);
        const tables = await page.evaluate(() =>
          [...document.querySelectorAll("table")].map((table) => ({
            caption: table.caption?.textContent ?? table.getAttribute("aria-labelledby") ?? table.className,
            right: table.getBoundingClientRect().right,
            scrolls: (table.parentElement?.scrollWidth ?? 0) - (table.parentElement?.clientWidth ?? 0),
          })),
        );
        for (const table of tables) if (table.right > PHONE.width || table.scrolls > 0) wide.push(`${to}: ${table.caption}`);
        if (to === "/staff/rates" || to === "/staff/members/survey" || to === "/staff/members/agam-tally")
          await page.screenshot({ path: path.join(SHOTS, `37-table-${to.split("/").pop()}-375.png`), fullPage: true });
      }
      expect(wide).toEqual([]);
    } finally {
      await browser.cleanup();
    }
  });

  it("revoking a token asks first, at 375 px without JavaScript, and the answer lands on the list", async () => {
    const browser = await openBrowser({ ...PHONE, javaScriptEnabled: false });
    try {
      await browser.addCookies(admin.browserCookies(t.url));
      const page = await browser.newPage();
      await page.goto(`${t.url}/staff/bills/tokens`);
      await page.getByRole("button", { name: "Revoke the token of Nightly billing job" }).click();
      const card = page.getByRole("alert").filter({ hasText: "Revoke the token of Nightly billing job?" });
      await card.waitFor();
      await page.screenshot({ path: path.join(SHOTS, "37-confirm-revoke-375.png"), fullPage: true });
      await card.getByRole("button", { name: "Yes, revoke it" }).click();
      await page.getByText(/^The token of Nightly billing job is revoked/).waitFor();
      expect(new URL(page.url()).search).toBe("");
      await page.screenshot({ path: path.join(SHOTS, "37-confirm-revoked-375.png"), fullPage: true });
    } finally {
      await browser.cleanup();
    }
  });
});
