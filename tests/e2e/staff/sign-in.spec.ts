/**
 * Staff sign-in in Chromium: an enrolment link followed as a newcomer would (password, then an
 * authenticator app whose codes this test computes itself), sign-in with password and TOTP
 * without JavaScript, and a passkey created and used through Chromium's virtual authenticator
 * (CDP WebAuthn), on http://localhost so that the passkey's relying party matches PUBLIC_URL.
 */
import fs from "node:fs";
import net from "node:net";
import * as OTPAuth from "otpauth";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE, inviteStaff } from "../../../modules/staff/users.server";
import { createTestApp, type TestApp } from "../../support/app";
import { addVirtualAuthenticator, openBrowser, PHONE } from "../../support/browser";

const SHOTS = process.env.SHOTS_DIR ?? "tests/.tmp";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits (up to 15 s on this shared machine) until a person could see it. */
const see = (locator: Locator) => expect.poll(() => locator.isVisible(), { timeout: 15_000 }).toBe(true);

/** The code of the authenticator app, now or at another moment (a code is good once: a second sign-in takes the next step's). */
const totp = (key: string, timestamp = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s+/g, "")), digits: 6, period: 30 }).generate({ timestamp });

let t: TestApp;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  // The server cache on, as in production: route discovery answers go through it.
  t = await createTestApp({ withPages: true, env: { PUBLIC_URL: base, CACHE_TTL_MS: "60000" } });
  await t.app.listen({ port, host: "127.0.0.1" });
});
afterAll(async () => t?.close());

async function fillSignIn(page: Page, email: string, password: string) {
  await page.goto(`${base}/staff`);
  await expect.poll(() => page.url(), { timeout: 10_000 }).toContain("/staff/sign-in");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
}

