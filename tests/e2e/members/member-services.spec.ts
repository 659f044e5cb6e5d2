/**
 * Member services in Chromium:
 * - the AGAM registration page outside its window: a clear message with the dates, no form, nothing stored;
 * - a roll import with bad rows: the summary and each refused row with its reason;
 * - a data-subject erasure, then a search that finds nothing;
 * - the tally at 375 and 1280 px fits the screen (screenshots to SHOTS_DIR, or tests/.tmp/screens).
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setWindow } from "../../../modules/agam/admin.server";
import { demoAccountNumber, registeredDemoAccount } from "../../../seed/accounts";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";

const SCREENS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("member services", () => {
  let t: TestApp;
  let staff: TestStaff;
  const db = () => t.db.handle.db;
  const count = async (table: string) => {
    const r = await db().execute(sql.raw(`select count(*)::int as n from ${table}`));
    return (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows)[0]!.n as number;
  };

  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
    await t.listen();
    staff = await signInAs(t, "member-services");
    fs.mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => t?.close());

  it("AGAM registration outside its window says so with the dates and stores nothing", async () => {
    await setWindow(db(), { opensAt: new Date("2030-04-01T00:00:00Z"), closesAt: new Date("2030-04-20T09:00:00Z") });
    const before = await count("agam_registrations");
    const browser = await openBrowser(PHONE);
    try {
      const page = await browser.newPage();
      await page.goto(`${t.url}/agam-registration`);
      await expect.poll(() => page.getByRole("heading", { name: "Registration is not open" }).isVisible()).toBe(true);
      const text = await page.getByRole("status").first().innerText();
      expect(text).toContain("AGAM registration is not open yet. It opens on April 1, 2030, 8:00 AM and closes on April 20, 2030, 5:00 PM");
      expect(await page.getByLabel("Account number").count()).toBe(0);
      // A form posted anyway (an old tab) is refused with the same message.
      const posted = await page.request.post(`${t.url}/agam-registration`, {
        form: { intent: "lookup", account: demoAccountNumber(6, 4) },
        headers: { origin: t.url },
      });
      expect(posted.status()).toBe(403);
      expect(await count("agam_registrations")).toBe(before);
    } finally {
      await browser.cleanup();
      await db().execute(sql`delete from agam_window`);
    }
  });

  it("a roll with bad rows: the good one is added, each bad one refused with its reason", async () => {
    const browser = await openBrowser(DESKTOP);
    try {
      await browser.addCookies(staff.browserCookies(t.url));
      const page = await browser.newPage();
      await page.goto(`${t.url}/staff/members/roll`);
      const csv = [
        "account_number,name,membership_number,address,town,district,mobile_number",
        "08-7100-0001,GARCIA LUZ,M-8710001,Poblacion,Dasol,8,0917 222 3333",
        "08-7100-0002,,M-8710002,Poblacion,Dasol,8,",
        "08-7100-0003,CRUZ BEN,M-8710003,Poblacion,Dasol,12,",
      ].join("\n");
      await page.getByLabel("Roll (CSV file)").setInputFiles({ name: "roll.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Check and import" }).click();
      await expect.poll(() => page.getByRole("status").innerText()).toContain("1 added, 0 updated, 2 refused");
      const table = page.getByRole("table", { name: "Refused rows" });
      expect(await table.getByRole("row").nth(1).innerText()).toContain("name is empty");
      expect(await table.getByRole("row").nth(2).innerText()).toContain('district "12" must be a number from 1 to 9');
    } finally {
      await browser.cleanup();
    }
  });

  it("a data-subject erasure, then a search finds nothing", async () => {
    const [row] = await db()
      .execute(sql`select email from agam_registrations where account_number = ${registeredDemoAccount(7)}`)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { email: string }[] }).rows));
    const email = String(row!.email);
    const browser = await openBrowser(PHONE);
    try {
      await browser.addCookies(staff.browserCookies(t.url));
      const page = await browser.newPage();
      await page.goto(`${t.url}/staff/members/privacy`);
      await page.getByLabel("Account number, e-mail or mobile number").fill(email);
      await page.getByRole("button", { name: "Find records" }).click();
      await expect.poll(() => page.getByRole("heading", { level: 2, name: /records? found/ }).innerText()).toMatch(/^\d+ records? found$/);
      await page.getByLabel("Reason (recorded in the audit log)").fill("The member's written request at the Dasol office");
      await page.getByLabel(/I confirm/).check();
      await page.getByRole("button", { name: "Erase" }).click();
      await expect.poll(() => page.getByRole("status").innerText()).toMatch(/^Erased \d+ records?\.$/);
      // The page searches again after the erasure: nothing is left.
      await expect.poll(() => page.getByRole("heading", { level: 2, name: "No records found" }).isVisible()).toBe(true);
      await page.screenshot({ path: path.join(SCREENS, "data-request-375.png"), fullPage: true });
    } finally {
      await browser.cleanup();
    }
  });

  for (const [label, size] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const)
    it(`the tally at ${label} px fits the screen`, async () => {
      const browser = await openBrowser(size);
      try {
        await browser.addCookies(staff.browserCookies(t.url));
        const page = await browser.newPage();
        await page.goto(`${t.url}/staff/members/agam-tally`);
        expect(await page.getByRole("heading", { level: 1, name: "AGAM tally" }).isVisible()).toBe(true);
        expect(await page.getByRole("progressbar", { name: "Quorum progress" }).isVisible()).toBe(true);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SCREENS, `tally-${label}.png`), fullPage: true });
        // The other AGAM pages fit too (wide tables scroll inside their own box).
        for (const [name, url] of [
          ["agam-admin", "/staff/members/agam"],
          ["agam-registrations", "/staff/members/agam/registrations"],
        ]) {
          await page.goto(`${t.url}${url}`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), url).toBeLessThanOrEqual(0);
          await page.screenshot({ path: path.join(SCREENS, `${name}-${label}.png`), fullPage: true });
        }
        await page.goto(`${t.url}/staff/members/agam-tally`);
        if (label === "1280") {
          await page.emulateMedia({ media: "print" });
          await page.screenshot({ path: path.join(SCREENS, "tally-print.png"), fullPage: true });
          await page.pdf({ path: path.join(SCREENS, "tally-a4.pdf"), format: "A4" }).catch(() => {});
        }
      } finally {
        await browser.cleanup();
      }
    });
});
