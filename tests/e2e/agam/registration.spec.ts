/**
 * AGAM in a real browser: the registration flow (with and without JavaScript), the
 * registered notice, an unknown account, a new look-up resetting the flow, the
 * confirmation slip, and the status dashboard following a registration live.
 */

import { sql } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccountNumber } from "../../../seed/accounts";
import { DEMO_PIN } from "../../../seed/index";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";
import { type SmsGatewayStandIn, startSmsGateway } from "../../support/sms-gateway";

/** Seed: 24 accounts per district; index 1 of each district is registered. */
const account = demoAccountNumber;
const TOPIC_COUNT = 5;

const status = (page: Page) => page.getByRole("status").filter({ hasText: /Success!|Oops!/ });

async function lookUp(page: Page, acct: string) {
  await page.getByLabel("Account number").fill(acct);
  await page.getByRole("button", { name: "Check account" }).click();
}

/** The second factor with the demo registration PIN (even-numbered seed accounts have one). */
async function proveByPin(page: Page) {
  await page.getByLabel("Registration PIN").fill(DEMO_PIN);
  await page.getByRole("button", { name: "Check the PIN" }).click();
  await expect.poll(() => status(page).textContent()).toContain("Please answer each topic");
}

/** Answers every topic; `disapprove` maps a topic number (1-based) to a reason. */
async function answerAll(page: Page, disapprove: Record<number, string> = {}) {
  for (let i = 1; i <= TOPIC_COUNT; i++) {
    await expect.poll(() => page.getByRole("heading", { level: 2, name: new RegExp(`Topic ${i} of ${TOPIC_COUNT}`) }).count()).toBe(1);
    const reason = disapprove[i];
    if (reason !== undefined) {
      await page.getByRole("radio", { name: "Disapprove" }).check();
      await page.getByLabel("Why disagree?").fill(reason);
    } else {
      await page.getByRole("radio", { name: "Approve", exact: true }).check();
    }
    await page.getByRole("button", { name: "Next", exact: true }).click();
  }
  await page.getByRole("heading", { name: "Review your answers" }).waitFor();
}

