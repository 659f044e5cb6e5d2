/**
 * An advisory's revisions as staff read them: each change in words (no markup, no field ids),
 * and restoring an older version asks first, with what it would change, JavaScript off and on.
 * Screenshots at 375 and 1280 px go to SHOTS_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRevisions } from "../../../modules/content/revisions.server";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("revisions of an advisory", () => {
  let t: TestApp;
  let comms: TestStaff;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    comms = await signInAs(t, "communications");
    const list = (await t.app.inject({ url: "/staff/announcements/advisory", headers: { cookie: comms.cookie } })).body;
    editor = /href="(\/staff\/announcements\/advisory\/\d+)"/.exec(list)![1]!;
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => t?.close());

  for (const [js, size] of [
    ["off", PHONE],
    ["on", PHONE],
    ["off", DESKTOP],
    ["on", DESKTOP],
  ] as const)
    it(`reads in words and restores only once confirmed, JavaScript ${js}, ${size.width} px`, async () => {
      const browser = await openBrowser({ javaScriptEnabled: js === "on", ...size });
      try {
        await browser.addCookies(comms.browserCookies(t.url));
        const page = await browser.newPage();
        page.setDefaultTimeout(8_000);
        // Two saves: a version to go back to, and the newest.
        for (const n of [1, 2]) {
          await page.goto(`${t.url}${editor}`);
          await page.getByLabel("Title", { exact: true }).fill(`Scheduled line work & tree trimming (${js}, ${size.width}, save ${n})`);
          await page.getByLabel("Text", { exact: true }).fill(`First paragraph ${js}.\n\nSecond paragraph & more ${n}.`);
          await page.getByRole("button", { name: "Save", exact: true }).click();
          await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
        }
        const id = editor.split("/").pop()!;
        const count = (await listRevisions(t.db.handle.db, "announcement", id)).length;
        await page.goto(`${t.url}/staff/history/advisory/${id}`);
        const newest = page.locator(".content-item").first();
        const words = await newest.locator(".diff-table").innerText();
        expect(words).toContain("Title");
        expect(words).toMatch(/First paragraph \w+\.\nSecond paragraph & more/);
        expect(words).not.toMatch(/<\/?p>|&amp;|attachmentNames|publishAt|[{}]/);
        if (js === "off") await page.screenshot({ path: path.join(SHOTS, `i23-revisions-${size.width}.png`) });

        await page
          .getByRole("link", { name: /^Restore version/ })
          .first()
          .click();
        const question = page.getByRole("heading", { name: /^Restore version \d+\?$/ });
        await question.waitFor();
        // Nothing restored yet; the question is on screen, with what would change.
        expect((await listRevisions(t.db.handle.db, "announcement", id)).length).toBe(count);
        const box = await question.boundingBox();
        expect(box && box.y >= 0 && box.y < size.height).toBe(true);
        const change = await page.getByRole("table", { name: /What would change/ }).innerText();
        expect(change).toContain("Title");
        await page.screenshot({ path: path.join(SHOTS, `i23-restore-confirm-${size.width}-js-${js}.png`) });
        // Cancel leaves it as it is; asking again and answering yes restores.
        await page.getByRole("link", { name: "Cancel" }).click();
        await page.getByRole("heading", { name: /^Restore version \d+\?$/ }).waitFor({ state: "detached" });
        expect((await listRevisions(t.db.handle.db, "announcement", id)).length).toBe(count);
        await page
          .getByRole("link", { name: /^Restore version/ })
          .first()
          .click();
        await page.getByRole("button", { name: /^Yes, restore version \d+$/ }).click();
        await page
          .getByRole("status")
          .filter({ hasText: /^Restored version \d+/ })
          .waitFor();
        expect((await listRevisions(t.db.handle.db, "announcement", id)).length).toBe(count + 1);
      } finally {
        await browser.cleanup();
      }
    });
});
