/**
 * The rate schedule editor as staff use it on a phone and a desktop, JavaScript off and on: a
 * published figure (4.9326, VAT 0.5919 Php/kWh) is shown whole in its box at 375 px, the VAT's
 * basis is chosen per line, a save lands on the editor with its message and a link to the
 * revisions, and the revisions page lists the save. Screenshots go to SCREENSHOT_DIR when set.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkScheduleInput } from "../../../modules/rates/schedule";
import { saveSchedule } from "../../../modules/rates/schedule.server";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";

let t: TestApp;
/** Each pass saves a new VAT figure: 0.5920, 0.5921, …, so every save changes something. */
let saves = 0;
let admin: TestStaff;
const shots = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  t = await createTestApp({ withPages: true });
  await t.listen();
  admin = await signInAs(t, "rates");
  const checked = checkScheduleInput([
    {
      classCode: "R",
      values: {
        generation: { rate: "4.9326", vat: "0.5919", vatBasis: "per-unit" },
        transmission_kwh: { rate: "1.7427", vat: "0.2091", vatBasis: "per-unit" },
        metering_meter: { rate: "5.00", vat: "12", vatBasis: "percent" },
      },
    },
  ]);
  if (!checked.ok) throw new Error("schedule refused");
  await saveSchedule(
    { db: t.db.handle.db, actor: { id: admin.id, name: "Admin" }, contentChanged: async () => {} },
    2024,
    12,
    checked.classes,
    new Date("2024-11-30T16:00:00Z"),
  );
});
afterAll(async () => t?.close());

describe("the rate schedule editor", () => {
  for (const js of [false, true])
    for (const size of [PHONE, DESKTOP])
      it(`shows each published figure whole and saves, at ${size.width} px, JavaScript ${js ? "on" : "off"}`, async () => {
        const browser = await openBrowser({ javaScriptEnabled: js, ...size });
        try {
          await browser.addCookies(admin.browserCookies(t.url));
          const page = await browser.newPage();
          await page.goto(`${t.url}/staff/rates/schedule?year=2024&month=12`);
          const rate = page.getByLabel("Residential: Generation charge, Php/kWh");
          await expect(rate.inputValue()).resolves.toBe("4.9326");
          const vat = page.getByLabel("Residential: VAT on Generation charge", { exact: true });
          await expect(vat.inputValue()).resolves.toBe(saves === 0 ? "0.5919" : `0.59${19 + saves}`);
          await expect(page.getByLabel("Residential: VAT on Generation charge given as").inputValue()).resolves.toBe("per-unit");
          // The whole value is in view: the box is wider than its text, and the VAT box is on screen.
          for (const box of [rate, vat]) {
            const fits = await box.evaluate((el) => (el as HTMLInputElement).scrollWidth <= (el as HTMLInputElement).clientWidth);
            expect(fits).toBe(true);
            const b = await box.boundingBox();
            expect(b!.x + b!.width).toBeLessThanOrEqual(size.width);
          }
          const name = `schedule-${size.width}-js-${js ? "on" : "off"}`;
          if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });
          if (shots) {
            await vat.scrollIntoViewIfNeeded();
            await page.screenshot({ path: path.join(shots, `${name}-vat.png`) });
          }
          saves++;
          const typed = `0.59${19 + saves}`;
          await vat.fill(typed);
          await page.getByRole("button", { name: "Check and save" }).click();
          await page.waitForURL(/saved=/);
          await expect(page.getByRole("status").first().textContent()).resolves.toContain("Saved the rate schedule of December 2024");
          await expect(page.getByLabel("Residential: VAT on Generation charge", { exact: true }).inputValue()).resolves.toBe(typed);
          if (shots) await page.screenshot({ path: path.join(shots, `${name}-saved.png`) });
          await page.getByRole("link", { name: "see the revisions or restore one" }).click();
          await page.waitForURL(/\/staff\/history\/rate-schedule\/2024-12/);
          await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Revisions: Rate schedule of one month");
          if (shots) await page.screenshot({ path: path.join(shots, `${name}-history.png`), fullPage: true });
        } finally {
          await browser.cleanup();
        }
      });
});
