/**
 * Reporting an outage from the member portal, at 375 px with JavaScript off and on: a guest
 * report made on /report with the account number (typed with spaces) shows on that account's
 * page once the member signs in; "Report a power outage" on the account opens the same form
 * with the account and the member's number filled in; the report made there is listed on the
 * account with its status. Screenshots go to $SCREENSHOT_DIR when it is set.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outageReports } from "../../../db/schema";
import { demoAccountNumber } from "../../../seed/accounts";
import { useSite } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";
import { startSmsGateway } from "../../support/sms-gateway";

process.env.ALTCHA_COST = "1";
const sms = await startSmsGateway();
const SHOTS = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

const lastCode = async (after: number) => {
  await expect.poll(() => sms.messages.length, { timeout: 10_000 }).toBeGreaterThan(after);
  return /\b(\d{6})\b/.exec(sms.messages.at(-1)!.message)![1]!;
};

/** Registers an account by the code texted to its number on file; lands on the account page. */
async function register(page: Page, url: string, typed: string, account: string) {
  await page.goto(`${url}/mco/register`);
  await page.getByLabel("Account number").fill(typed);
  const before = sms.messages.length;
  await page.getByRole("button", { name: "Send the code" }).click();
  await page.getByRole("heading", { name: "Enter your code" }).waitFor();
  await page.getByLabel("6-digit code").fill(await lastCode(before));
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("heading", { name: new RegExp(`^Account ${account}`) }).waitFor();
}

/** The robot check: the proof of work with JavaScript, the small sum without. */
async function passRobotCheck(page: Page, js: boolean) {
  if (js) {
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
    return;
  }
  const question = await page.locator('label[for="questionAnswer"]').innerText();
  const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
  const [, a, b] = /What is (\w+) plus (\w+)\?/.exec(question)!;
  await page.getByLabel(/What is/).fill(String(words.indexOf(a!) + words.indexOf(b!)));
}

/** On step two of /report: the barangay is chosen already when the account's address names it. */
async function chooseBarangayIfAsked(page: Page) {
  const select = page.getByLabel("Town and barangay");
  if (await select.count()) {
    await select.selectOption({ index: 1 });
    await page.getByRole("button", { name: "Continue" }).click();
  }
}

describe("outage reports from the member portal", () => {
  const t = useSite({ env: { SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey, RATE_LIMIT: "off" } });
  afterAll(async () => sms.close());

  for (const js of [false, true]) {
    const ACCOUNT = demoAccountNumber(6, js ? 5 : 4);
    const spaced = ` ${ACCOUNT.replaceAll("-", " ")} `;
    const digits = ACCOUNT.replaceAll("-", "");
    let browser: BrowserContext & { cleanup(): Promise<void> };
    beforeAll(async () => {
      browser = await openBrowser({ ...PHONE, javaScriptEnabled: js });
    });
    afterAll(async () => browser?.cleanup());

    it(`a guest report and one from the account, both listed on it, JavaScript ${js ? "on" : "off"} at 375 px`, async () => {
      const page = await browser.newPage();
      // As a guest: the account number typed with spaces, as it is read off the bill.
      await page.goto(`${t.url}/report`);
      await page.getByLabel("No power", { exact: true }).check();
      await page.getByLabel("Town and barangay").selectOption({ index: 1 });
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByLabel("Where exactly?").fill("Near the guest's store");
      await page.getByLabel("Account number").fill(spaced);
      await passRobotCheck(page, js);
      await page.getByRole("button", { name: "Send report" }).click();
      await page.getByRole("heading", { name: "Your report" }).waitFor();
      const [guest] = await t.db.handle.db.select().from(outageReports).where(eq(outageReports.accountNumber, ACCOUNT));
      expect(guest?.landmark).toBe("Near the guest's store");
      // Not signed in: the status page offers no way into anyone's account.
      expect(await page.getByRole("link", { name: /member portal/ }).count()).toBe(0);

      // Signed in (the account number typed as bare digits): the guest report is on the account.
      await register(page, t.url, digits, ACCOUNT);
      const reports = page.locator(".portal-reports");
      expect(await reports.innerText()).toContain(guest!.reference);
      expect(await reports.innerText()).toContain("Status: Received");

      // From the account: the same form, with the account and the member's number filled in.
      await page.getByRole("link", { name: "Report a power outage" }).click();
      await page.getByRole("heading", { name: "Report an outage or hazard" }).waitFor();
      await chooseBarangayIfAsked(page);
      await page.getByText(`From your member portal: account ${ACCOUNT}`).waitFor();
      expect(await page.getByLabel("Account number").inputValue()).toBe(ACCOUNT);
      expect(await page.getByLabel("Mobile number").inputValue()).toMatch(/^09\d{9}$/);
      await page.getByLabel("Where exactly?").fill("In front of our house");
      await passRobotCheck(page, js);
      await shot(page, `i36-portal-report-375-${js ? "js" : "nojs"}`);
      await page.getByRole("button", { name: "Send report" }).click();
      await page.getByRole("heading", { name: "Your report" }).waitFor();
      await page.getByRole("link", { name: `Back to account ${ACCOUNT} in the member portal` }).click();
      await page.getByRole("heading", { name: new RegExp(`^Account ${ACCOUNT}`) }).waitFor();
      const listed = await page.locator(".portal-reports li").allInnerTexts();
      expect(listed).toHaveLength(2);
      expect(listed[0]).toContain("In front of our house");
      expect(listed[0]).toContain("No power");
      expect(listed[1]).toContain("Near the guest's store");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shot(page, `i36-portal-account-375-${js ? "js" : "nojs"}`);
      await page.close();
    });
  }

  it("fills nothing in for an account that is not the visitor's", async () => {
    const stranger = await openBrowser({ ...PHONE, javaScriptEnabled: false });
    try {
      const page = await stranger.newPage();
      const other = demoAccountNumber(6, 4);
      await page.goto(`${t.url}/report?kind=no-power&barangay=1&account=${other}`);
      expect(await page.getByText("From your member portal").count()).toBe(0);
      expect(await page.getByLabel("Account number").inputValue()).toBe("");
      expect(await page.getByLabel("Mobile number").inputValue()).toBe("");
    } finally {
      await stranger.cleanup();
    }
  });
});
