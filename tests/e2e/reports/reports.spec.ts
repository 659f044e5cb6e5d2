/**
 * Reporting an outage, as people and a dispatcher do it: a line down reported with a photo
 * at 375 px, a neighbour's "this is mine too", the dispatcher verifying and restoring it from
 * the console on a phone, and the reporter's page (and text messages) following each state.
 * Then the form without JavaScript, and the restoration hub. Screenshots go to
 * $SCREENSHOT_DIR when it is set (looked at by hand).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays, outageReports } from "../../../db/schema";
import { consumersFromRoll, declareMajorEvent, setBarangayPower } from "../../../modules/interruptions/restoration-hub.server";
import { processReportPhoto } from "../../../modules/reports/photo-jobs.server";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { type SmsGatewayStandIn, startSmsGateway } from "../../support/sms-gateway";
import { signInAs } from "../../support/staff";

process.env.ALTCHA_COST = "1";
const SHOTS = process.env.SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe("reporting an outage", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  let barangay: { id: number; name: string };

  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await createTestApp({ withPages: true, env: { SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey } });
    await t.listen();
    [barangay] = (await t.db.handle.db
      .select({ id: barangays.id, name: barangays.name })
      .from(barangays)
      .where(eq(barangays.town, "Bani"))
      .orderBy(barangays.name)
      .limit(1)) as [{ id: number; name: string }];
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  it("a line down with a photo, “this is mine too”, verified and restored by the dispatcher, each state on the reporter's page", async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#7a7" } })
      .withExif({ IFD0: { Make: "PhoneMaker" } })
      .jpeg()
      .toBuffer();
    const reporter = await openBrowser(PHONE);
    const neighbour = await openBrowser(PHONE);
    const dispatcherBrowser = await openBrowser(PHONE);
    try {
      // The reporter: the home card leads to the form.
      const page = await reporter.newPage();
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`${t.url}/`);
      await page.getByRole("link", { name: "Report an outage" }).click();
      await page.getByRole("heading", { name: "Report an outage or hazard" }).waitFor();
      await shot(page, "report-375-js-step1");
      await page.getByLabel("Line down or sparking").check();
      await page.getByLabel("Town and barangay").selectOption(String(barangay.id));
      await page.getByRole("button", { name: "Continue" }).click();
      // The safety warning comes first, before any field.
      const warning = page.getByRole("alert").filter({ hasText: "Stay at least 10 metres away" });
      await warning.waitFor();
      const order = await page.evaluate(() => {
        const w = document.querySelector(".report__safety")!;
        const f = document.querySelector(".report__form")!;
        return Boolean(w.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(order).toBe(true);
      expect(await warning.getByRole("link", { name: "(075) 553-0123" }).getAttribute("href")).toBe("tel:+63755530123");

      await page.getByLabel("Where exactly?").fill("beside the chapel, Sitio Centro");
      await page.getByLabel("What do you see? (optional)").fill("Wire on the road, sparking");
      await page.getByLabel("Photo (optional)").setInputFiles({ name: "line.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByLabel("Mobile number").fill("0917 123 4567");
      await page.getByText("I'm not a robot").click();
      await expect
        .poll(
          () =>
            page
              .locator('input[name="altcha"]')
              .inputValue()
              .catch(() => ""),
          { timeout: 30_000 },
        )
        .not.toBe("");
      await shot(page, "report-375-js-step2");
      await page.getByRole("button", { name: "Send report" }).click();
      await page.getByRole("heading", { name: "Your report" }).waitFor();
      // The new page opens at its top, as it does without JavaScript (not at the footer).
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      const statusUrl = page.url();
      expect(statusUrl).toMatch(/\/report\/status\/[A-Za-z0-9_-]{43}\?new=1$/);
      expect(await page.getByRole("status").innerText()).toContain("We have your report");
      expect(await page.getByRole("heading", { name: "Status: Received" }).isVisible()).toBe(true);
      expect(await page.locator(".summary-list").innerText()).toContain("We text 0917 ••• 4567 at each change.");
      const reference = (await page.locator(".report-status__reference").innerText()).trim();
      expect(reference).toMatch(/^R-/);
      await shot(page, "status-375-received");
      expect(errors, "no CSP or script errors").toEqual([]);

      // The neighbour sees it under "Already known" and adds to the count.
      const other = await neighbour.newPage();
      await other.goto(`${t.url}/report?kind=line-down&barangay=${barangay.id}`);
      const known = other.getByRole("region", { name: `Already known in ${barangay.name}` });
      expect(await known.innerText()).toContain("1 report");
      await known.getByRole("button", { name: /This is mine too/ }).click();
      // Adding to the count asks the same robot check as a report.
      await other.getByRole("heading", { name: "This is mine too" }).waitFor();
      await other.getByText("I'm not a robot").click();
      await expect
        .poll(
          () =>
            other
              .locator('input[name="altcha"]')
              .inputValue()
              .catch(() => ""),
          { timeout: 30_000 },
        )
        .not.toBe("");
      await shot(other, "report-375-me-too-confirm");
      await other.getByRole("button", { name: "Add me to this report" }).click();
      await other.getByRole("heading", { name: "Your report" }).waitFor();
      expect(await other.locator(".summary-list").innerText()).toMatch(/People who reported it\s*2/);

      // The worker's job re-encodes the photo (tests/reports/photo-job.test.ts runs it through the queue).
      const [own] = await t.db.handle.db.select({ id: outageReports.id }).from(outageReports).where(eq(outageReports.reference, reference));
      expect(await processReportPhoto(t.db.handle.db, own!.id)).toBe("ready");

      // The dispatcher, on a phone, verifies then restores it.
      const dispatcher = await signInAs(t, "dispatcher");
      await dispatcherBrowser.addCookies(dispatcher.browserCookies(t.url));
      const staffPage = await dispatcherBrowser.newPage();
      await staffPage.goto(`${t.url}/staff/incidents`);
      const card = staffPage.getByRole("listitem").filter({ hasText: `Line down or sparking: ${barangay.name}, Bani` });
      expect(await card.innerText()).toContain("2 reports");
      await shot(staffPage, "staff-incidents-375");
      await card.getByRole("link").click();
      await staffPage.getByRole("heading", { name: /Line down or sparking/ }).waitFor();
      expect(await staffPage.locator(".incident-reports").innerText()).toContain("beside the chapel");
      // The photo is lazy and has no stated size: it is visible once loaded (waitFor fails if it never is).
      await staffPage.getByRole("img", { name: `Sent with report ${reference}` }).waitFor({ state: "visible" });
      await staffPage.getByLabel("New state").selectOption("verified");
      await staffPage.getByLabel("Estimated restoration (Manila time)").fill("2030-01-02T18:30");
      await staffPage.getByRole("button", { name: "Save" }).click();
      await staffPage.getByRole("status").filter({ hasText: "Saved." }).waitFor();
      expect(await staffPage.getByRole("status").innerText()).toContain("Text messages sent: 1, failed: 0.");
      await shot(staffPage, "staff-incident-375");

      await page.goto(statusUrl.replace("?new=1", ""));
      expect(await page.getByRole("heading", { name: "Status: Verified" }).isVisible()).toBe(true);
      expect(await page.locator(".summary-list").innerText()).toContain("January 2, 2030");

      await staffPage.getByLabel("New state").selectOption("restored");
      await staffPage.getByLabel("Note for the reporters (optional)").fill("Line re-strung and energized.");
      await staffPage.getByRole("button", { name: "Save" }).click();
      // The "Saved." of the first change is still there: wait for this change in the history.
      await staffPage.getByRole("listitem").filter({ hasText: "Restored. Line re-strung and energized." }).waitFor();

      await page.reload();
      expect(await page.getByRole("heading", { name: "Status: Restored" }).isVisible()).toBe(true);
      const history = await page.locator(".report-status__history").innerText();
      expect(history).toMatch(
        /Received[\s\S]*Verified, estimated restoration January 2, 2030[\s\S]*Restored\. Line re-strung and energized\./,
      );
      await shot(page, "status-375-restored");
      await page.setViewportSize(DESKTOP);
      await shot(page, "status-1280-restored");

      // The reporter who left a number got a text for each change.
      expect(sms.messages.map((m) => m.number)).toEqual(["639171234567", "639171234567"]);
      expect(sms.messages[1]!.message).toContain(`${reference} (Line down or sparking, ${barangay.name}) is now: Restored.`);

      // The photo reached the dispatcher re-encoded, without the phone's EXIF.
      const img = await staffPage.request.get(`${t.url}${await staffPage.getByRole("img").first().getAttribute("src")}`);
      expect(img.headers()["content-type"]).toBe("image/jpeg");
      expect((await sharp(await img.body()).metadata()).exif).toBeUndefined();
    } finally {
      await reporter.cleanup();
      await neighbour.cleanup();
      await dispatcherBrowser.cleanup();
    }
  });

  it("works without JavaScript: keeps what was typed, asks a question instead of the captcha", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const browser = await openBrowser({ ...viewport, javaScriptEnabled: false });
      try {
        const page = await browser.newPage();
        await page.goto(`${t.url}/report`);
        await page.getByLabel("No power", { exact: true }).check();
        await page.getByLabel("Town and barangay").selectOption(String(barangay.id));
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByLabel("Mobile number").fill("0917 555 0000");
        await page.getByRole("button", { name: "Send report" }).click();
        // Nothing lost: the number is kept, the missing place is named beside its field.
        await page.getByRole("alert").filter({ hasText: "There is a problem" }).waitFor();
        expect(await page.locator("#landmark-error").innerText()).toContain("Describe the place");
        expect(await page.getByLabel("Mobile number").inputValue()).toBe("0917 555 0000");
        expect(await page.getByText("Add my phone's position").isVisible()).toBe(false);
        await page.getByLabel("Where exactly?").fill("Purok 3, near the school");
        const question = await page.locator('label[for="questionAnswer"]').innerText();
        const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
        const [, a, b] = /What is (\w+) plus (\w+)\?/.exec(question)!;
        await page.getByLabel(/What is/).fill(String(words.indexOf(a!) + words.indexOf(b!)));
        await shot(page, `report-${viewport.width}-nojs`);
        await page.getByRole("button", { name: "Send report" }).click();
        await page.getByRole("heading", { name: "Your report" }).waitFor();
        expect(await page.getByRole("heading", { name: "Status: Received" }).isVisible()).toBe(true);
      } finally {
        await browser.cleanup();
      }
    }
  });

  it("shows the restoration hub and the major event banner on every page, and reads it offline", async () => {
    const db = t.db.handle.db;
    await setBarangayPower(db, {
      barangayId: barangay.id,
      consumers: 420,
      consumersOff: 120,
      etr: new Date("2030-01-02T10:30:00Z"),
      crews: 2,
      actorId: "",
    });
    await declareMajorEvent(db, { title: "Typhoon Ramon: major event", message: "Crews from all towns are deployed.", actorId: "" });
    await t.bus.publish("content-changed", "outages");
    // The phone last: its offline check closes the server.
    for (const viewport of [DESKTOP, PHONE]) {
      const browser = await openBrowser(viewport);
      try {
        const page = await browser.newPage();
        await page.goto(`${t.url}/outages`);
        expect(await page.getByRole("complementary", { name: "Major event" }).innerText()).toContain("Typhoon Ramon: major event");
        // The town counts its other barangays' consumers from the member roll, all with power.
        const roll = await consumersFromRoll(db);
        const others = (await db.select().from(barangays).where(eq(barangays.town, "Bani")))
          .filter((b) => b.id !== barangay.id)
          .reduce((n, b) => n + (roll.get(b.id) ?? 0), 0);
        // Bani's fold on the hub, opened from the map as a member does.
        await page.getByRole("link", { name: /^Bani \d+%: .* Show its barangays$/ }).click();
        const bani = page.locator("#barangays-bani");
        await bani.waitFor({ state: "visible" });
        expect(await bani.innerText()).toContain(`${300 + others} of ${420 + others}`);
        expect(await bani.locator(".outages__areas").innerText()).toContain(
          `${barangay.name}: 120 of 420 consumers without power; estimated restoration January 2, 2030`,
        );
        await shot(page, `outages-${viewport.width}`);
        if (viewport === PHONE) {
          await page.goto(`${t.url}/about-us`);
          expect(await page.getByRole("complementary", { name: "Major event" }).isVisible()).toBe(true);
          // Offline: the saved copy of the hub is shown with its notice.
          await page.goto(`${t.url}/outages`);
          await page.evaluate(async () => void (await navigator.serviceWorker.ready));
          await page.reload();
          await page.waitForFunction(async () => (await (await caches.open("pages-v1")).keys()).some((r) => r.url.endsWith("/outages")));
          // Offline: the browser's offline mode, and the server gone too (Chromium lets a
          // service worker's own fetches through its offline emulation).
          await browser.setOffline(true);
          const closed = t.app.close();
          t.app.server.closeAllConnections();
          await closed;
          await page.goto(`${t.url}/outages`);
          await page.getByRole("heading", { name: "Outages and restoration status" }).waitFor();
          expect(await page.locator(".offline-notice").innerText()).toContain("You are offline.");
        }
      } finally {
        await browser.cleanup();
      }
    }
  });
});
