/**
 * Inviting staff as an administrator does it, JavaScript off and on, with SMTP set up (a real
 * SMTP server on loopback): the invite e-mail carries the one-time link (also on screen), the
 * form starts empty again, and a second invite to the same address (in any case) is refused
 * beside the e-mail field, with what was typed kept. Screenshots at 375 px go to SHOTS_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";
import { type SmtpStandIn, startSmtpServer } from "../../support/smtp";
import { signInAs, type TestStaff } from "../../support/staff";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("inviting staff by e-mail", () => {
  let t: TestApp;
  let smtp: SmtpStandIn;
  let admin: TestStaff;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ withPages: true, env: { SMTP_URL: smtp.url } });
    await t.listen();
    admin = await signInAs(t, "admin");
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  for (const js of ["off", "on"] as const)
    it(`e-mails the link, clears the form and refuses the same address again, JavaScript ${js}`, async () => {
      const browser = await openBrowser({ javaScriptEnabled: js === "on", ...PHONE });
      try {
        await browser.addCookies(admin.browserCookies(t.url));
        const page = await browser.newPage();
        page.setDefaultTimeout(8_000);
        await page.goto(`${t.url}/staff/users`);
        const email = `Rosa.Invited-${js}@Example.com`;
        const before = smtp.messages.length;
        await page.getByLabel("Name").fill(`Rosa ${js}`);
        await page.getByLabel("E-mail address").fill(email);
        await page.getByLabel("Role").selectOption({ label: "Dispatcher" });
        await page.getByRole("button", { name: "Invite", exact: true }).click();
        const status = page.getByRole("status");
        await status.filter({ hasText: "is invited" }).waitFor();
        expect(await status.innerText()).toContain("An e-mail with their link is on its way");
        const link = (await status.locator(".console-code").innerText()).trim();
        expect(link).toMatch(/\/staff\/enrol\/\S+$/);

        const [mail] = (await smtp.waitFor(before + 1)).slice(before);
        expect(mail!.to).toBe(email.toLowerCase());
        expect(mail!.subject).toMatch(/staff console account/);
        expect(mail!.text).toContain(link);
        expect(mail!.text).toContain("role: Dispatcher");

        // The form is empty again.
        expect(await page.getByLabel("Name").inputValue()).toBe("");
        expect(await page.getByLabel("E-mail address").inputValue()).toBe("");
        expect(await page.getByLabel("Role").inputValue()).toBe("");
        await page.screenshot({ path: path.join(SHOTS, `i23-invite-sent-375-js-${js}.png`), fullPage: true });

        // The same address again, in other letters: refused beside the field, what was typed kept, nothing sent.
        await page.getByLabel("Name").fill(`Rosa again ${js}`);
        await page.getByLabel("E-mail address").fill(email.toUpperCase());
        await page.getByLabel("Role").selectOption({ label: "Communications" });
        await page.getByRole("button", { name: "Invite", exact: true }).click();
        const fieldError = page.locator("#email-error");
        await fieldError.waitFor();
        expect(await fieldError.innerText()).toMatch(/was already invited and has not set up the account yet/);
        expect(await page.getByLabel("E-mail address").inputValue()).toBe(email.toUpperCase());
        expect(await page.getByLabel("Name").inputValue()).toBe(`Rosa again ${js}`);
        await page.screenshot({ path: path.join(SHOTS, `i23-invite-duplicate-375-js-${js}.png`), fullPage: true });
        expect(smtp.messages.length).toBe(before + 1);

        // An address that is already set up says so.
        await page.getByLabel("E-mail address").fill(admin.email);
        await page.getByRole("button", { name: "Invite", exact: true }).click();
        await page.locator("#email-error").filter({ hasText: "already has a staff account" }).waitFor();
      } finally {
        await browser.cleanup();
      }
    });
});
