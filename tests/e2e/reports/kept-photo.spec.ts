/**
 * The report form without JavaScript keeps the chosen photo when another answer needs fixing
 * (a browser never sends a file twice): a wrong answer to the question, then the right one,
 * and the report reaches the dispatcher with the photo, chosen once. Screenshots to SHOTS_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays, outageReports, reportPhotos } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");
const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const answerOf = (text: string) => {
  const [, a, b] = /What is (\w+) plus (\w+)\?/.exec(text)!;
  return WORDS.indexOf(a!) + WORDS.indexOf(b!);
};

describe("the report form keeps the photo without JavaScript", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
    await t.listen();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => t?.close());

  it("a wrong answer to the question keeps the photo; the right one files the report with it", async () => {
    const [b] = await t.db.handle.db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Agno")).limit(1);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#a73" } })
      .jpeg()
      .toBuffer();
    const browser = await openBrowser({ javaScriptEnabled: false, ...PHONE });
    try {
      const page = await browser.newPage();
      await page.goto(`${t.url}/report?kind=pole&barangay=${b!.id}`);
      await page.getByLabel("Where exactly?").fill("in front of the school, kept-photo test");
      await page.getByLabel("Photo (optional)").setInputFiles({ name: "pole.jpg", mimeType: "image/jpeg", buffer: photo });
      const question = page.getByLabel(/What is \w+ plus \w+\?/);
      const wrong =
        answerOf((await question.getAttribute("aria-label")) ?? (await page.locator("label[for=questionAnswer]").innerText())) + 1;
      await question.fill(String(wrong));
      await page.getByRole("button", { name: "Send report" }).click();

      await page.locator(".report__kept-photo").waitFor();
      expect(await page.locator(".report__kept-photo").innerText()).toContain("Your photo is kept");
      expect(await page.locator("#photo-error").count()).toBe(0);
      await page.screenshot({ path: path.join(SHOTS, "i23-report-kept-photo-375.png"), fullPage: true });

      const right = answerOf(await page.locator("label[for=questionAnswer]").innerText());
      await page.getByLabel(/What is \w+ plus \w+\?/).fill(String(right));
      await page.getByRole("button", { name: "Send report" }).click();
      await page.getByRole("heading", { name: "Your report" }).waitFor();

      const [report] = await t.db.handle.db
        .select({ id: outageReports.id })
        .from(outageReports)
        .where(eq(outageReports.landmark, "in front of the school, kept-photo test"));
      const stored = await t.db.handle.db.select().from(reportPhotos).where(eq(reportPhotos.reportId, report!.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ width: 320, height: 240 });
      // Nothing is left behind once the report is filed.
      const pending = path.join(t.config.storageDir, ".pending-photos");
      expect(fs.existsSync(pending) ? fs.readdirSync(pending) : []).toEqual([]);
    } finally {
      await browser.cleanup();
    }
  });
});
