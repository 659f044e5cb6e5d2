/**
 * The language switch keeps the page and its query, at 375 px with JavaScript off and on:
 * on the sign-in code page (the code's reference is in the query) the switch is followed by a
 * successful sign-in in Filipino; the rates month and the interruptions' town filter stay
 * chosen across a switch.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { portalMessages } from "../../../app/messages/portal";
import { demoAccountNumber } from "../../../seed/accounts";
import { useSite } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";
import { startSmsGateway } from "../../support/sms-gateway";

const sms = await startSmsGateway();
const fil = portalMessages.fil;

const lastCode = async (after: number) => {
  await expect.poll(() => sms.messages.length, { timeout: 10_000 }).toBeGreaterThan(after);
  return /\b(\d{6})\b/.exec(sms.messages.at(-1)!.message)![1]!;
};

const switchLanguage = (page: Page, to: "Filipino" | "English") =>
  page
    .getByRole("link", { name: new RegExp(`${to}$`) })
    .first()
    .click();

describe("the language switch", () => {
  const t = useSite({ env: { SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey, RATE_LIMIT: "off" } });
  afterAll(async () => sms.close());

  for (const js of [false, true]) {
    it(`on the code page, then a successful sign-in in Filipino, JavaScript ${js ? "on" : "off"} at 375 px`, async () => {
      const browser = await openBrowser({ ...PHONE, javaScriptEnabled: js });
      try {
        const page = await browser.newPage();
        // A member of the portal: registered once by the code texted to the number on file.
        const account = demoAccountNumber(8, js ? 6 : 5);
        await page.goto(`${t.url}/mco/register`);
        await page.getByLabel("Account number").fill(account);
        let before = sms.messages.length;
        await page.getByRole("button", { name: "Send the code" }).click();
        await page.getByLabel("6-digit code").fill(await lastCode(before));
        const mobile = sms.messages.at(-1)!.number;
        await page.getByRole("button", { name: "Confirm" }).click();
        await page.getByRole("heading", { name: new RegExp(`^Account ${account}`) }).waitFor();
        await page.getByRole("button", { name: "Sign out" }).click();
        await page.getByRole("heading", { name: "Sign in to the member portal" }).waitFor();

        // Signing in: the code is asked for in English, the page switched to Filipino, the code typed there.
        await page.getByLabel("Mobile number or e-mail").fill(`0${mobile.slice(2)}`);
        before = sms.messages.length;
        await page.getByRole("button", { name: "Send me a code" }).click();
        await page.getByRole("heading", { name: "Enter your code" }).waitFor();
        const reference = new URL(page.url()).searchParams.get("r");
        expect(reference).toBeTruthy();
        await switchLanguage(page, "Filipino");
        await page.getByLabel(fil["mco.code.label"]).waitFor();
        const switched = new URL(page.url());
        expect(switched.pathname).toBe("/fil/mco/login/code");
        expect(switched.searchParams.get("r")).toBe(reference);
        await page.getByLabel(fil["mco.code.label"]).fill(await lastCode(before));
        await page.getByRole("button", { name: fil["mco.signIn"] }).click();
        await page.waitForURL((u) => u.pathname === "/fil/mco");
        expect(await page.locator("main").innerText()).toContain(account);
      } finally {
        await browser.cleanup();
      }
    });

    it(`keeps the rates month and the interruptions' town, JavaScript ${js ? "on" : "off"} at 375 px`, async () => {
      const browser = await openBrowser({ ...PHONE, javaScriptEnabled: js });
      try {
        const page = await browser.newPage();
        await page.goto(`${t.url}/rates?year=2024&month=3`);
        await switchLanguage(page, "Filipino");
        await page.waitForURL((u) => u.pathname === "/fil/rates");
        expect(new URL(page.url()).search).toBe("?year=2024&month=3");
        expect(await page.locator("select#month").inputValue()).toBe("3");
        expect(await page.locator("select#year").inputValue()).toBe("2024");
        // And back, still March 2024.
        await switchLanguage(page, "English");
        await page.waitForURL((u) => u.pathname === "/rates");
        expect(new URL(page.url()).search).toBe("?year=2024&month=3");

        await page.goto(`${t.url}/news/power-interruptions?town=Bani`);
        await switchLanguage(page, "Filipino");
        await page.waitForURL((u) => u.pathname === "/fil/news/power-interruptions");
        expect(new URL(page.url()).searchParams.get("town")).toBe("Bani");
        expect(await page.locator("#town").inputValue()).toBe("Bani");
      } finally {
        await browser.cleanup();
      }
    });
  }

  it("carries no query the page does not read", async () => {
    const res = await fetch(`${t.url}/rates?year=2024&month=3&utm_source=sms`);
    const html = await res.text();
    expect(html).toContain(`/language/fil?to=${encodeURIComponent("/rates?year=2024&month=3")}"`);
  });
});