describe("AGAM registration in the browser", () => {
  let t: TestApp;
  let browser: BrowserContext & { cleanup(): Promise<void> };
  let noJs: BrowserContext & { cleanup(): Promise<void> };
  let sms: SmsGatewayStandIn;

  /** The second factor with a code sent by SMS (to the loopback gateway stand-in). */
  async function proveByCode(page: Page) {
    const before = sms.messages.length;
    await page.getByRole("button", { name: "Send me a code" }).click();
    await expect.poll(() => sms.messages.length).toBe(before + 1);
    await page.getByLabel("Code from the text message").fill(/\b(\d{6})\b/.exec(sms.messages.at(-1)!.message)![1]!);
    await page.getByRole("button", { name: "Check the code" }).click();
  }

  beforeAll(async () => {
    sms = await startSmsGateway();
    // One test address makes many look-ups: the per-IP limits are tested on their own.
    t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey } });
    await t.listen();
    browser = await openBrowser({ ...PHONE });
    noJs = await openBrowser({ javaScriptEnabled: false, ...PHONE });
  });
  afterAll(async () => {
    await browser?.cleanup();
    await noJs?.cleanup();
    await t?.close();
    await sms?.close();
  });

  it("takes an unregistered member through every topic, one disapproved with a reason, to the confirmation", async () => {
    const page = await browser.newPage();
    const acct = account(3, 4);
    await page.goto(`${t.url}/agam-registration?origin=kiosk`);
    await lookUp(page, acct);
    await expect.poll(() => status(page).textContent()).toContain("Success!");
    // Only the masked name, and the masked number a code goes to: no membership number, no address.
    await expect.poll(() => page.getByText(/^[A-Z]\*\*\*[A-Z]?( [A-Z]\*\*\*[A-Z]?)*, [A-Z]\*\*\*/).count()).toBe(1);
    expect(await page.getByText(/M-3\d+/).count()).toBe(0);
    expect(await page.getByText(/0917 ••• \d{4}/).count()).toBe(1);
    expect(await page.getByRole("radio").count()).toBe(0);
    await proveByCode(page);
    await expect.poll(() => status(page).textContent()).toContain("Please answer each topic");

    // Next waits for a choice; Disapprove reveals the reason box, which is then required.
    const next = page.getByRole("button", { name: "Next", exact: true });
    expect(await next.isDisabled()).toBe(true);
    expect(await page.getByLabel("Why disagree?").isVisible()).toBe(false);
    await page.getByRole("radio", { name: "Disapprove" }).check();
    expect(await page.getByLabel("Why disagree?").isVisible()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    await next.click();
    await expect.poll(() => status(page).textContent()).toContain("Oops! Tell us why you disagree");
    // Change of mind: approve topic 1 after all.
    await page.getByRole("radio", { name: "Approve", exact: true }).check();
    await next.click();

    // Topic 2: disapprove with a reason; then Back to topic 2 keeps the answer, and it can be changed.
    await page.getByRole("radio", { name: "Disapprove" }).check();
    await page.getByLabel("Why disagree?").fill("The report came too late to read.");
    await next.click();
    await page.getByRole("heading", { name: /Topic 3 of 5/ }).waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { name: /Topic 2 of 5/ }).waitFor();
    expect(await page.getByRole("radio", { name: "Disapprove" }).isChecked()).toBe(true);
    expect(await page.getByLabel("Why disagree?").inputValue()).toBe("The report came too late to read.");
    await page.getByLabel("Why disagree?").fill("The audited statements came too late to read.");
    await next.click();
    for (let i = 3; i <= TOPIC_COUNT; i++) {
      await page.getByRole("heading", { name: new RegExp(`Topic ${i} of 5`) }).waitFor();
      await page.getByRole("radio", { name: "Approve", exact: true }).check();
      await next.click();
    }
    await page.getByRole("heading", { name: "Review your answers" }).waitFor();
    const review = await page.locator("ol").filter({ hasText: "Disapprove" }).innerText();
    expect(review).toContain("The audited statements came too late to read.");
    expect(review.match(/Disapprove/g)).toHaveLength(1);

    await page.getByLabel("Mobile number").fill("09171234567");
    await page.getByRole("button", { name: "Proceed" }).click();
    // The slip's own link: a random token, not the account number.
    await page.waitForURL((url) => /^\/agam-registration\/confirmation\/[A-Za-z0-9_-]{27}$/.test(url.pathname));
    await page.getByRole("heading", { name: "You are registered" }).waitFor();
    const slip = await page.getByRole("region", { name: "AGAM Registration Confirmation Slip" }).innerText();
    expect(slip).toMatch(/AGAM-\d{4}-[0-9A-Z]{6}/);
    expect(slip).toContain(acct);
    expect(slip).toMatch(/M-3\d+/);
    expect(slip).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    expect(await page.getByRole("img", { name: /QR code of reference number AGAM-/ }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Print confirmation slip" }).count()).toBe(1);

    // The stored decisions are the final answers.
    const rows = await t.db.handle.db.execute(
      sql`select d.topic_sequence_number as n, d.answer_value as v, d.reason from agam_decisions d join agam_registrations r on r.id = d.registration_id where r.account_number = ${acct} order by 1`,
    );
    const decided = (rows as unknown as { rows: { n: number; v: number; reason: string }[] }).rows.map((r) => [
      Number(r.n),
      Number(r.v),
      r.reason,
    ]);
    expect(decided).toEqual([
      [1, 1, ""],
      [2, 0, "The audited statements came too late to read."],
      [3, 1, ""],
      [4, 1, ""],
      [5, 1, ""],
    ]);

    // A second attempt gets the registered notice, never a second registration.
    await page.goto(`${t.url}/agam-registration?origin=kiosk`);
    await lookUp(page, acct);
    await expect.poll(() => status(page).textContent()).toBe("Oops! Your account has been registered! Click here");
    await page.close();
  });

  it("shows the registered notice with its link and masked, read-only contact fields", async () => {
    const page = await browser.newPage();
    const acct = account(5, 1);
    await page.goto(`${t.url}/agam-registration`);
    await lookUp(page, acct);
    await expect.poll(() => status(page).textContent()).toBe("Oops! Your account has been registered! Click here");
    const phone = page.getByLabel("Mobile number");
    expect(await phone.getAttribute("readonly")).not.toBeNull();
    expect(await phone.inputValue()).toBe("");
    expect(await phone.getAttribute("placeholder")).toMatch(/•/);
    expect(await page.getByLabel("E-mail address").getAttribute("readonly")).not.toBeNull();
    expect(await page.getByRole("radio").count()).toBe(0);
    await status(page).getByRole("link", { name: "Click here" }).click();
    await page.waitForURL(`**/agam-registration-confirmation/web/${acct}`);
    // Nothing personal until the member proves it is them.
    expect(await page.getByText(/AGAM-2026-/).count()).toBe(0);
    await proveByCode(page);
    expect(await page.getByRole("region", { name: "AGAM Registration Confirmation Slip" }).innerText()).toContain("AGAM-2026-");
    await page.close();
  });

  it("says an unknown account doesn't exist, and a new look-up clears answers and message and starts at topic 1", async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/agam-registration`);
    await lookUp(page, "09-9999-9999");
    await expect.poll(() => status(page).textContent()).toBe("Oops! Account doesn't exist!");
    expect(await page.getByRole("radio").count()).toBe(0);

    await lookUp(page, account(6, 2));
    await expect.poll(() => status(page).textContent()).toContain("Success!");
    await proveByPin(page);
    await page.getByRole("radio", { name: "Approve", exact: true }).check();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("radio", { name: "Disapprove" }).check();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect.poll(() => status(page).textContent()).toContain("Oops!");

    await lookUp(page, account(6, 4));
    await expect.poll(() => status(page).textContent()).toContain("Success!");
    expect(await page.getByRole("radio").count()).toBe(0);
    await proveByPin(page);
    await page.getByRole("heading", { name: /Topic 1 of 5/ }).waitFor();
    expect(await page.getByRole("radio", { name: "Approve", exact: true }).isChecked()).toBe(false);
    expect(await page.getByRole("radio", { name: "Disapprove" }).isChecked()).toBe(false);
    expect(await page.getByRole("button", { name: "Back" }).count()).toBe(0);

    // A malformed number is refused with a message at the field.
    await lookUp(page, "12-34");
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Enter the 10 digits of the account number");
    await page.close();
  });

  it("works the whole way without JavaScript", async () => {
    const page = await noJs.newPage();
    const acct = account(8, 6);
    await page.goto(`${t.url}/agam-registration?origin=sms`);
    await lookUp(page, acct);
    expect(await status(page).textContent()).toContain("Success!");
    await proveByPin(page);
    // Without JavaScript Next is enabled; the server asks again when nothing was chosen.
    await page.getByRole("button", { name: "Next", exact: true }).click();
    expect(await status(page).textContent()).toBe("Oops! Choose Approve or Disapprove");
    await page.getByRole("radio", { name: "Disapprove" }).check();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    expect(await status(page).textContent()).toBe("Oops! Tell us why you disagree");
    expect(await page.getByRole("radio", { name: "Disapprove" }).isChecked()).toBe(true);
    await page.getByLabel("Why disagree?").fill("Needs a public hearing first.");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { name: /Topic 1 of 5/ }).waitFor();
    expect(await page.getByLabel("Why disagree?").inputValue()).toBe("Needs a public hearing first.");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    for (let i = 2; i <= TOPIC_COUNT; i++) {
      await page.getByRole("heading", { name: new RegExp(`Topic ${i} of 5`) }).waitFor();
      await page.getByRole("radio", { name: "Approve", exact: true }).check();
      await page.getByRole("button", { name: "Next", exact: true }).click();
    }
    await page.getByRole("heading", { name: "Review your answers" }).waitFor();
    await page.getByRole("button", { name: "Proceed" }).click();
    // (A fragment of the form's address may ride along through the redirect.)
    await page.waitForURL((url) => /^\/agam-registration\/confirmation\/[A-Za-z0-9_-]{27}$/.test(url.pathname));
    expect(await page.getByRole("region", { name: "AGAM Registration Confirmation Slip" }).innerText()).toMatch(/AGAM-\d{4}-[0-9A-Z]{6}/);
    // No script, no print button: the slip says how to print instead.
    expect(await page.getByText(/use your browser.s Print command/).count()).toBe(1);
    await page.close();
  });

  it("answers 404 with a clear page for a confirmation that does not exist", async () => {
    const page = await noJs.newPage();
    const res = await page.goto(`${t.url}/agam-registration-confirmation/web/${account(4, 20)}`);
    expect(res?.status()).toBe(404);
    expect(res?.headers()["cache-control"]).toBe("no-store");
    await page.getByRole("heading", { name: "No registration found" }).waitFor();
    await page.close();
  });

  it("shows a second browser's dashboard the new count within 3 s of a registration", async () => {
    const other = await openBrowser({ width: 1280, height: 900 });
    try {
      const dash = await other.newPage();
      await dash.goto(`${t.url}/agam-status`);
      // A second viewer without EventSource falls back to polling every 2 s.
      const polling = await other.newPage();
      await polling.addInitScript(() => {
        (window as { EventSource?: unknown }).EventSource = undefined;
      });
      await polling.goto(`${t.url}/agam-status`);
      const total = dash.getByTestId("agam-total");
      const before = Number((await total.innerText()).replace(/,/g, ""));
      expect(await dash.getByText("78,193").count()).toBeGreaterThan(0);
      expect(await dash.getByText("3,910").count()).toBeGreaterThan(0);
      expect(await dash.getByRole("progressbar", { name: /Progress toward quorum/ }).count()).toBe(1);
      // (However late the page's script connects, the stream's first message is the current count.)

      const page = await browser.newPage();
      await page.goto(`${t.url}/agam-registration`);
      await lookUp(page, account(9, 10));
      await expect.poll(() => status(page).textContent()).toContain("Success!");
      await proveByPin(page);
      await answerAll(page);
      await page.getByRole("button", { name: "Proceed" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/agam-registration/confirmation/"));
      await page.close();

      await expect.poll(async () => Number((await total.innerText()).replace(/,/g, "")), { timeout: 3000, interval: 100 }).toBe(before + 1);
      expect(await dash.getByText(`${before + 1} of 3,910 members`).count()).toBe(1);
      await expect
        .poll(async () => Number((await polling.getByTestId("agam-total").innerText()).replace(/,/g, "")), { timeout: 3000, interval: 100 })
        .toBe(before + 1);
    } finally {
      await other.cleanup();
    }
  });
});
