/**
 * The language switch in the middle of a multi-step form, at 375 px with JavaScript off and on:
 * on the report's first step the choice so far, on its second step what was typed (and a
 * photo chosen) stays; in the AGAM
 * registration the second-factor step and a topic half answered stay, and the registration
 * then goes through with every answer. The switch there is a button of the form, posting what
 * is typed (never in the address); screenshots of the switched pages go to tests/.tmp/screens.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agamMessages } from "../../../app/messages/agam";
import { agamRegistrationMessages } from "../../../app/messages/agam-registration";
import { formMessages } from "../../../app/messages/forms";
import { reportMessages } from "../../../app/messages/reports";
import { agamDecisions, agamRegistrations, barangays } from "../../../db/schema";
import { demoAccountNumber } from "../../../seed/accounts";
import { DEMO_PIN } from "../../../seed/index";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");
const report = reportMessages.fil;
const agam = { ...agamMessages.fil, ...agamRegistrationMessages.fil };
const TOPICS = 5;

/** The switch in the header: on these pages a button of the form in view (the plain link is hidden). */
async function switchLanguage(page: Page, to: "Filipino" | "English") {
  const button = page.getByRole("button", { name: new RegExp(`${to}$`) });
  expect(await page.getByRole("link", { name: new RegExp(`${to}$`) }).isVisible()).toBe(false);
  await button.click();
  await page.waitForURL(
    (u) => u.pathname.startsWith(to === "Filipino" ? "/fil/" : "/") && !(to === "English" && u.pathname.startsWith("/fil")),
  );
}

