/**
 * Paying a bill online in a real browser, through the stand-in gateway on loopback (PayMongo's
 * hosted checkout and signed webhook), at 375 px with JavaScript on and off:
 * - a signed-in member: the account page's Pay button → the pay form → the gateway's page →
 *   "Pay (test: paid)" → back on /pay/:reference, "Paid online, being posted" → the
 *   acknowledgement texted to the contact on file; the account page then says so too;
 * - a guest from the bill inquiry (no sign-in): the answer's pay form (no bill number in the
 *   page) with a contact typed → the same steps → the acknowledgement to that e-mail or number.
 * Then screenshots of the pay forms, where else to pay and the receipt at 375 and 1280 px under SHOTS_DIR.
 * Each payer has an account of their own with one imported bill, so nothing hangs on the date.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agamAccounts } from "../../../db/schema";
import { importFile } from "../../../modules/bills/import.server";
import { pesos, pesosPlain } from "../../../modules/bills/money";
import { type StandInGateway, startStandInGateway } from "../../../server/payments/stand-in";
import { useSite } from "../../support/app";
import { billFile, testBill } from "../../support/bills";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { startSmsGateway } from "../../support/sms-gateway";
import { startSmtpServer } from "../../support/smtp";

// Keep the proof-of-work cheap in tests; read by the captcha module when it makes a challenge.
process.env.ALTCHA_COST = "1";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots";
const SECRET_KEY = "sk_test_stand_in_e2e";
const WEBHOOK_SECRET = "whsk_test_stand_in_e2e";

/** One account per payer, each with one bill (its only one, so its latest) and a mobile on file. */
const PAYERS = {
  memberNoJs: { account: "05-7300-0001", bill: "B-7300001", phone: "09171230001" },
  memberJs: { account: "05-7300-0002", bill: "B-7300002", phone: "09171230002" },
  guestNoJs: { account: "05-7300-0003", bill: "B-7300003", phone: "09171230003" },
  guestJs: { account: "05-7300-0004", bill: "B-7300004", phone: "09171230004" },
  shots: { account: "05-7300-0005", bill: "B-7300005", phone: "09171230005" },
  shotsWide: { account: "05-7300-0006", bill: "B-7300006", phone: "09171230006" },
} as const;
type Payer = (typeof PAYERS)[keyof typeof PAYERS];

const sms = await startSmsGateway();
const smtp = await startSmtpServer();
const gateway: StandInGateway = await startStandInGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });

describe("paying a bill online in the browser", () => {
  const t = useSite({
    env: {
      PAYMENT_GATEWAY_URL: gateway.url,
      PAYMENT_SECRET_KEY: SECRET_KEY,
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SMS_GATEWAY_URL: sms.url,
      SMS_API_KEY: sms.apiKey,
      SMTP_URL: smtp.url,
      RATE_LIMIT: "off",
    },
  });
  const totals = new Map<string, number>();

  beforeAll(async () => {
    gateway.webhookUrl = `${t.url}/api/v1/payments/webhook`;
    const db = t.db.handle.db;
    await db.insert(agamAccounts).values(
      Object.values(PAYERS).map((p, n) => ({
        accountNumber: p.account,
        name: "DELA CRUZ, JUAN",
        membershipNumber: `T-PAY-${n}`,
        address: "Poblacion, Bani, Pangasinan",
        district: 5,
        area: "north" as const,
        phone: p.phone,
      })),
    );
    const records = await Promise.all(Object.values(PAYERS).map((p) => testBill(db, p.account, p.bill, 180)));
    for (const r of records) totals.set(r.accountNumber, r.totalDue);
    expect((await importFile(db, "bills", billFile(...records))).ok).toBe(true);
  });
  afterAll(async () => {
    await gateway.close();
    await sms.close();
    await smtp.close();
  });

  const money = (p: Payer) => `Php ${pesos(totals.get(p.account)!)}`;
  const mobile = (p: Payer) => `63${p.phone.slice(1)}`;
  const smsTo = (p: Payer) => sms.messages.filter((m) => m.number === mobile(p) || m.number === p.phone);

  async function signIn(page: Page, p: Payer) {
    await page.goto(`${t.url}/mco/register`);
    await page.getByLabel("Account number").fill(p.account);
    const before = smsTo(p).length;
    await page.getByRole("button", { name: "Send the code" }).click();
    await page.getByRole("heading", { name: "Enter your code" }).waitFor();
    await expect.poll(() => smsTo(p).length, { timeout: 10_000 }).toBeGreaterThan(before);
    await page.getByLabel("6-digit code").fill(/\b(\d{6})\b/.exec(smsTo(p).at(-1)!.message)![1]!);
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("heading", { name: new RegExp(`^Account ${p.account}`) }).waitFor();
  }

  /** On the gateway's page: the test's "paid" button, then back on our acknowledgement. */
  async function payAtGateway(page: Page): Promise<string> {
    await page.waitForURL((u) => u.href.startsWith(gateway.url));
    await page.getByRole("button", { name: "Pay (test: paid)" }).click();
    await page.waitForURL((u) => u.href.startsWith(`${t.url}/pay/`));
    await page.getByRole("heading", { name: "Paid online, being posted" }).waitFor();
    return new URL(page.url()).pathname.split("/").at(-1)!;
  }

  async function noWiderThan(page: Page, width: number) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  async function solveCaptcha(page: Page): Promise<string> {
    await page.getByText("I'm not a robot").click();
    const solution = page.locator('input[name="altcha"]');
    await expect.poll(() => solution.inputValue().catch(() => ""), { timeout: 30_000 }).not.toBe("");
    return solution.inputValue();
  }

  /** The bill inquiry answered for `p`: with JavaScript the widget is solved here; without, in another page and added to the post. */
  async function lookUp(page: Page, p: Payer, javaScript: boolean) {
    await page.goto(`${t.url}/service/bill-inquiry`);
    await page.getByLabel("Account number").fill(p.account);
    if (javaScript) await solveCaptcha(page);
    else {
      const helper = await openBrowser(PHONE);
      const solver = await helper.newPage();
      await solver.goto(`${t.url}/service/bill-inquiry`);
      // The robot check appears once the form is being filled in.
      await solver.getByLabel("Account number").fill(p.account);
      const payload = await solveCaptcha(solver);
      await helper.cleanup();
      await page.route(`${t.url}/service/bill-inquiry`, (route) =>
        route.request().method() === "POST"
          ? route.continue({ postData: `${route.request().postData() ?? ""}&altcha=${encodeURIComponent(payload)}` })
          : route.continue(),
      );
    }
    await page.getByRole("button", { name: "View account details" }).click();
    const pay = page.getByRole("button", { name: `Pay ${money(p)} online` });
    await pay.waitFor();
    // The bill's number proves an account: not in the public answer, nor in its page data.
    expect(await page.content()).not.toContain(p.bill);
  }

  /** From the inquiry's answer to the guest's pay form. */
  async function toGuestForm(page: Page, p: Payer) {
    await page.getByRole("button", { name: `Pay ${money(p)} online` }).click();
    await page.getByRole("heading", { name: `Pay the March 2025 bill of account ${p.account}` }).waitFor();
    expect(await page.content()).not.toContain(p.bill);
  }

  for (const javaScript of [false, true]) {
    const js = javaScript ? "on" : "off";

    it(`a signed-in member pays from the account page, JavaScript ${js}, at 375 px`, async () => {
      const p = javaScript ? PAYERS.memberJs : PAYERS.memberNoJs;
      const ctx = await openBrowser({ ...PHONE, javaScriptEnabled: javaScript });
      const page = await ctx.newPage();
      await signIn(page, p);
      await page.goto(`${t.url}/mco/accounts/${p.account}`);
      await page.getByRole("link", { name: `Pay ${money(p)} online` }).click();
      await page.getByRole("heading", { name: `Pay bill ${p.bill}` }).waitFor();
      await noWiderThan(page, PHONE.width);
      expect(await page.getByLabel("Amount to pay (PHP)").inputValue()).toBe(pesosPlain(totals.get(p.account)!));
      // Over what is left: said beside the field, the amount kept.
      await page.getByLabel("Amount to pay (PHP)").fill("999999");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await page.locator("#amount-error").getByText("more than is left to pay").waitFor();
      expect(await page.getByLabel("Amount to pay (PHP)").inputValue()).toBe("999999");
      await page.getByLabel("Amount to pay (PHP)").fill("");
      const before = smsTo(p).length;
      await page.getByRole("button", { name: "Continue to payment" }).click();
      const reference = await payAtGateway(page);
      await noWiderThan(page, PHONE.width);
      expect(await page.locator("main").innerText()).toContain(money(p));
      // The acknowledgement, texted to the contact on file.
      await expect.poll(() => smsTo(p).length, { timeout: 10_000 }).toBeGreaterThan(before);
      expect(smsTo(p).at(-1)!.message).toContain(reference);
      // The account page says so too, and offers no second payment.
      await page.goto(`${t.url}/mco/accounts/${p.account}`);
      const main = await page.locator("main").innerText();
      expect(main).toContain("Paid online, being posted");
      expect(main).toContain(reference);
      expect(await page.getByRole("link", { name: /^Pay .* online$/ }).count()).toBe(0);
      await ctx.cleanup();
    });

    it(`a guest pays from the bill inquiry, JavaScript ${js}, at 375 px`, async () => {
      const p = javaScript ? PAYERS.guestJs : PAYERS.guestNoJs;
      const ctx = await openBrowser({ ...PHONE, javaScriptEnabled: javaScript });
      const page = await ctx.newPage();
      await lookUp(page, p, javaScript);
      await noWiderThan(page, PHONE.width);
      await toGuestForm(page, p);
      await noWiderThan(page, PHONE.width);
      expect(await page.getByLabel("Amount to pay (PHP)").inputValue()).toBe(pesosPlain(totals.get(p.account)!));
      // No contact: said beside the field, on the guest's pay page, the amount typed kept.
      await page.getByLabel("Amount to pay (PHP)").fill("500");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await page.locator("#contact-error").getByText("Enter an e-mail address or a mobile number").waitFor();
      expect(await page.getByLabel("Amount to pay (PHP)").inputValue()).toBe("500");
      expect(await page.content()).not.toContain(p.bill);
      await noWiderThan(page, PHONE.width);
      // The acknowledgement goes where the guest says: an e-mail without JavaScript, a mobile number with.
      const contact = javaScript ? "0918 765 4321" : "guest.payer@example.com";
      await page.getByLabel("E-mail or mobile number for the acknowledgement").fill(contact);
      const [mails, texts] = [smtp.messages.length, sms.messages.filter((m) => m.number === "639187654321").length];
      await page.getByRole("button", { name: "Continue to payment" }).click();
      const reference = await payAtGateway(page);
      expect(await page.locator("main").innerText()).toContain("Php 500.00");
      if (javaScript) {
        await expect.poll(() => sms.messages.filter((m) => m.number === "639187654321").length, { timeout: 10_000 }).toBeGreaterThan(texts);
        expect(sms.messages.filter((m) => m.number === "639187654321").at(-1)!.message).toContain(reference);
      } else {
        const [mail] = (await smtp.waitFor(mails + 1, 10_000)).slice(mails);
        expect(mail!.to).toBe("guest.payer@example.com");
        expect(mail!.text).toContain(reference);
      }
      await ctx.cleanup();
    });
  }

  it("screenshots of the pay forms and the receipt at 375 and 1280 px", async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const [name, size, p] of [
      ["375", PHONE, PAYERS.shots],
      ["1280", DESKTOP, PAYERS.shotsWide],
    ] as const) {
      const ctx = await openBrowser(size);
      const page = await ctx.newPage();
      const shot = (what: string) => page.screenshot({ path: path.join(SHOTS, `pay-${what}-${name}.png`), fullPage: true });
      await lookUp(page, p, true);
      await page.locator(".bill-result").scrollIntoViewIfNeeded();
      await shot("inquiry");
      // Where else to pay, folded under the Pay button: opened, it lists the demo's places.
      await page.locator(".where-to-pay summary").click();
      await page.getByText("Bills, then Electric Utilities, then WESPECO").waitFor();
      await shot("inquiry-where-to-pay");
      await toGuestForm(page, p);
      await shot("guest");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await page.locator("#contact-error").waitFor();
      await shot("guest-errors");
      await signIn(page, p);
      await page.goto(`${t.url}/mco/accounts/${p.account}`);
      await shot("account");
      await page.getByRole("link", { name: `Pay ${money(p)} online` }).click();
      await page.getByRole("heading", { name: `Pay bill ${p.bill}` }).waitFor();
      await shot("member");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await page.waitForURL((u) => u.href.startsWith(gateway.url));
      await shot("gateway");
      await payAtGateway(page);
      await shot("receipt");
      await page.goto(`${t.url}/mco/accounts/${p.account}`);
      await shot("account-paid");
      await ctx.cleanup();
    }
    expect(fs.existsSync(path.join(SHOTS, "pay-receipt-1280.png"))).toBe(true);
  });
});
