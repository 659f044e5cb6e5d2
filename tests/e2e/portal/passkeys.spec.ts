/**
 * Member passkeys in Chromium: with JavaScript off the sign-in page works by code alone (no
 * passkey button shows); with JavaScript a member signed in by code adds a passkey through
 * Chromium's virtual authenticator (CDP WebAuthn), signs out, and signs back in with the
 * passkey only, landing on the overview, which still opens nothing in /staff. On
 * http://localhost so that the passkey's relying party matches PUBLIC_URL. Screenshots at 375
 * and 1280 px into SHOTS_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalPasskey, portalSignIns } from "../../../db/schema";
import { demoAccountNumber } from "../../../seed/accounts";
import { createTestApp, type TestApp } from "../../support/app";
import { addVirtualAuthenticator, DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { type SmsGatewayStandIn, startSmsGateway } from "../../support/sms-gateway";

const SHOTS = process.env.SHOTS_DIR ?? "tests/.tmp";
/** In the range this test may use (a fixed port: the relying party is localhost with it). */
const PORT = Number(process.env.PASSKEY_TEST_PORT ?? 41_371);

const see = (locator: Locator) => expect.poll(() => locator.isVisible(), { timeout: 15_000 }).toBe(true);

let t: TestApp;
let sms: SmsGatewayStandIn;
let base: string;

beforeAll(async () => {
  sms = await startSmsGateway();
  base = `http://localhost:${PORT}`;
  t = await createTestApp({
    withPages: true,
    env: { PUBLIC_URL: base, RATE_LIMIT: "off", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey },
  });
  await t.app.listen({ port: PORT, host: "127.0.0.1" });
});
afterAll(async () => {
  await t?.close();
  await sms?.close();
});

const lastCode = async (after: number) => {
  await expect.poll(() => sms.messages.length, { timeout: 10_000 }).toBeGreaterThan(after);
  return /\b(\d{6})\b/.exec(sms.messages.at(-1)!.message)![1]!;
};

async function registerIn(page: Page, account: string) {
  await page.goto(`${base}/mco/register`);
  await page.getByLabel("Account number").fill(account);
  const before = sms.messages.length;
  await page.getByRole("button", { name: "Send the code" }).click();
  await see(page.getByRole("heading", { name: "Enter your code" }));
  await page.getByLabel("6-digit code").fill(await lastCode(before));
  await page.getByRole("button", { name: "Confirm" }).click();
  await see(page.getByRole("heading", { name: new RegExp(`^Account ${account}`) }));
}

