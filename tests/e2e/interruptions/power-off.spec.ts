/**
 * The dispatcher's emergency on a phone (375 px, JavaScript on): "Power off now", the town,
 * "Power off now in Bani" — three taps. The interruption is published and ongoing from now,
 * /outages counts Bani's barangays without power, and the subscribers of Bani get their alert
 * as for a planned interruption. Screenshots of each step and of /outages go to SHOTS_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, powerInterruptions } from "../../../db/schema";
import { CONSENT_TEXT } from "../../../modules/alerts/messages";
import { confirmEmail, createSubscription } from "../../../modules/alerts/subscriptions.server";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";
import { waitUntil } from "../../support/wait";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("power off now", () => {
  let t: TestApp;
  let dispatcher: TestStaff;

  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { ALERTS_WORKER: "on" } });
    await t.listen();
    dispatcher = await signInAs(t, "dispatcher");
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => t?.close());

  it("takes three taps on a phone, and the public pages and alerts follow", async () => {
    const db = t.db.handle.db;
    const sub = await createSubscription(db, {
      areas: [{ town: "Bani", barangayId: null }],
      email: "bani-member@example.test",
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    await confirmEmail(db, sub.emailToken!);

    const browser = await openBrowser({ ...PHONE });
    try {
      await browser.addCookies(dispatcher.browserCookies(t.url));
      const page = await browser.newPage();
      await page.goto(`${t.url}/staff/interruptions`);
      await page.screenshot({ path: path.join(SHOTS, "23-emergency-1-list.png") });
      await page.getByRole("link", { name: "Power off now" }).click(); // tap 1
      await page.getByRole("link", { name: "Bani", exact: true }).waitFor();
      await page.screenshot({ path: path.join(SHOTS, "23-emergency-2-town.png"), fullPage: true });
      await page.getByRole("link", { name: "Bani", exact: true }).click(); // tap 2
      const go = page.getByRole("button", { name: "Power off now in Bani" }).first();
      await go.waitFor();
      // Date and time are filled in with now; the required ones say so.
      expect(await page.getByLabel(/Power off since: date/).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await page.getByLabel(/^Time/).inputValue()).toMatch(/^\d{2}:\d{2}$/);
      expect(await page.locator("label", { hasText: "Power off since: date" }).innerText()).toContain("(required)");
      expect(await page.locator("label", { hasText: "Estimated restoration" }).innerText()).toContain("(optional)");
      await page.screenshot({ path: path.join(SHOTS, "23-emergency-3-form.png"), fullPage: true });
      await go.click(); // tap 3
      await page.getByText(/All of Bani: without power since/).waitFor();
      expect(new URL(page.url()).pathname).toBe("/staff/interruptions");
      await page.screenshot({ path: path.join(SHOTS, "23-emergency-4-done.png"), fullPage: true });

      const [row] = await db
        .select()
        .from(powerInterruptions)
        .where(eq(powerInterruptions.activities, "<p>Unscheduled power interruption</p>"));
      expect(row).toMatchObject({ status: "ongoing", publication: "published" });
      expect(row!.startsAt.getTime()).toBeLessThanOrEqual(Date.now());

      await page.goto(`${t.url}/outages`);
      // Bani's fold on the hub, opened as a member does.
      await page.locator(".outages__town-name", { hasText: /^Bani$/ }).click();
      const bani = page.locator("#barangays-bani");
      expect(await bani.innerText()).toMatch(/Power interruption until/);
      expect(await page.getByText("No area is reported without power").count()).toBe(0);
      await page.screenshot({ path: path.join(SHOTS, "23-outages-ongoing-375.png"), fullPage: true });

      // The subscriber of Bani is alerted, as for a planned interruption.
      const alert = await waitUntil(
        async () =>
          (
            await db
              .select()
              .from(alertDeliveries)
              .where(and(eq(alertDeliveries.interruptionId, row!.id), eq(alertDeliveries.channel, "email")))
          )[0],
      );
      expect(alert.body).toContain("Areas: Bani");
      expect(alert.body).toContain("Work: Unscheduled power interruption");
    } finally {
      await browser.cleanup();
    }
  });

  it("without JavaScript too, and a wrong barangay keeps the town and says what to fix", async () => {
    const browser = await openBrowser({ ...PHONE, javaScriptEnabled: false });
    try {
      await browser.addCookies(dispatcher.browserCookies(t.url));
      const page = await browser.newPage();
      await page.goto(`${t.url}/staff/interruptions/power-off?town=Agno`);
      await page.getByLabel(/Only these barangays/).fill("Nowhere Sitio");
      await page.getByRole("button", { name: "Power off now in Agno" }).first().click();
      await page.getByRole("link", { name: /not found: Nowhere Sitio/ }).waitFor();
      expect(await page.getByLabel(/Only these barangays/).inputValue()).toBe("Nowhere Sitio");
      await page.getByLabel(/Only these barangays/).fill("");
      await page.getByRole("button", { name: "Power off now in Agno" }).first().click();
      await page.getByText(/All of Agno: without power since/).waitFor();
    } finally {
      await browser.cleanup();
    }
  });
});
