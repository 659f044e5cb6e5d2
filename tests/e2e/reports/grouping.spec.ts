/**
 * Grouping is not closing: a dispatcher on a phone finds a report by the R-… reference a caller
 * reads out, groups its incident into another open one with the picker (searched by the other
 * caller's reference or a word of the place), and the reporter's own
 * status page then follows that incident (its state and estimated restoration) until the power
 * is back. A screenshot of the reporter's page after grouping goes to SHOTS_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays } from "../../../db/schema";
import { fileReport } from "../../../modules/reports/queries.server";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("grouping reports", () => {
  let t: TestApp;
  let dispatcher: TestStaff;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    dispatcher = await signInAs(t, "dispatcher");
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => t?.close());

  it("a grouped report's page keeps showing the incident's progress; staff find it by its reference", async () => {
    const db = t.db.handle.db;
    const [a, b] = await db.select().from(barangays).where(eq(barangays.town, "Alaminos")).limit(2);
    const base = { kind: "no-power" as const, details: "", accountNumber: "", mobile: "" };
    const first = await fileReport(db, { ...base, barangayId: a!.id, landmark: "near the plaza" });
    const second = await fileReport(db, { ...base, barangayId: b!.id, landmark: "by the school" });

    const browser = await openBrowser({ ...PHONE });
    try {
      await browser.addCookies(dispatcher.browserCookies(t.url));
      const page = await browser.newPage();
      await page.goto(`${t.url}/staff/incidents`);
      // The caller reads out the reference of the second report.
      await page.getByLabel(/Reference \(R-…\)/).fill(second.reference.toLowerCase());
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(new RegExp(`/staff/incidents/${second.incidentId}$`));
      // The picker is searched by the other caller's reference, without JavaScript's help:
      // one match, chosen already.
      await page.getByLabel(/Find an open incident/).fill(first.reference.toLowerCase());
      await page.getByRole("button", { name: "Find", exact: true }).click();
      await page.getByText(/^1 open incident matches/).waitFor();
      expect(await page.getByLabel(/Group into the open incident/).inputValue()).toBe(String(first.incidentId));
      await page.getByLabel(/Find an open incident/).fill("no such place");
      await page.getByRole("button", { name: "Find", exact: true }).click();
      await page.getByText(/^No other open incident matches/).waitFor();
      await page.getByLabel(/Find an open incident/).fill("plaza");
      await page.getByRole("button", { name: "Find", exact: true }).click();
      await page.getByText(/^1 open incident matches/).waitFor();
      await page.getByLabel("New state").selectOption({ label: "Closed: already reported" });
      await page.getByLabel(/Group into the open incident/).selectOption(String(first.incidentId));
      await page.getByLabel("Note for the reporters (optional)").fill("Same line as the report near the plaza.");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText(/^Saved\./).waitFor();

      await page.goto(`${t.url}/staff/incidents/${first.incidentId}`);
      await page.getByLabel("New state").selectOption({ label: "Crew on site" });
      await page.getByLabel(/Estimated restoration/).fill("2030-01-02T15:00");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText(/^Saved\./).waitFor();

      const reporter = await browser.newPage();
      await reporter.goto(`${t.url}/report/status/${second.statusToken}`);
      const text = await reporter.locator("main, .page").first().innerText();
      expect(text).toContain(`grouped with theirs (incident ${first.incidentId})`);
      expect(text).toContain("Status: Crew on site");
      expect(text).toMatch(/January 2, 2030/);
      expect(text).not.toContain("Closed: already reported");
      // The dispatcher's note on grouping reaches this reporter, the place is the report's own,
      // and the count includes the grouped report.
      expect(text).toContain("Grouped with the reports of others about the same problem. Same line as the report near the plaza.");
      expect(text).toMatch(new RegExp(`Where\\s+${b!.name}, Alaminos \\(by the school\\)`));
      expect(text).toMatch(/People who reported it\s+2/);
      const first_ = await reporter.goto(`${t.url}/report/status/${first.statusToken}`);
      expect(first_?.status()).toBe(200);
      expect(await reporter.locator("main, .page").first().innerText()).toMatch(/People who reported it\s+2/);
      await reporter.goto(`${t.url}/report/status/${second.statusToken}`);
      await reporter.screenshot({ path: path.join(SHOTS, "23-status-after-grouping-375.png"), fullPage: true });
    } finally {
      await browser.cleanup();
    }
  });
});