describe("staff sign-in in the browser", () => {
  it("enrolment link, then password and TOTP, all without JavaScript", async () => {
    const browser = await openBrowser({ javaScriptEnabled: false, ...PHONE });
    try {
      const page = await browser.newPage();
      const { url } = await inviteStaff(
        t.db.handle.db,
        { email: "dispatch.bani@example.com", name: "Jose Rizal", role: "dispatcher" },
        COMMAND_LINE,
        base,
      );
      await page.goto(url);
      await see(page.getByRole("heading", { name: "Set up your account" }));
      const password = "sunset over Hundred Islands";
      await page.getByLabel("New password").fill("password1");
      await page.getByLabel("The same password again").fill("password1");
      await page.getByRole("button", { name: "Save password" }).click();
      await see(page.getByRole("link", { name: /list of common passwords/ }));
      await page.getByLabel("New password").fill(password);
      await page.getByLabel("The same password again").fill(password);
      await page.getByRole("button", { name: "Save password" }).click();
      await see(page.getByRole("heading", { name: "Add a second factor" }));
      await page.screenshot({ path: "tests/.tmp/staff-factor-375.png", fullPage: true });
      const key = (await page.locator(".console-code").first().textContent())!;
      await page.getByLabel("Code from the app").fill(totp(key));
      await page.getByRole("button", { name: "Turn on the authenticator app" }).click();
      await see(page.getByRole("heading", { name: "Your backup codes" }));
      expect(await page.locator(".console-backup-codes li").count()).toBe(10);
      // Without JavaScript: a download of the codes, no Print button (it would need a script).
      expect(await page.getByRole("link", { name: "Download the codes (text file)" }).getAttribute("download")).toBe("backup-codes.txt");
      expect(await page.getByRole("button", { name: "Print the codes" }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/i23-backup-codes-375-js-off.png`, fullPage: true });
      await page.getByRole("link", { name: "Continue to the console" }).click();
      await see(page.getByRole("heading", { name: "Welcome, Jose Rizal" }));

      await page.getByRole("button", { name: "Sign out" }).click();
      await see(page.getByRole("heading", { name: "Sign in" }));

      await fillSignIn(page, "dispatch.bani@example.com", password);
      await see(page.getByRole("heading", { name: "Enter your code" }));
      await page.getByLabel("Code").fill("000000" === totp(key) ? "111111" : "000000");
      await page.getByRole("button", { name: "Sign in" }).click();
      await see(page.getByRole("link", { name: /That code is not right/ }));
      // Enrolment used this step's code; the server accepts the step either side, so the next one.
      await page.getByLabel("Code").fill(totp(key, Date.now() + 30_000));
      await page.getByRole("button", { name: "Sign in" }).click();
      await see(page.getByRole("heading", { name: "Welcome, Jose Rizal" }));
      await page.screenshot({ path: "tests/.tmp/staff-home-375.png", fullPage: true });
      // A dispatcher sees no administrator pages in the navigation.
      expect(await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Users" }).count()).toBe(0);
      const cookies = await browser.cookies(base);
      const session = cookies.find((c) => c.name === "staff.session_token");
      expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    } finally {
      await browser.cleanup();
    }
  });

  it("with JavaScript: the enrolment link, password, app, backup codes kept on screen, then the console", async () => {
    const browser = await openBrowser({ ...PHONE });
    try {
      const page = await browser.newPage();
      // A public page first, so the browser has discovered routes (and the server kept answers) before.
      await page.goto(`${base}/`);
      const { url } = await inviteStaff(
        t.db.handle.db,
        { email: "comms.alaminos@example.com", name: "Liza Soberano", role: "communications" },
        COMMAND_LINE,
        base,
      );
      await page.goto(url);
      const password = "typhoon season in Alaminos";
      await page.getByLabel("New password").fill(password);
      await page.getByLabel("The same password again").fill(password);
      await page.getByRole("button", { name: "Save password" }).click();
      await see(page.getByRole("heading", { name: "Add a second factor" }));
      const key = (await page.locator(".console-code").first().textContent())!;
      await page.getByLabel("Code from the app").fill(totp(key));
      await page.getByRole("button", { name: "Turn on the authenticator app" }).click();
      await see(page.getByRole("heading", { name: "Your backup codes" }));
      // The codes stay until the person goes on (they are shown only this once).
      await page.waitForTimeout(1000);
      expect(await page.locator(".console-backup-codes li").count()).toBe(10);
      // With JavaScript a Print button too; printing shows the codes alone.
      await page.getByRole("button", { name: "Print the codes" }).waitFor();
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download the codes (text file)" }).click();
      const file = fs.readFileSync((await (await download).path())!, "utf8");
      for (const code of await page.locator(".console-backup-codes li").allInnerTexts()) expect(file).toContain(code);
      await page.emulateMedia({ media: "print" });
      expect(await page.getByRole("heading", { name: "Your backup codes" }).isVisible()).toBe(true);
      expect(await page.getByRole("navigation", { name: "Console" }).isVisible()).toBe(false);
      await page.screenshot({ path: `${SHOTS}/i23-backup-codes-print.png`, fullPage: true });
      await page.emulateMedia({ media: "screen" });
      await page.screenshot({ path: `${SHOTS}/i23-backup-codes-375-js-on.png`, fullPage: true });
      await page.getByRole("link", { name: "Continue to the console" }).click();
      await see(page.getByRole("heading", { name: "Welcome, Liza Soberano" }));
    } finally {
      await browser.cleanup();
    }
  });

  it("a passkey made with Chromium's virtual authenticator signs in alone", async () => {
    const browser = await openBrowser();
    try {
      const page = await browser.newPage();
      const authenticator = await addVirtualAuthenticator(browser, page);

      // An administrator enrolled with an app; now adds a passkey from "My account".
      const { url } = await inviteStaff(
        t.db.handle.db,
        { email: "it.admin@example.com", name: "Ana Admin", role: "admin" },
        COMMAND_LINE,
        base,
      );
      const password = "mangoes ripen in Zambales";
      await page.goto(url);
      await page.getByLabel("New password").fill(password);
      await page.getByLabel("The same password again").fill(password);
      await page.getByRole("button", { name: "Save password" }).click();
      await see(page.getByRole("heading", { name: "Add a second factor" }));
      // Enrol with a passkey straight away (the password was just typed, so no second ask).
      await page.getByLabel("Name for this passkey").fill("Test laptop");
      await page.getByRole("button", { name: "Create a passkey" }).click();
      await see(page.getByRole("heading", { name: "Welcome, Ana Admin" }));
      const credentials = await authenticator.credentials();
      expect(credentials).toHaveLength(1);
      expect(credentials[0]!.rpId).toBe("localhost");

      await page.getByRole("button", { name: "Sign out" }).click();
      await see(page.getByRole("heading", { name: "Sign in" }));
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await see(page.getByRole("heading", { name: "Welcome, Ana Admin" }));
      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }).click();
      await see(page.getByRole("heading", { name: "Audit log" }));
      expect(await page.getByText("factor.passkey_added").count()).toBeGreaterThan(0);
      expect(await page.getByText("Method: passkey").count()).toBeGreaterThan(0); // the passkey sign-in, in words
      await page.screenshot({ path: "tests/.tmp/staff-audit-1280.png", fullPage: true });
    } finally {
      await browser.cleanup();
    }
  });
});
