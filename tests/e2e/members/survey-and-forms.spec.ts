/**
 * The forms in a real browser: the survey (consent, its four messages, without JavaScript),
 * the new service connection pre-registration, and the bill inquiry with its ALTCHA captcha.
 */

import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, useSite } from "../../support/app";
import { openBrowser } from "../../support/browser";
import { addToRoll } from "../../support/roll";

// Keep the proof-of-work cheap in tests; read by the captcha module when it makes a challenge.
process.env.ALTCHA_COST = "1";

const MESSAGES = {
  missing: "Lahat ng fields ay kinakailangan.",
  success: "Salamat sa inyong pagsagot sa survey!",
  alreadyAnswered: "Mayroon ka nang naisagawang pagsusumite ng survey. Salamat sa iyong oras!",
  failure: "May nangyaring error sa pagsusumite ng survey. Pakisubukan muli.",
};

async function fillSurvey(page: Page, account: string) {
  await page.getByLabel("Account name").fill("Juan Dela Cruz");
  await page.getByLabel("Your name (respondent)").fill("Maria Dela Cruz");
  await page.getByLabel("City or municipality").selectOption("BANI");
  await page.getByLabel("Account number").fill(account);
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
  await page.getByLabel("Suggestions").fill("Mas maraming abiso sa SMS.");
}

const consent = (page: Page) => page.getByRole("checkbox", { name: /I have read the privacy notice/ });
const submit = (page: Page) => page.getByRole("button", { name: "Submit survey" }).click();

