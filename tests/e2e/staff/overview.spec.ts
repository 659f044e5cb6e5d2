/**
 * The console overview at 375 px: counts that need someone now (open incidents, interruptions
 * on now, scheduled ones to come, failed alerts), each a link to its list. Screenshots of the
 * overview and of the console menu go to SHOTS_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("the console overview", () => {
  let t: TestApp;
  let admin: TestStaff;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    admin = await signInAs(t, "admin");
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => t?.close());

  it("shows the counts that matter, each opening its list", async () => {
    const browser = await openBrowser({ ...PHONE });
    try {
      await browser.addCookies(admin.browserCookies(t.url));
      const page = await browser.newPage();
      await page.goto(`${t.url}/staff`);
      const counts = page.getByRole("list", { name: "Now" });
      const text = await counts.innerText();
      for (const label of ["Open incidents", "Interruptions on now", "Scheduled interruptions to come", "Alert messages that failed"])
        expect(text).toMatch(new RegExp(`\\d+\\s+${label}`));
      await page.screenshot({ path: path.join(SHOTS, "23-overview-375.png"), fullPage: true });
      const menu = page.getByRole("navigation", { name: "Console" });
      await menu.getByText("Menu").first().click();
      await menu.screenshot({ path: path.join(SHOTS, "23-menu-375.png") });
      await counts.getByRole("link", { name: /Open incidents/ }).click();
      await page.waitForURL(/\/staff\/incidents$/);
    } finally {
      await browser.cleanup();
    }
  });
});
