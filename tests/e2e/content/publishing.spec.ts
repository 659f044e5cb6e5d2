/**
 * Publishing from the console in Chromium, with the page cache on (so every check also proves
 * the caches are dropped when content changes):
 * - a dispatcher at 375 px marks an interruption ongoing in two taps; the public page and the
 *   ticker show it with the note;
 * - communications publishes an advisory with a PDF that then appears in the Atom feed;
 * - a scheduled advisory appears at its time (the site clock is moved by the test);
 * - a rates CSV with one wrong row is refused naming its row, and nothing is stored.
 * Screenshots of the editor and the status change at 375 and 1280 px go to tests/.tmp/screens.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInterruption, interruptionFormSchema } from "../../../modules/interruptions/editor.server";
import { ratesCsv } from "../../../modules/rates/model";
import { getOfficialRates, listGenerationCharges } from "../../../modules/rates/queries.server";
import { setClock } from "../../../modules/shared/clock";
import { manilaFormParts, toManilaLocalInput } from "../../../modules/shared/dates";
import { CONTENT_CHANGED_CHANNEL } from "../../../server/bus";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";

const SCREENS = path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("publishing from the staff console", () => {
  let t: TestApp;
  let dispatcher: TestStaff;
  let comms: TestStaff;
  let rates: TestStaff;

  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { CACHE_TTL_MS: "60000" } });
    await t.listen();
    dispatcher = await signInAs(t, "dispatcher");
    comms = await signInAs(t, "communications");
    rates = await signInAs(t, "rates");
    fs.mkdirSync(SCREENS, { recursive: true });
  });
  // A feed reader asks the server each time (the browser's own HTTP cache would keep the feed for its max-age).
  const feedText = async (page: import("playwright-core").Page) => (await page.request.get(`${t.url}/feeds/advisories.atom`)).text();

  afterAll(async () => {
    setClock(null);
    await t?.close();
  });

  it("a dispatcher on a phone marks an interruption ongoing in two taps; the public page and ticker show it", async () => {
    const today = manilaFormParts(new Date()).date;
    const tomorrow = manilaFormParts(new Date(Date.now() + 86_400_000)).date;
    const id = await createInterruption(
      {
        db: t.db.handle.db,
        actor: { id: dispatcher.id, name: dispatcher.name },
        contentChanged: (a) => t.bus.publish(CONTENT_CHANGED_CHANNEL, a),
      },
      interruptionFormSchema.parse({
        date: today,
        endDate: tomorrow,
        start: "00:05",
        end: "23:00",
        activities: "Phone-tapped pole job 5150",
        circuit: "Dasol Feeder 1",
        wholeTown: ["Dasol"],
        publish: "now",
      }),
    );
    const browser = await openBrowser({ ...PHONE });
    try {
      await browser.addCookies(dispatcher.browserCookies(t.url));
      const page = await browser.newPage();
      // Warm the public caches first, so what follows must drop them.
      await page.goto(`${t.url}/news/power-interruptions`);
      expect(await page.locator(`#interruption-${id}`).innerText()).not.toContain("Crew on site");

      await page.goto(`${t.url}/staff/interruptions?q=5150`);
      await page.screenshot({ path: path.join(SCREENS, "interruptions-list-375.png"), fullPage: true });
      await page.getByRole("link", { name: "Mark ongoing" }).click(); // tap 1
      await page.getByLabel("Public note").fill("Crew on site");
      await page.screenshot({ path: path.join(SCREENS, "status-change-375.png"), fullPage: true });
      expect(await page.getByRole("radio", { name: "Mark ongoing" }).isChecked()).toBe(true);
      await page.getByRole("button", { name: "Confirm" }).click(); // tap 2
      await page.getByText("Marked ongoing.").waitFor();

      await page.goto(`${t.url}/news/power-interruptions`);
      const row = page.locator(`#interruption-${id}`);
      expect(await row.locator(".pi-status").innerText()).toBe("Ongoing");
      expect(await row.innerText()).toContain("Crew on site");
      expect(await page.locator(".ticker__list").first().innerText()).toMatch(/Ongoing: .*Dasol/is);

      await page.goto(`${t.url}/staff/interruptions/${id}`);
      await page.screenshot({ path: path.join(SCREENS, "interruption-editor-375.png"), fullPage: true });
      const desktop = await openBrowser({ ...DESKTOP });
      try {
        await desktop.addCookies(dispatcher.browserCookies(t.url));
        const p2 = await desktop.newPage();
        await p2.goto(`${t.url}/staff/interruptions/${id}`);
        await p2.getByLabel("Find a barangay").fill("pob");
        await p2.screenshot({ path: path.join(SCREENS, "interruption-editor-1280.png"), fullPage: true });
        await p2.goto(`${t.url}/staff/interruptions/${id}/status?to=extended`);
        await p2.screenshot({ path: path.join(SCREENS, "status-change-1280.png"), fullPage: true });
      } finally {
        await desktop.cleanup();
      }
    } finally {
      await browser.cleanup();
    }
  });

  it("communications publishes an advisory with a PDF, which then appears in the Atom feed", async () => {
    const pdfPath = path.join(SCREENS, "Signal 2 bulletin.pdf");
    fs.writeFileSync(pdfPath, "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const browser = await openBrowser({ ...DESKTOP });
    try {
      await browser.addCookies(comms.browserCookies(t.url));
      const page = await browser.newPage();
      expect(await feedText(page)).not.toContain("Signal No. 2 over Bolinao");
      await page.goto(`${t.url}/staff/announcements/advisory/new`);
      await page.getByLabel("Title", { exact: true }).fill("Signal No. 2 over Bolinao");
      await page.getByLabel("Text", { exact: true }).fill("Expect outages along the coast.");
      await page.getByLabel("Attach files").setInputFiles(pdfPath);
      await page.getByRole("radio", { name: "Publish now" }).check();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved.").waitFor();
      const feed = await feedText(page);
      expect(feed).toContain("<title>Signal No. 2 over Bolinao</title>");
      expect(feed).toMatch(/rel="enclosure" href="[^"]+\.pdf" type="application\/pdf"[^>]*title="Signal 2 bulletin.pdf"/);
      await page.goto(`${t.url}/news/advisories`);
      expect(await page.getByText("Signal No. 2 over Bolinao").count()).toBe(1);
    } finally {
      await browser.cleanup();
    }
  });

  it("a scheduled advisory appears on the public page at its time, not before", async () => {
    const at = new Date(Date.now() + 3 * 86_400_000);
    const browser = await openBrowser({ ...DESKTOP });
    try {
      await browser.addCookies(comms.browserCookies(t.url));
      const page = await browser.newPage();
      await page.goto(`${t.url}/staff/announcements/advisory/new`);
      await page.getByLabel("Title", { exact: true }).fill("Scheduled maintenance notice 3030");
      await page.getByLabel("Text", { exact: true }).fill("Office closed for maintenance.");
      await page.getByRole("radio", { name: "Publish at the time below" }).check();
      await page.getByLabel("Publish at", { exact: true }).fill(toManilaLocalInput(at));
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved.").waitFor();
      expect(await page.getByText("Scheduled", { exact: true }).count()).toBeGreaterThan(0);

      await page.goto(`${t.url}/news/advisories`);
      expect(await page.getByText("Scheduled maintenance notice 3030").count()).toBe(0);
      expect(await feedText(page)).not.toContain("Scheduled maintenance notice 3030");

      setClock(new Date(at.getTime() + 60_000)); // the site's clock passes the publish time
      // Within a second (each process's schedule watcher drops its cached copies at that time).
      let shown = 0;
      for (let i = 0; i < 10 && !shown; i++) {
        await page.goto(`${t.url}/news/advisories`);
        shown = await page.getByText("Scheduled maintenance notice 3030").count();
        if (!shown) await page.waitForTimeout(100);
      }
      expect(shown).toBe(1);
      expect(await feedText(page)).toContain("Scheduled maintenance notice 3030");
    } finally {
      setClock(null);
      await browser.cleanup();
    }
  });

  it("refuses a rates CSV with one wrong row, naming the row, and stores nothing", async () => {
    const db = t.db.handle.db;
    const before = { rates: await getOfficialRates(db, 2024, 5), charges: await listGenerationCharges(db, 2024, 5) };
    const lines = ratesCsv(2024, 5, before.rates, before.charges).split("\r\n");
    const bad = lines.findIndex((l) => /^Power Source/.test(l)) + 3; // 1-based line of the third source row
    const cells = lines[bad - 1]!.split(",");
    cells[3] = "12o45"; // a typo in kWh Purchased
    lines[bad - 1] = cells.join(",");
    lines[1] = lines[1]!; // header kept
    const file = path.join(SCREENS, "rates-2024-05.csv");
    fs.writeFileSync(file, lines.join("\r\n").replace(/^(R,Residential,)[\d.]+/m, "$19.9999"));
    const browser = await openBrowser({ ...DESKTOP });
    try {
      await browser.addCookies(rates.browserCookies(t.url));
      const page = await browser.newPage();
      await page.goto(`${t.url}/staff/rates?year=2024&month=5`);
      await page.getByLabel("CSV file").setInputFiles(file);
      await page.getByRole("button", { name: "Check and import" }).click();
      const problems = page.getByRole("alert");
      await problems.getByText("Nothing was saved").waitFor();
      expect(await problems.innerText()).toContain(`Row ${bad}`);
      expect(await problems.innerText()).toContain("kWh Purchased");
      expect(await problems.innerText()).toContain('"12o45" is not a number.');
      expect(await getOfficialRates(db, 2024, 5)).toEqual(before.rates);
      expect(await listGenerationCharges(db, 2024, 5)).toEqual(before.charges);
    } finally {
      await browser.cleanup();
    }
  });
});
