/**
 * The bill inquiry on the seeded bills, at 360 px, with JavaScript on and off: a demo account's
 * latest imported bill (period, kWh, amount due, due date, status, last payment), the
 * name as initials only, no address; the form keeps what was typed and says what to fix.
 */
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agamAccounts } from "../../../db/schema";
import { latestBill } from "../../../modules/bills/inquiry.server";
import { pesos } from "../../../modules/bills/money";
import { BILL_STATUS_LABELS } from "../../../modules/bills/status";
import { demoAccountNumber } from "../../../seed/accounts";
import { useSite } from "../../support/app";
import { openBrowser } from "../../support/browser";

// Keep the proof-of-work cheap in tests; read by the captcha module when it makes a challenge.
process.env.ALTCHA_COST = "1";

const ACCOUNT = demoAccountNumber(3, 1);
const PHONE_WIDTH = 360;

describe("bill inquiry at 360 px", () => {
  const t = useSite();
  let js: BrowserContext & { cleanup(): Promise<void> };
  let noJs: BrowserContext & { cleanup(): Promise<void> };

  beforeAll(async () => {
    js = await openBrowser({ width: PHONE_WIDTH, height: 760 });
    noJs = await openBrowser({ width: PHONE_WIDTH, height: 760, javaScriptEnabled: false });
  });
  afterAll(async () => {
    await js?.cleanup();
    await noJs?.cleanup();
  });

  /** What the page must show, from the database; and the member's name and address it must not. */
  async function expected() {
    const bill = (await latestBill(t.db.handle.db, ACCOUNT))!;
    const [member] = await t.db.handle.db.select().from(agamAccounts).where(eq(agamAccounts.accountNumber, ACCOUNT));
    return { bill, member: member! };
  }

  async function solveCaptcha(page: Page): Promise<string> {
    await page.getByText("I'm not a robot").click();
    const solution = page.locator('input[name="altcha"]');
    await expect.poll(() => solution.inputValue().catch(() => ""), { timeout: 30_000 }).not.toBe("");
    return solution.inputValue();
  }

  async function checkBill(page: Page) {
    const { bill, member } = await expected();
    const result = page.locator(".bill-result");
    await page.getByRole("heading", { name: new RegExp(`^Latest bill of ${ACCOUNT}`) }).waitFor();
    const text = await result.innerText();
    expect(text).toContain(`Php ${pesos(bill.totalDue)}`);
    expect(text).toContain(BILL_STATUS_LABELS[bill.status]);
    expect(text).toContain(`${bill.kwh.toLocaleString("en-PH")} kWh`);
    expect(text).toContain(bill.maskedName!);
    expect(bill.maskedName).toMatch(/^([A-Z]\. )+[A-Z]\.$/);
    // Initials only: neither the surname nor the address on the roll.
    const page_ = await page.content();
    expect(page_).not.toContain(member.name.split(",")[0]!);
    expect(page_).not.toContain(member.address);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth).catch(() => PHONE_WIDTH)).toBeLessThanOrEqual(PHONE_WIDTH);
  }

  it("with JavaScript: the latest imported bill of a demo account", async () => {
    const page = await js.newPage();
    await page.goto(`${t.url}/service/bill-inquiry`);
    await page.getByLabel("Account number").fill(ACCOUNT);
    await solveCaptcha(page);
    await page.getByRole("button", { name: "View account details" }).click();
    await checkBill(page);
    await page.close();
  });

  it("without JavaScript: says what to fix and keeps what was typed, then shows the bill once a captcha is solved", async () => {
    const page = await noJs.newPage();
    await page.goto(`${t.url}/service/bill-inquiry`);
    expect(await page.getByText("The captcha needs JavaScript").isVisible()).toBe(true);
    await page.getByLabel("Account number").fill(ACCOUNT);
    await page.getByRole("button", { name: "View account details" }).click();
    await page.getByRole("heading", { name: "There is a problem" }).waitFor();
    expect(await page.locator("#altcha-error").innerText()).toContain("not a robot");
    expect(await page.getByLabel("Account number").inputValue()).toBe(ACCOUNT);
    expect(await page.locator(".bill-result").count()).toBe(0);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth).catch(() => null);
    if (wide !== null) expect(wide).toBeLessThanOrEqual(PHONE_WIDTH);

    // A person whose captcha was solved elsewhere (the widget needs JavaScript): the page's own
    // form post, without JavaScript, carries that solution.
    const solver = await js.newPage();
    await solver.goto(`${t.url}/service/bill-inquiry`);
    await solver.getByLabel("Account number").fill(ACCOUNT);
    const payload = await solveCaptcha(solver);
    await solver.close();
    await page.route(`${t.url}/service/bill-inquiry`, (route) =>
      route.request().method() === "POST"
        ? route.continue({ postData: `${route.request().postData() ?? ""}&altcha=${encodeURIComponent(payload)}` })
        : route.continue(),
    );
    await page.getByRole("button", { name: "View account details" }).click();
    await checkBill(page);
    await page.close();
  });
});
