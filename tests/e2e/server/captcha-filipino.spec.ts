/**
 * The captcha's own words on a Filipino page: ALTCHA 3 reads them from its language store by
 * the widget's `language` (app/components/ui/CaptchaField.tsx adds the Filipino ones), so the
 * box says "Hindi ako robot" and its footer "Pinoprotektahan ng ALTCHA", at 375 px; the English
 * page keeps ALTCHA's English. Screenshots go to tests/.tmp/screens (SHOTS_DIR).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSite } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";

process.env.ALTCHA_COST = "1";
const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("the captcha in Filipino", () => {
  const t = useSite({ env: { RATE_LIMIT: "off" } });
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser({ ...PHONE });
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => browser?.cleanup());

  it("says its words in Filipino on /fil/, and solves as before", async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/fil/service/bill-inquiry`);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Numero ng account").fill("01-0123-4567");
    const box = page.getByText("Hindi ako robot", { exact: true });
    await box.waitFor();
    expect(await page.getByText("Pinoprotektahan ng").count()).toBe(1);
    expect(await page.getByText("I'm not a robot").count()).toBe(0);
    expect(await page.getByText("Protected by").count()).toBe(0);
    await box.click();
    await page.getByText("Na-verify na").waitFor({ timeout: 30_000 });
    await page.locator(".captcha-field").screenshot({ path: path.join(SHOTS, "i36-captcha-fil-375.png") });
  });

  it("keeps ALTCHA's English on the English page", async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/service/bill-inquiry`);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Account number").fill("01-0123-4567");
    await page.getByText("I'm not a robot", { exact: true }).waitFor();
  });
});
