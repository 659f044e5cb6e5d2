/**
 * The public ticker on a 375 px phone: the interruptions get the screen's whole width on a
 * line of their own (beside the title and "Get alerts" they had a sliver, read as "NGOING: N"),
 * JavaScript off and on. Screenshots go to SHOTS_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInterruption, interruptionFormSchema } from "../../../modules/interruptions/editor.server";
import { manilaFormParts } from "../../../modules/shared/dates";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser } from "../../support/browser";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("the ticker at 375 px", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    fs.mkdirSync(SHOTS, { recursive: true });
    await createInterruption(
      { db: t.db.handle.db, actor: { id: "test", name: "Test" }, contentChanged: async () => {} },
      interruptionFormSchema.parse({
        date: manilaFormParts(new Date()).date,
        endDate: manilaFormParts(new Date(Date.now() + 86_400_000)).date,
        start: "00:05",
        end: "23:00",
        activities: "Line work",
        circuit: "Bani Feeder 2",
        wholeTown: ["Bani"],
        publish: "now",
      }),
    );
  });
  afterAll(async () => t?.close());

  for (const js of ["off", "on"] as const)
    it(`gives the interruptions the whole width, JavaScript ${js}`, async () => {
      const browser = await openBrowser({ javaScriptEnabled: js === "on", width: 375, height: 760 });
      try {
        const page = await browser.newPage();
        await page.goto(`${t.url}/news/power-interruptions`);
        const viewport = page.getByRole("group", { name: "Upcoming power interruptions" });
        const box = (await viewport.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(330);
        // The title and "Get alerts" stay whole on their own line.
        const title = (await page.locator(".ticker__title").boundingBox())!;
        const alerts = (await page.getByRole("link", { name: "Get alerts" }).boundingBox())!;
        expect(alerts.x + alerts.width).toBeLessThanOrEqual(375);
        expect(box.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await page.locator(".ticker").screenshot({ path: path.join(SHOTS, `i23-ticker-375-js-${js}.png`) });
      } finally {
        await browser.cleanup();
      }
    });
});