describe("member passkeys in the browser", () => {
  it("without JavaScript the sign-in page shows no passkey button and signs in by code", async () => {
    const browser = await openBrowser({ javaScriptEnabled: false, width: 360, height: 760 });
    try {
      const page = await browser.newPage();
      const account = demoAccountNumber(5, 4);
      await registerIn(page, account);
      await page.getByRole("button", { name: "Sign out" }).click();
      await see(page.getByRole("heading", { name: "Sign in to the member portal" }));
      expect(await page.getByRole("button", { name: "Sign in with a passkey" }).isVisible()).toBe(false);
      const phone = sms.messages.at(-1)!.number;
      await page.getByLabel("Mobile number or e-mail").fill(`0${String(phone).replace(/^\+?63/, "")}`);
      const before = sms.messages.length;
      await page.getByRole("button", { name: "Send me a code" }).click();
      await see(page.getByRole("heading", { name: "Enter your code" }));
      await page.getByLabel("6-digit code").fill(await lastCode(before));
      await page.getByRole("button", { name: /^(Sign in|Confirm)$/ }).click();
      await see(page.getByRole("heading", { name: "My accounts" }));
      expect(await page.locator("main").innerText()).toContain(account);
      // Passkeys page without JavaScript: it says why nothing can be created here.
      await page.goto(`${base}/mco/passkeys`);
      await see(page.getByText("Adding a passkey needs a browser that can make passkeys"));
      expect(await page.getByRole("button", { name: "Create a passkey" }).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: path.join(SHOTS, "i26c-passkeys-360-js-off.png"), fullPage: true });
    } finally {
      await browser.cleanup();
    }
  });

  it("a passkey added after a code sign-in signs the member back in alone, and never opens /staff", async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const browser = await openBrowser(PHONE);
    try {
      const page = await browser.newPage();
      const authenticator = await addVirtualAuthenticator(browser, page);
      const account = demoAccountNumber(6, 3);
      await registerIn(page, account);
      await page.goto(`${base}/mco/my-data`);
      await page.getByRole("link", { name: "Add or remove a passkey" }).click();
      await see(page.getByRole("heading", { name: "Passkeys", level: 1 }));
      expect(await page.getByText("None yet.").isVisible()).toBe(true);
      // Just signed in by code: fresh enough to add one without another code.
      await see(page.getByLabel("Name for this passkey"));
      expect(await page.getByText("Adding a passkey needs a browser").isVisible()).toBe(false);
      await page.getByLabel("Name for this passkey").fill("My phone");
      await page.getByRole("button", { name: "Create a passkey" }).click();
      await see(page.getByText("The passkey is added."));
      await see(page.getByRole("cell", { name: "My phone", exact: true }));
      const credentials = await authenticator.credentials();
      expect(credentials).toHaveLength(1);
      expect(credentials[0]!.rpId).toBe("localhost");
      // The account name the device keeps with it: the portal and the member's account.
      expect(credentials[0]).toMatchObject({
        userName: `WESPECO member portal \u00b7 ${account}`,
        userDisplayName: `WESPECO member portal \u00b7 ${account}`,
      });
      const rows = await t.db.handle.db.select().from(portalPasskey);
      expect(rows.map((r) => r.name)).toEqual(["My phone"]);
      await page.screenshot({ path: path.join(SHOTS, "i26c-passkeys-375.png"), fullPage: true });
      await page.setViewportSize(DESKTOP);
      await page.screenshot({ path: path.join(SHOTS, "i26c-passkeys-1280.png"), fullPage: true });
      await page.setViewportSize(PHONE);

      await page.getByRole("button", { name: "Sign out" }).click();
      await see(page.getByRole("heading", { name: "Sign in to the member portal" }));
      await see(page.getByRole("button", { name: "Sign in with a passkey" }));
      await page.screenshot({ path: path.join(SHOTS, "i26c-login-passkey-375.png"), fullPage: true });
      const codes = sms.messages.length;
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await see(page.getByRole("heading", { name: "My accounts" }));
      expect(new URL(page.url()).pathname).toBe("/mco");
      expect(await page.locator("main").innerText()).toContain(account);
      expect(sms.messages.length).toBe(codes); // no code was sent: the passkey alone
      await page.screenshot({ path: path.join(SHOTS, "i26c-overview-after-passkey-375.png"), fullPage: true });
      const methods = (await t.db.handle.db.select().from(portalSignIns).where(eq(portalSignIns.userId, rows[0]!.userId))).map(
        (s) => s.method,
      );
      expect(methods).toContain("passkey");
      // The member's session opens nothing in the console.
      await page.goto(`${base}/staff`);
      await see(page.getByRole("heading", { name: "Sign in" }));
      expect(new URL(page.url()).pathname).toBe("/staff/sign-in");
      // And the console's passkey button does not take the member's passkey.
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await see(page.getByText("That passkey was not accepted."));
      expect(new URL(page.url()).pathname).toBe("/staff/sign-in");

      // Removing it (the list works without a script too).
      await page.goto(`${base}/mco/passkeys`);
      await page.getByRole("button", { name: "Remove My phone" }).click();
      await see(page.getByText("The passkey is removed."));
      expect(await t.db.handle.db.select().from(portalPasskey)).toHaveLength(0);
    } finally {
      await browser.cleanup();
    }
  });
});
