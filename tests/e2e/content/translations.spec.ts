/**
 * Staff-written versions in Chromium: communications writes an advisory with its Filipino
 * version on a 360 px phone, JavaScript on and off, and lands on the saved editor (not "Page
 * not found"), both versions kept; the advisory published, /fil/news/advisories shows its
 * Filipino and, for an English-only one, the English with the note. Screenshots of the editor
 * at 360 px and of the Filipino page at 375 px go to tests/.tmp/screens.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcementFormSchema, createAnnouncement } from "../../../modules/content/announcement-editor.server";
import { CONTENT_CHANGED_CHANNEL } from "../../../server/bus";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";

const SCREENS = path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("writing an advisory in Filipino in the console", () => {
  let t: TestApp;
  let comms: TestStaff;

  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { CACHE_TTL_MS: "60000" } });
    await t.listen();
    comms = await signInAs(t, "communications");
    fs.mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => t?.close());

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "js" : "nojs";
    it(`saves the Filipino version and lands on the saved editor (JavaScript ${javaScriptEnabled ? "on" : "off"}, 360 px)`, async () => {
      const browser = await openBrowser({ javaScriptEnabled, width: 360, height: 780 });
      try {
        await browser.addCookies(comms.browserCookies(t.url));
        const page = await browser.newPage();
        await page.goto(`${t.url}/staff/announcements/advisory/new`);
        await page.getByLabel("Title", { exact: true }).fill(`Brownout in Bani ${mode} 6101`);
        await page.getByLabel("Text", { exact: true }).fill("Power is off from 8 AM to 5 PM.");
        await page.locator("summary", { hasText: "Filipino" }).click();
        await page.getByLabel("Title in Filipino").fill(`Brownout sa Bani ${mode} 6101`);
        await page.getByLabel("Text in Filipino").fill("Walang kuryente mula 8 AM hanggang 5 PM.");
        await page.getByLabel("Publish now").check();
        if (javaScriptEnabled) await page.screenshot({ path: path.join(SCREENS, "translation-editor-360.png"), fullPage: true });
        await page.getByRole("button", { name: "Save" }).first().click();
        await page.waitForURL(/\/staff\/announcements\/advisory\/\d+\?saved=/);
        // The page landed on: the saved editor, with both versions.
        const body = await page.locator("main").innerText();
        expect(body).not.toMatch(/page not found/i);
        expect(body).toContain("Saved.");
        expect(await page.locator("h1").innerText()).toBe("Edit advisory");
        expect(await page.getByLabel("Title in Filipino").inputValue()).toBe(`Brownout sa Bani ${mode} 6101`);
        expect(await page.locator("details.translations__lang[open] summary").innerText()).toContain("Filipino");
        await page.screenshot({ path: path.join(SCREENS, `translation-editor-saved-${mode}-360.png`), fullPage: true });

        // The public Filipino page shows it.
        await page.goto(`${t.url}/fil/news/advisories`);
        expect(await page.locator("main").innerText()).toContain(`Brownout sa Bani ${mode} 6101`);
        // The console's list says what is missing.
        await page.goto(`${t.url}/staff/announcements/advisory?q=${mode}%206101`);
        expect(await page.locator(".content-item__missing").first().innerText()).toBe("Missing: Pangasinan, Ilocano");
      } finally {
        await browser.cleanup();
      }
    });
  }

  it("the Filipino page at 375 px: the Filipino version, and the English one with its note", async () => {
    const ctx = {
      db: t.db.handle.db,
      actor: { id: comms.id, name: comms.name },
      storageDir: t.config.storageDir,
      contentChanged: (a: string) => t.bus.publish(CONTENT_CHANGED_CHANNEL, a),
    };
    const bid = await createAnnouncement(
      ctx,
      "bid",
      announcementFormSchema.parse({
        title: "Supply of 40 concrete poles 6201",
        body: "Sealed bids are due on Friday at 10 AM at the main office.",
        "fil.title": "Pagbibigay ng 40 konkretong poste 6201",
        "fil.body": "Dapat maipasa ang selyadong alok sa Biyernes, 10 AM, sa pangunahing tanggapan.",
        "pag.title": "Panangiter na 40 ya poste 6201",
        "pag.body": "Say selyadon alok et nepeg ya iter ed Biernes.",
        publish: "now",
      }),
    );
    await createAnnouncement(
      ctx,
      "advisory",
      announcementFormSchema.parse({ title: "Office closed on Monday 6202", body: "A holiday.", publish: "now" }),
    );
    const browser = await openBrowser({ ...PHONE, javaScriptEnabled: false });
    try {
      const page = await browser.newPage();
      await page.goto(`${t.url}/fil/bid/${bid}`);
      expect(await page.locator("h1").innerText()).toBe("Pagbibigay ng 40 konkretong poste 6201");
      expect(await page.locator(".content-lang__links").innerText()).toContain("Pangasinan");
      await page.screenshot({ path: path.join(SCREENS, "translation-fil-bid-375.png"), fullPage: true });
      await page.locator(".content-lang__links").getByRole("link", { name: "Pangasinan" }).click();
      expect(await page.locator("h1").innerText()).toBe("Panangiter na 40 ya poste 6201");
      expect(await page.locator("h1").evaluate((h) => h.closest("[lang]")?.getAttribute("lang"))).toBe("pag");
      await page.goto(`${t.url}/fil/news/advisories`);
      await page.locator("summary", { hasText: "Office closed on Monday 6202" }).click();
      expect(await page.locator(".content-lang__note").first().innerText()).toContain("kaya sa Ingles ito ipinapakita");
      await page.screenshot({ path: path.join(SCREENS, "translation-fil-fallback-375.png"), fullPage: true });
    } finally {
      await browser.cleanup();
    }
  });
});
