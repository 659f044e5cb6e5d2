/**
 * An account number typed any way — bare digits, spaced in groups, dashed, with stray spaces —
 * is taken the same on every form that asks for one, at 375 px with JavaScript off and on:
 * the portal's registration, the bill inquiry, AGAM's look-up, the survey and the outage
 * report. The rule itself is modules/shared/account-number.ts (unit-tested there).
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { demoAccountNumber } from "../../../seed/accounts";
import { useSite } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";
import { addToRoll } from "../../support/roll";
import { startSmsGateway } from "../../support/sms-gateway";

process.env.ALTCHA_COST = "1";
const sms = await startSmsGateway();

/** The three shapes of one account number, each with stray spaces somewhere. */
const shapes = (account: string) => [` ${account.replaceAll("-", "")}`, `${account.replaceAll("-", " ")}  `, ` ${account} `];

async function solveCaptcha(page: Page) {
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
}

async function answerQuestion(page: Page) {
  const question = await page.locator('label[for="questionAnswer"]').innerText();
  const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
  const [, a, b] = /What is (\w+) plus (\w+)\?/.exec(question)!;
  await page.getByLabel(/What is/).fill(String(words.indexOf(a!) + words.indexOf(b!)));
}

describe("account numbers typed any way", () => {
  const t = useSite({ env: { SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey, RATE_LIMIT: "off" } });
  afterAll(async () => sms.close());

  for (const js of [false, true]) {
    const mode = `JavaScript ${js ? "on" : "off"}`;
    const open = () => openBrowser({ ...PHONE, javaScriptEnabled: js });

    it(`the portal's registration, ${mode}`, async () => {
      const browser = await open();
      try {
        const page = await browser.newPage();
        for (const [i, typed] of [demoAccountNumber(4, js ? 2 : 3), demoAccountNumber(4, js ? 4 : 5), demoAccountNumber(4, js ? 6 : 8)]
          .map((a, i) => shapes(a)[i]!)
          .entries()) {
          await page.goto(`${t.url}/mco/register`);
          await page.getByLabel("Account number").fill(typed);
          await page.getByRole("button", { name: "Send the code" }).click();
          await page.getByRole("heading", { name: "Enter your code" }).waitFor();
          // The account travels on in its stored shape.
          expect(new URL(page.url()).searchParams.get("a"), `shape ${i}`).toMatch(/^\d{2}-\d{4}-\d{4}$/);
        }
      } finally {
        await browser.cleanup();
      }
    });

    it(`the bill inquiry, ${mode}`, async () => {
      const browser = await open();
      try {
        const page = await browser.newPage();
        const account = demoAccountNumber(3, 2);
        for (const typed of shapes(account)) {
          await page.goto(`${t.url}/service/bill-inquiry`);
          await page.getByLabel("Account number").fill(typed);
          if (js) await solveCaptcha(page);
          await page.getByRole("button", { name: "View account details" }).click();
          if (js) await page.getByRole("heading", { name: new RegExp(`^Latest bill of ${account}`) }).waitFor();
          else {
            // Without JavaScript the robot check cannot run; the account number itself is not what is refused.
            await page.locator("#altcha-error").waitFor();
            expect(await page.locator("#accountNumber-error").count()).toBe(0);
          }
        }
      } finally {
        await browser.cleanup();
      }
    });

    it(`AGAM's look-up, ${mode}`, async () => {
      const browser = await open();
      try {
        const page = await browser.newPage();
        for (const typed of shapes(demoAccountNumber(2, js ? 2 : 4))) {
          await page.goto(`${t.url}/agam-registration`);
          await page.getByLabel("Account number").fill(typed);
          await page.getByRole("button", { name: "Check account" }).click();
          await page.getByRole("status").filter({ hasText: "Account found" }).waitFor();
        }
      } finally {
        await browser.cleanup();
      }
    });

    it(`the survey, ${mode}`, async () => {
      const accounts = [0, 1, 2].map((k) => `05-${js ? 7 : 8}00${k}-1234`);
      await addToRoll(t.db.handle.db, accounts);
      const browser = await open();
      try {
        const page = await browser.newPage();
        for (const [i, account] of accounts.entries()) {
          await page.goto(`${t.url}/customer-satisfaction-survey`);
          await page.getByRole("checkbox", { name: /I have read the privacy notice/ }).check();
          await page.getByLabel("Account name").fill("Juan Dela Cruz");
          await page.getByLabel("Your name (respondent)").fill("Maria Dela Cruz");
          await page.getByLabel("City or municipality").selectOption("BANI");
          await page.getByLabel("Account number").fill(shapes(account)[i]!);
          await page.getByLabel("E-mail address").fill("maria@example.com");
          await page.getByLabel("Contact number").fill("0917 123 4567");
          await page
            .getByRole("group", { name: /after you applied for reconnection/ })
            .getByRole("radio", { name: "within 48 hours" })
            .check();
          await page
            .getByRole("group", { name: /How courteous/ })
            .getByRole("radio", { name: "medyo magalang" })
            .check();
          await page.getByRole("button", { name: "Submit survey" }).click();
          await page.getByText("Salamat sa inyong pagsagot sa survey!").waitFor();
        }
      } finally {
        await browser.cleanup();
      }
    });

    it(`the outage report, ${mode}`, async () => {
      const browser = await open();
      try {
        const page = await browser.newPage();
        for (const typed of shapes(demoAccountNumber(1, 3))) {
          await page.goto(`${t.url}/report`);
          await page.getByLabel("No power", { exact: true }).check();
          await page.getByLabel("Town and barangay").selectOption({ index: 1 });
          await page.getByRole("button", { name: "Continue" }).click();
          await page.getByLabel("Where exactly?").fill("Beside the barangay hall");
          await page.getByLabel("Account number").fill(typed);
          if (js) await solveCaptcha(page);
          else await answerQuestion(page);
          await page.getByRole("button", { name: "Send report" }).click();
          await page.getByRole("heading", { name: "Your report" }).waitFor();
        }
      } finally {
        await browser.cleanup();
      }
    });
  }
});