describe("the language switch keeps a form's steps", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
    await t.listen();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => t?.close());

  for (const js of [false, true]) {
    const mode = js ? "on" : "off";

    it(`keeps what was typed on the report's second step, and a photo, JavaScript ${mode} at 375 px`, async () => {
      const [b] = await t.db.handle.db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Bani")).limit(1);
      const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#37a" } })
        .jpeg()
        .toBuffer();
      const browser = await openBrowser({ ...PHONE, javaScriptEnabled: js });
      try {
        const page = await browser.newPage();
        // The first step: the choice made so far stays, still on the first step.
        await page.goto(`${t.url}/report`);
        await page.getByRole("radio", { name: "Leaning or broken pole" }).check();
        await page.getByLabel("Town and barangay").selectOption(String(b!.id));
        await switchLanguage(page, "Filipino");
        await page.getByLabel(report["report.where"]).waitFor();
        expect(await page.getByRole("radio", { name: report["report.kind.pole"] }).isChecked()).toBe(true);
        expect(await page.getByLabel(report["report.where"]).inputValue()).toBe(String(b!.id));

        await page.goto(`${t.url}/report?kind=pole&barangay=${b!.id}`);
        await page.getByLabel("Where exactly?").fill(`beside the chapel, switch test ${mode}`);
        await page.getByLabel("What do you see? (optional)").fill("The pole leans over the road.");
        await page.getByLabel("Mobile number").fill("0917 123 4567");
        await page.getByLabel("Account number").fill("01 1000 4568");
        await page.getByLabel("Photo (optional)").setInputFiles({ name: "pole.jpg", mimeType: "image/jpeg", buffer: photo });

        await switchLanguage(page, "Filipino");
        await page.getByLabel(report["report.exactly"]).waitFor();
        const url = new URL(page.url());
        expect(url.pathname).toBe("/fil/report");
        // The step is in the address, what was typed is not.
        expect(url.search).toBe(`?kind=pole&barangay=${b!.id}`);
        expect(await page.getByLabel(report["report.exactly"]).inputValue()).toBe(`beside the chapel, switch test ${mode}`);
        expect(await page.getByLabel(report["report.details"]).inputValue()).toBe("The pole leans over the road.");
        expect(await page.getByLabel(report["report.mobile"]).inputValue()).toBe("0917 123 4567");
        expect(await page.getByLabel(formMessages.fil["form.account"]).inputValue()).toBe("01 1000 4568");
        expect(await page.locator(".report__kept-photo").innerText()).toBe(report["report.photo.kept"]);
        // Nothing was checked: no error summary, no field error.
        expect(await page.locator(".error-summary, .field__error:not(:empty)").count()).toBe(0);
        await page.screenshot({ path: path.join(SHOTS, `i36-report-switched-js-${mode}-375.png`), fullPage: true });

        // And back to English: still all there.
        await page.getByLabel(report["report.exactly"]).fill(`beside the chapel, switch test ${mode}, again`);
        await switchLanguage(page, "English");
        await page.getByLabel("Where exactly?").waitFor();
        expect(new URL(page.url()).pathname).toBe("/report");
        expect(await page.getByLabel("Where exactly?").inputValue()).toBe(`beside the chapel, switch test ${mode}, again`);
        expect(await page.getByLabel("Mobile number").inputValue()).toBe("0917 123 4567");
        expect(await page.locator(".report__kept-photo").count()).toBe(1);
      } finally {
        await browser.cleanup();
      }
    });

    it(`keeps the AGAM second factor and a half-answered topic, then registers, JavaScript ${mode} at 375 px`, async () => {
      // Even-numbered seed accounts have a registration PIN; none of these is registered.
      const acct = demoAccountNumber(7, js ? 10 : 8);
      const browser = await openBrowser({ ...PHONE, javaScriptEnabled: js });
      try {
        const page = await browser.newPage();
        await page.goto(`${t.url}/agam-registration`);
        // Typed but not looked up yet: the number stays.
        await page.getByLabel("Account number").fill(acct);
        await switchLanguage(page, "Filipino");
        expect(await page.getByLabel(formMessages.fil["form.account"]).inputValue()).toBe(acct);
        await page.getByRole("button", { name: agam["agam.check"] }).click();
        await page.getByLabel(agam["agam.factor.pin"]).waitFor();

        // The second-factor step, switched: the same step in English, nothing sent or spent.
        await switchLanguage(page, "English");
        await page.getByLabel("Registration PIN").fill(DEMO_PIN);
        await page.getByRole("button", { name: "Check the PIN" }).click();
        await page.getByRole("heading", { level: 2, name: new RegExp(`Topic 1 of ${TOPICS}`) }).waitFor();
        await page.getByRole("radio", { name: "Approve", exact: true }).check();
        await page.getByRole("button", { name: "Next", exact: true }).click();
        await page.getByRole("heading", { level: 2, name: new RegExp(`Topic 2 of ${TOPICS}`) }).waitFor();
        await page.getByRole("radio", { name: "Disapprove" }).check();
        await page.getByLabel("Why disagree?").fill(`Too costly (${mode})`);

        // Half-way through topic 2: switched to Filipino, the choice and the reason are still there.
        await switchLanguage(page, "Filipino");
        await page.getByRole("heading", { level: 2, name: new RegExp(agam["agam.topicOf"]({ n: 2, total: TOPICS })) }).waitFor();
        expect(new URL(page.url()).search).toBe("");
        expect(await page.getByRole("radio", { name: agam["agam.disapprove"] }).isChecked()).toBe(true);
        expect(await page.getByLabel(agam["agam.why"]).inputValue()).toBe(`Too costly (${mode})`);
        await page.screenshot({ path: path.join(SHOTS, `i36-agam-switched-js-${mode}-375.png`), fullPage: true });

        // The rest in Filipino, then Proceed: the registration holds every answer, topic 2's reason included.
        await page.getByRole("button", { name: agam["agam.next"], exact: true }).click();
        for (let n = 3; n <= TOPICS; n++) {
          await page.getByRole("heading", { level: 2, name: new RegExp(agam["agam.topicOf"]({ n, total: TOPICS })) }).waitFor();
          await page.getByRole("radio", { name: agam["agam.approve"], exact: true }).check();
          await page.getByRole("button", { name: agam["agam.next"], exact: true }).click();
        }
        await page.getByRole("heading", { name: agam["agam.review"] }).waitFor();
        await page.getByRole("button", { name: agam["agam.proceed"] }).click();
        await page.waitForURL((u) => u.pathname.startsWith("/fil/agam-registration/confirmation/"));

        const db = t.db.handle.db;
        const [registration] = await db.select().from(agamRegistrations).where(eq(agamRegistrations.accountNumber, acct));
        const decisions = await db
          .select({ seq: agamDecisions.topicSequenceNumber, value: agamDecisions.answerValue, reason: agamDecisions.reason })
          .from(agamDecisions)
          .where(eq(agamDecisions.registrationId, registration!.id));
        expect(decisions.sort((a, b) => a.seq - b.seq).map((d) => [d.value, d.reason])).toEqual([
          [1, ""],
          [0, `Too costly (${mode})`],
          [1, ""],
          [1, ""],
          [1, ""],
        ]);
      } finally {
        await browser.cleanup();
      }
    });
  }

  it("a switch post is sent on with its body to the page in the other language (307), remembering the choice", async () => {
    const res = await fetch(`${t.url}/language/fil?to=${encodeURIComponent("/report?kind=pole&barangay=1")}`, {
      method: "POST",
      body: new URLSearchParams({ landmark: "x", _switch: "fil" }),
      redirect: "manual",
    });
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("/fil/report?kind=pole&barangay=1");
    expect(res.headers.get("set-cookie")).toMatch(/^lang=fil;/);
    // Never to another site.
    const away = await fetch(`${t.url}/language/en?to=${encodeURIComponent("//evil.example/")}`, { method: "POST", redirect: "manual" });
    expect(away.headers.get("location")).toBe("/");
  });
});
