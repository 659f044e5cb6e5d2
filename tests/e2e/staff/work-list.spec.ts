/**
 * Each role's overview at 375 and 1280 px (JavaScript on at 375, off at 1280) with the demo
 * data and one new outage report: the "Waiting on you" card comes first, and each of its
 * lines, tapped, leads to its page. Screenshots go to SHOTS_DIR as 37-work-<role>-<width>.png.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays } from "../../../db/schema";
import { fileReport } from "../../../modules/reports/queries.server";
import type { Role } from "../../../modules/staff/permissions";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { signInAs } from "../../support/staff";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");
const ROLES: Role[] = ["admin", "dispatcher", "billing", "member-services", "communications", "rates"];

describe("each role's work list", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    fs.mkdirSync(SHOTS, { recursive: true });
    const db = t.db.handle.db;
    const [b] = await db.select().from(barangays).where(eq(barangays.town, "Dasol")).limit(1);
    await fileReport(db, { kind: "no-power", barangayId: b!.id, landmark: "by the chapel", details: "", accountNumber: "", mobile: "" });
  });
  afterAll(async () => t?.close());

  for (const role of ROLES)
    for (const [size, js] of [
      [PHONE, true],
      [DESKTOP, false],
    ] as const)
      it(`${role} at ${size.width} px (JavaScript ${js ? "on" : "off"}): every line leads to its page`, async () => {
        const who = await signInAs(t, role, { email: `${role}-${size.width}@example.test` });
        const browser = await openBrowser({ ...size, javaScriptEnabled: js });
        try {
          await browser.addCookies(who.browserCookies(t.url));
          const page = await browser.newPage();
          await page.goto(`${t.url}/staff`);
          const card = page.getByRole("region", { name: "Waiting on you" });
          await card.waitFor();
          await page.screenshot({ path: path.join(SHOTS, `37-work-${role}-${size.width}.png`), fullPage: true });
          const links = await card
            .getByRole("link")
            .evaluateAll((as) => as.map((a) => [a.textContent ?? "", a.getAttribute("href") ?? ""]));
          if (links.length === 0) expect(await card.innerText()).toContain("all is done");
          if (role === "dispatcher" || role === "admin")
            expect(links.map(([text]) => text)).toContainEqual(expect.stringMatching(/to triage$/));
          for (const [text, href] of links) {
            await page.goto(`${t.url}/staff`);
            await page.getByRole("region", { name: "Waiting on you" }).getByRole("link", { name: text, exact: true }).first().click();
            await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
            expect(await page.locator("h1").first().innerText(), `${text} → ${href}`).not.toMatch(/not found|refused/i);
          }
        } finally {
          await browser.cleanup();
        }
      });
});
