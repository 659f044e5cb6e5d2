/**
 * The member portal in a real browser with JavaScript off at 360 px: register with a code
 * texted to the number on file (the SMS gateway stand-in), the overview, an account's bills,
 * one bill, its PDF, sign out. Then the same pages at 375 and 1280 px with JavaScript on,
 * screenshotted into /work/wt/shots (SHOTS_DIR) for people to look at.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { desc, eq, isNotNull } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bills, portalLinks, portalUser } from "../../../db/schema";
import { pesos } from "../../../modules/bills/money";
import { formatDate } from "../../../modules/shared/dates";
import { demoAccountNumber } from "../../../seed/accounts";
import { useSite } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { startSmsGateway } from "../../support/sms-gateway";

const sms = await startSmsGateway();
const SHOTS = process.env.SHOTS_DIR ?? "/work/wt/shots";
const ACCOUNT = demoAccountNumber(5, 2);
const PAPERLESS_ACCOUNT = demoAccountNumber(5, 3);

const lastCode = async (after: number) => {
  await expect.poll(() => sms.messages.length, { timeout: 10_000 }).toBeGreaterThan(after);
  return /\b(\d{6})\b/.exec(sms.messages.at(-1)!.message)![1]!;
};

describe("member portal in the browser", () => {
  const t = useSite({ env: { SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey, RATE_LIMIT: "off" } });
  let noJs: BrowserContext & { cleanup(): Promise<void> };
  beforeAll(async () => {
    noJs = await openBrowser({ width: 360, height: 760, javaScriptEnabled: false });
  });
  afterAll(async () => {
    await noJs?.cleanup();
    await sms.close();
  });

  async function registerIn(page: Page, account = ACCOUNT) {
    await page.goto(`${t.url}/mco/login`);
    await page.getByRole("link", { name: "Register with your account number" }).click();
    await page.getByLabel("Account number").fill(account);
    const before = sms.messages.length;
    await page.getByRole("button", { name: "Send the code" }).click();
    await page.getByRole("heading", { name: "Enter your code" }).waitFor();
    await page.getByLabel("6-digit code").fill(await lastCode(before));
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("heading", { name: new RegExp(`^Account ${account}`) }).waitFor();
  }

  it("register → code → account → bill → PDF → sign out, JavaScript off at 360 px", async () => {
    const page = await noJs.newPage();
    await registerIn(page);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const [latest] = await t.db.handle.db
      .select()
      .from(bills)
      .where(eq(bills.accountNumber, ACCOUNT))
      .orderBy(desc(bills.periodTo))
      .limit(1);
    expect(await page.locator("main").innerText()).toContain(`Php ${pesos(latest!.totalDue)}`);
    await page.getByRole("link", { name: "My accounts" }).click();
    await page.getByRole("heading", { name: "My accounts" }).waitFor();
    expect(await page.locator("main").innerText()).toContain(formatDate(latest!.dueDate));
    await page.goto(`${t.url}/mco/accounts/${ACCOUNT}`);
    await page.locator("table a").first().click();
    await page.getByRole("heading", { name: /^Bill for / }).waitFor();
    expect(await page.locator("main").innerText()).toContain("Total amount due");
    const pdfHref = await page.getByRole("link", { name: "Download the bill (PDF)" }).getAttribute("href");
    const pdf = await page.request.get(`${t.url}${pdfHref}`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = execFileSync("pdftotext", ["-", "-"], { input: await pdf.body() }).toString();
    expect(text).toContain(ACCOUNT);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to the member portal" }).waitFor();
    expect(await page.getByRole("status").innerText()).toBe("You are signed out.");
    await page.goto(`${t.url}/mco`);
    expect(new URL(page.url()).pathname).toBe("/mco/login");
    await page.close();
  });

  it("screenshots of each page at 375 and 1280 px", async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const [name, size] of [
      ["375", PHONE],
      ["1280", DESKTOP],
    ] as const) {
      const ctx = await openBrowser(size);
      const page = await ctx.newPage();
      const shot = (what: string) => page.screenshot({ path: path.join(SHOTS, `i26-${what}-${name}.png`), fullPage: true });
      await page.goto(`${t.url}/mco/register`);
      await shot("register");
      await page.getByLabel("Account number").fill(ACCOUNT);
      const before = sms.messages.length;
      await page.getByRole("button", { name: "Send the code" }).click();
      await page.getByRole("heading", { name: "Enter your code" }).waitFor();
      await page.getByLabel("6-digit code").fill("000000");
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.getByText("That code is not right").first().waitFor();
      await shot("code-wrong");
      await page.getByLabel("6-digit code").fill(await lastCode(before));
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.getByRole("heading", { name: new RegExp(`^Account ${ACCOUNT}`) }).waitFor();
      await shot("account");
      await page.goto(`${t.url}/mco`);
      await shot("overview");
      await page.goto(`${t.url}/mco/accounts/${ACCOUNT}`);
      await page.locator("table a").first().click();
      await page.getByRole("heading", { name: /^Bill for / }).waitFor();
      await shot("bill");
      const pdfHref = await page.getByRole("link", { name: "Download the bill (PDF)" }).getAttribute("href");
      if (name === "375") {
        const pdf = await page.request.get(`${t.url}${pdfHref}`);
        const file = path.join(SHOTS, "i26-bill.pdf");
        fs.writeFileSync(file, await pdf.body());
        execFileSync("pdftoppm", ["-png", "-r", "60", "-singlefile", file, path.join(SHOTS, "i26-pdf")]);
      }
      await page.goto(`${t.url}/mco/my-data`);
      await shot("my-data");
      await page.goto(`${t.url}/mco/login`);
      await ctx.cleanup();
      const fresh = await openBrowser(size);
      const p2 = await fresh.newPage();
      await p2.goto(`${t.url}/mco/login`);
      await p2.screenshot({ path: path.join(SHOTS, `i26-login-${name}.png`), fullPage: true });
      await p2.goto(`${t.url}/`);
      await p2
        .locator(".feature-card, li")
        .filter({ hasText: "online portal" })
        .first()
        .screenshot({ path: path.join(SHOTS, `i26-home-card-${name}.png`) });
      await fresh.cleanup();
    }
    expect(fs.existsSync(path.join(SHOTS, "i26-bill-1280.png"))).toBe(true);
  });

  it("paperless e-bills: switched on and off with JavaScript off at 360 px (screenshots at 375 px)", async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const page = await noJs.newPage();
    // An account of its own: the earlier tests used up the other one's codes for the hour.
    await registerIn(page, PAPERLESS_ACCOUNT);
    // Signed in by text: each new bill by text is offered, switched on and off the same way.
    await page.setViewportSize(PHONE);
    const paperless = page.locator('h2:has-text("New bill notices") + form');
    await paperless.screenshot({ path: path.join(SHOTS, "i26b-paperless-sms-375.png") });
    await page.getByRole("button", { name: "Text me each new bill" }).click();
    await page.getByRole("button", { name: "Stop texting me my bills" }).waitFor();
    expect(await page.getByText(/^A text goes to 09\d\d /).count()).toBe(1);
    await paperless.screenshot({ path: path.join(SHOTS, "i36-bill-texts-on-375.png") });
    await page.getByRole("button", { name: "Stop texting me my bills" }).click();
    await page.getByRole("button", { name: "Text me each new bill" }).waitFor();
    // The same member with a confirmed e-mail (as one registered by e-mail is).
    await t.db.handle.db
      .update(portalUser)
      .set({ contactKind: "email", contact: "maria.santos@example.ph" })
      .where(isNotNull(portalUser.contact));
    await page.reload();
    await page.getByRole("button", { name: "E-mail me each new bill" }).click();
    await page.getByRole("button", { name: "Stop e-mailing my bills" }).waitFor();
    expect(await page.getByText(/is e-mailed to \S+@example\.ph\./).count()).toBe(1);
    await paperless.screenshot({ path: path.join(SHOTS, "i26b-paperless-on-375.png") });
    const [link] = await t.db.handle.db.select().from(portalLinks).where(eq(portalLinks.accountNumber, PAPERLESS_ACCOUNT));
    expect(link!.paperless).toBe(true);
    await page.getByRole("button", { name: "Stop e-mailing my bills" }).click();
    await page.getByRole("button", { name: "E-mail me each new bill" }).waitFor();
    await paperless.screenshot({ path: path.join(SHOTS, "i26b-paperless-off-375.png") });
    // Interruption alerts for the account's town in one step.
    const alerts = page.locator('h2:has-text("Interruption alerts") + *');
    await alerts.screenshot({ path: path.join(SHOTS, "i26b-alerts-offer-375.png") });
    await page.getByRole("button", { name: /^Send me alerts for / }).click();
    await page.getByText(/^You get power interruption alerts for /).waitFor();
    await alerts.screenshot({ path: path.join(SHOTS, "i26b-alerts-on-375.png") });
    // AGAM registration without a second proof: the registration's own questions come next.
    await page.locator('h2:has-text("AGAM registration") + form').screenshot({ path: path.join(SHOTS, "i26b-agam-offer-375.png") });
    await page.getByRole("button", { name: `Register ${PAPERLESS_ACCOUNT} for AGAM` }).click();
    await page.locator('input[name="proof"]').waitFor({ state: "attached" });
    await page.screenshot({ path: path.join(SHOTS, "i26b-agam-landing-375.png") });
    await page.close();
  });
});