describe("forms in the browser", () => {
  const t = useSite();
  let browser: BrowserContext & { cleanup(): Promise<void> };
  let noJs: BrowserContext & { cleanup(): Promise<void> };

  beforeAll(async () => {
    await addToRoll(t.db.handle.db, ["01-0123-4567", "03-1111-2222", "04-3333-4444", "05-5555-6666"]);
    browser = await openBrowser();
    noJs = await openBrowser({ javaScriptEnabled: false });
  });
  afterAll(async () => {
    await browser?.cleanup();
    await noJs?.cleanup();
  });

  describe("customer satisfaction survey", () => {
    it("shows the questionnaire only while consent is ticked, with a QR code of its address", async () => {
      const page = await browser.newPage();
      await page.goto(`${t.url}/customer-satisfaction-survey`);
      await page.locator(".survey__qr-code svg").waitFor();
      expect(await page.getByRole("img", { name: /QR code of the survey's address/ }).getAttribute("aria-label")).toContain(
        "/customer-satisfaction-survey",
      );
      expect(await consent(page).isChecked()).toBe(false);
      expect(await page.getByLabel("Account name").isVisible()).toBe(false);
      await consent(page).check();
      expect(await page.getByLabel("Account name").isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Submit survey" }).isVisible()).toBe(true);
      await consent(page).uncheck();
      expect(await page.getByLabel("Account name").isVisible()).toBe(false);
      await page.close();
    });

    it("marks each missing field and says 'Lahat ng fields ay kinakailangan.'", async () => {
      const page = await browser.newPage();
      await page.goto(`${t.url}/css`);
      await consent(page).check();
      await page.getByLabel("Account name").fill("Juan Dela Cruz");
      await submit(page);
      await page.getByText(MESSAGES.missing).waitFor();
      for (const label of ["Your name (respondent)", "City or municipality", "Account number", "E-mail address", "Contact number"]) {
        expect(await page.getByLabel(label).getAttribute("aria-invalid"), label).toBe("true");
      }
      expect(await page.getByLabel("Account name").getAttribute("aria-invalid")).toBeNull();
      expect(await page.getByLabel("Account name").inputValue()).toBe("Juan Dela Cruz");
      await page.close();
    });

    it("thanks on success, and on a second answer for the same account says it was already submitted, keeping the answers", async () => {
      const page = await browser.newPage();
      await page.goto(`${t.url}/customer-satisfaction-survey`);
      await consent(page).check();
      await fillSurvey(page, "03-1111-2222");
      await submit(page);
      await page.getByText(MESSAGES.success).waitFor();

      await page.goto(`${t.url}/customer-satisfaction-survey`);
      await consent(page).check();
      await fillSurvey(page, "03-1111-2222");
      await submit(page);
      await page.getByText(MESSAGES.alreadyAnswered).waitFor();
      expect(await page.getByText(MESSAGES.success).count()).toBe(0);
      expect(await page.getByLabel("Account number").inputValue()).toBe("03-1111-2222");
      expect(await page.getByLabel("Suggestions").inputValue()).toBe("Mas maraming abiso sa SMS.");
      await page.close();
    });

    it("works without JavaScript: the form is there, consent is required by the server, and the answer is stored", async () => {
      const page = await noJs.newPage();
      await page.goto(`${t.url}/css`);
      expect(await page.getByLabel("Account name").isVisible()).toBe(true);
      await fillSurvey(page, "04-3333-4444");
      await submit(page);
      await page.getByText(MESSAGES.missing).waitFor();
      expect(await consent(page).getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("Account number").inputValue()).toBe("04-3333-4444");
      await consent(page).check();
      await submit(page);
      await page.getByText(MESSAGES.success).waitFor();
      await page.close();
    });

    it("says an error happened, keeping the answers, when the database fails", async () => {
      const other = await createTestApp({ withPages: true });
      try {
        await other.listen();
        const page = await browser.newPage();
        await page.goto(`${other.url}/customer-satisfaction-survey`);
        await consent(page).check();
        await fillSurvey(page, "05-5555-6666");
        await other.db.handle.close();
        await submit(page);
        await page.getByText(MESSAGES.failure).waitFor();
        expect(await page.getByLabel("Account number").inputValue()).toBe("05-5555-6666");
        expect(await page.getByLabel("Account name").inputValue()).toBe("Juan Dela Cruz");
        await page.close();
      } finally {
        // The handle is already closed: shut the app, then remove its files.
        await other.app.close().catch(() => {});
        await other.db.cleanup();
      }
    });
  });

  describe("new service connection", () => {
    it("shows a message beside a wrong field, keeps the answers, then stores the pre-registration with a reference", async () => {
      const page = await browser.newPage();
      await page.goto(`${t.url}/service/new-service-connection`);
      expect(await page.getByRole("checkbox", { name: "Electrical plan (3 copies)" }).count()).toBe(1);
      await page.getByLabel("Last name").fill("Dela Cruz");
      await page.getByLabel("First name").fill("Jose");
      await page.getByLabel("Address").fill("Purok 3, Poblacion, Bani, Pangasinan");
      await page.getByLabel("Date of birth").fill("1990-03-05");
      await page.getByLabel("Age", { exact: true }).fill("abc");
      await page.getByRole("radio", { name: "Male", exact: true }).check();
      await page.getByRole("radio", { name: "Married" }).check();
      await page.getByLabel("Contact numbers").fill("0917 123 4567, 075 553 0123");
      await page.getByRole("radio", { name: "Tertiary" }).check();
      await page.getByLabel("Occupation / source of income").fill("Teacher");
      await page.getByLabel("Number of dependents").fill("2");
      await page.getByRole("button", { name: "Submit pre-registration" }).click();

      await page.getByRole("heading", { name: "There is a problem" }).waitFor();
      expect(await page.getByLabel("Age", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#age-error").innerText()).toContain("Enter your age");
      expect(await page.getByLabel("Last name").inputValue()).toBe("Dela Cruz");
      expect(await page.getByRole("radio", { name: "Married" }).isChecked()).toBe(true);

      const age = String(new Date().getFullYear() - 1990 - (new Date() < new Date(new Date().getFullYear(), 2, 5) ? 1 : 0));
      await page.getByLabel("Age", { exact: true }).fill(age);
      await page.getByRole("button", { name: "Submit pre-registration" }).click();
      // The summary's address is a random token, not the reference (which could be guessed).
      await page.waitForURL(/\/service\/new-service-connection\/[A-Za-z0-9_-]{27}$/);
      await page.getByRole("heading", { name: "New Service Connection Pre-registration" }).waitFor();
      const text = await page.locator("main").innerText();
      expect(text).toMatch(/NSC-\d{4}-[A-Z0-9]{6}/);
      expect(text).toContain("Dela Cruz, Jose");
      expect(text).toContain("March 5, 1990");
      expect(text).toContain("Certificate of final electrical inspection");
      expect(text).toContain("Php 100");
      expect(await page.getByRole("button", { name: "Print this summary" }).isVisible()).toBe(true);
      await page.close();
    });

    it("answers 404 for an unknown reference", async () => {
      const res = await fetch(`${t.url}/service/new-service-connection/NSC-2026-ZZZZZZ`);
      expect(res.status).toBe(404);
    });
  });

  describe("bill inquiry", () => {
    it("treats a wrong account number as empty and asks for the captcha", async () => {
      const page = await browser.newPage();
      await page.goto(`${t.url}/service/bill-inquiry`);
      await page.getByLabel("Account number").fill("1-123-45");
      await page.getByRole("button", { name: "View account details" }).click();
      await page.getByRole("heading", { name: "There is a problem" }).waitFor();
      expect(await page.locator("#accountNumber-error").innerText()).toContain("Please enter your Account Number.");
      expect(await page.locator("#altcha-error").innerText()).toContain("not a robot");
      expect(await page.locator(".bill-result").count()).toBe(0);

      // A right number without the captcha still shows nothing.
      await page.getByLabel("Account number").fill("01-0123-4567");
      await page.getByRole("button", { name: "View account details" }).click();
      await expect.poll(() => page.locator("#accountNumber-error").count()).toBe(0);
      expect(await page.locator("#altcha-error").count()).toBe(1);
      expect(await page.locator(".bill-result").count()).toBe(0);
      await page.close();
    });

    it("answers a valid number with a solved captcha (this account has no bill yet: it says so); a replayed captcha is refused", async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`${t.url}/service/bill-inquiry`);
      await page.getByLabel("Account number").fill("01-0123-4567");
      await page.getByText("I'm not a robot").click();
      const solution = page.locator('input[name="altcha"]');
      await expect.poll(() => solution.inputValue().catch(() => ""), { timeout: 30_000 }).not.toBe("");
      const payload = await solution.inputValue();
      await page.getByRole("button", { name: "View account details" }).click();
      await page.getByRole("heading", { name: "No bill yet for 01-0123-4567" }).waitFor();
      expect(errors, "no CSP or script errors").toEqual([]);

      const replay = await page.request.post(`${t.url}/service/bill-inquiry`, { form: { accountNumber: "01-0123-4567", altcha: payload } });
      const html = await replay.text();
      expect(html).toContain("already used");
      expect(html).not.toContain("No bill yet");

      const forged = await page.request.post(`${t.url}/service/bill-inquiry`, {
        form: { accountNumber: "01-0123-4567", altcha: Buffer.from("{}").toString("base64") },
      });
      expect(await forged.text()).not.toContain("No bill yet");
      await page.close();
    });

    it("says without JavaScript that the captcha needs it", async () => {
      const page = await noJs.newPage();
      await page.goto(`${t.url}/service/bill-inquiry`);
      expect(await page.getByText("The captcha needs JavaScript").isVisible()).toBe(true);
      await page.close();
      const withJs = await browser.newPage();
      await withJs.goto(`${t.url}/service/bill-inquiry`);
      expect(await withJs.getByText("The captcha needs JavaScript").isVisible()).toBe(false);
      await withJs.close();
    });
  });
});
