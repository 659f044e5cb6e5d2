/**
 * The usage chart on the account page: on a 375 px phone (JavaScript off and on) it shows the
 * latest 12 months at the phone's width, the latest month at the right edge and nothing off to
 * the side; at 1280 px the 13 months. Screenshots of the chart go to tests/.tmp/screens.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { demoAccountNumber } from "../../../seed/accounts";
import { useSite } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { startSmsGateway } from "../../support/sms-gateway";

const sms = await startSmsGateway();
const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

const lastCode = async (after: number) => {
  await expect.poll(() => sms.messages.length, { timeout: 10_000 }).toBeGreaterThan(after);
  return /\b(\d{6})\b/.exec(sms.messages.at(-1)!.message)![1]!;
};

/** Registers an account by the code texted to its number on file; lands on the account page. */
async function register(page: Page, url: string, account: string) {
  await page.goto(`${url}/mco/register`);
  await page.getByLabel("Account number").fill(account);
  const before = sms.messages.length;
  await page.getByRole("button", { name: "Send the code" }).click();
  await page.getByLabel("6-digit code").fill(await lastCode(before));
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("heading", { name: new RegExp(`^Account ${account}`) }).waitFor();
}

/** The chart's drawings, as a person sees them: shown or not, bars drawn, the month labels' right edges. */
const drawings = (page: Page) =>
  page.locator("figure.portal-chart-figure svg").evaluateAll((svgs) =>
    svgs.map((svg) => {
      const shown = getComputedStyle(svg).display !== "none";
      const labels = [...svg.querySelectorAll("g > text:first-of-type")].filter((t) => t.closest("g")?.querySelector("rect"));
      const last = labels.at(-1)?.getBoundingClientRect();
      return {
        shown,
        months: svg.querySelectorAll("g:has(> rect)").length,
        title: svg.querySelector("title")?.textContent ?? "",
        lastLabel: labels.at(-1)?.textContent ?? "",
        lastRight: last ? last.right : 0,
        right: svg.getBoundingClientRect().right,
      };
    }),
  );

describe("the usage chart", () => {
  const t = useSite({ env: { SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey, RATE_LIMIT: "off" } });
  afterAll(async () => sms.close());

  for (const js of [false, true]) {
    it(`shows the latest 12 months without scrolling sideways at 375 px, JavaScript ${js ? "on" : "off"}`, async () => {
      const browser = await openBrowser({ ...PHONE, javaScriptEnabled: js });
      try {
        const page = await browser.newPage();
        const account = demoAccountNumber(3, js ? 9 : 5);
        await register(page, t.url, account);
        const [wide, phone] = await drawings(page);
        expect(wide!.shown).toBe(false);
        expect(phone!.shown).toBe(true);
        expect(phone!.months).toBe(12);
        // The latest month, first row of the table beside it, ends the drawing and is on screen.
        const latest = await page.locator(".portal-table tbody tr").first().locator("td").first().innerText();
        expect(phone!.title).toMatch(new RegExp(`${latest}$`));
        expect(latest.startsWith(phone!.lastLabel)).toBe(true);
        expect(phone!.lastRight).toBeLessThanOrEqual(PHONE.width);
        expect(phone!.right).toBeLessThanOrEqual(PHONE.width);
        // Nothing on the page scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        fs.mkdirSync(SHOTS, { recursive: true });
        await page
          .locator("figure.portal-chart-figure")
          .screenshot({ path: path.join(SHOTS, `i36-usage-chart-js-${js ? "on" : "off"}-375.png`) });
      } finally {
        await browser.cleanup();
      }
    });
  }

  it("shows 13 months at 1280 px", async () => {
    const browser = await openBrowser({ ...DESKTOP });
    try {
      const page = await browser.newPage();
      await register(page, t.url, demoAccountNumber(3, 11));
      const [wide, phone] = await drawings(page);
      expect(wide!.shown).toBe(true);
      expect(phone!.shown).toBe(false);
      expect(wide!.months).toBe(13);
      await page.locator("figure.portal-chart-figure").screenshot({ path: path.join(SHOTS, "i36-usage-chart-1280.png") });
    } finally {
      await browser.cleanup();
    }
  });
});
