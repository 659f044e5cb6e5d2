/**
 * The captcha widget's module (ALTCHA, about 34 KiB gzip) is not part of a page's first load:
 * it loads when the visitor starts on the form that holds it (app/enhance/forms.js),
 * and scripts/check-bundle.mjs prints its size apart, "on use". Until then a plain line stands in its place.
 */

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays } from "../../../db/schema";
import { useSite } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";

// Keep the proof-of-work cheap in tests; read by the captcha module when it makes a challenge.
process.env.ALTCHA_COST = "1";

const PENDING = "The robot check appears here when you start filling in the form.";
const isAltcha = (url: string) => /\/assets\/altcha\.min-[\w-]+\.js$/.test(new URL(url).pathname);

/** Opens the page and waits until its first load is over, recording every script it requests. */
async function open(page: Page, url: string) {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await page.goto(url);
  // Its scripts run: nothing left to fetch.
  await page.waitForLoadState("networkidle");
  return scripts;
}

describe("the captcha loads on first use of its form", () => {
  const t = useSite({ env: { RATE_LIMIT: "off" } });
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let reportPath = "";

  beforeAll(async () => {
    browser = await openBrowser({ ...PHONE });
    const [barangay] = await t.db.handle.db.select().from(barangays).limit(1);
    reportPath = `/report?kind=line-down&barangay=${barangay!.id}`;
  });
  afterAll(async () => {
    await browser?.cleanup();
  });

  it("bill inquiry: not at page load; after the first keystroke; then the form is answered", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const scripts = await open(page, `${t.url}/service/bill-inquiry`);
    expect(scripts.length, "the page's own modules loaded").toBeGreaterThan(0);
    expect(scripts.filter(isAltcha)).toEqual([]);
    const captcha = page.getByRole("group", { name: "Captcha" });
    expect(await captcha.getByText(PENDING).isVisible()).toBe(true);

    const altcha = page.waitForRequest((r) => isAltcha(r.url()));
    await page.getByLabel("Account number").fill("01-0123-4567");
    await altcha;
    await page.getByText("I'm not a robot").click();
    expect(await captcha.getByText(PENDING).count()).toBe(0);
    const solution = page.locator('input[name="altcha"]');
    await expect.poll(() => solution.inputValue().catch(() => ""), { timeout: 30_000 }).not.toBe("");
    await page.getByRole("button", { name: "View account details" }).click();
    await page.getByRole("heading", { name: "No bill yet for 01-0123-4567" }).waitFor();
    expect(scripts.filter(isAltcha)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("outage report: not at page load; on the first tap in the form", async () => {
    const page = await browser.newPage();
    const scripts = await open(page, t.url + reportPath);
    expect(scripts.filter(isAltcha)).toEqual([]);
    expect(await page.getByRole("group", { name: "Check that you are not a robot" }).getByText(PENDING).isVisible()).toBe(true);

    const altcha = page.waitForRequest((r) => isAltcha(r.url()));
    await page.getByLabel("Where exactly?").click();
    await altcha;
    await page.getByText("I'm not a robot").waitFor();
    await page.close();
  });
});
