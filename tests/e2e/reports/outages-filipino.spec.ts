/**
 * The outages hub in Filipino on a phone: long Filipino dates ("Disyembre 30, 2026, 11:45 PM")
 * wrap between words, never inside a word, and stay inside their card, at 360 and 375 px
 * (at 375 the figures stand two to a row), JavaScript off as most visitors on a slow line.
 * Screenshots go to tests/.tmp/screens (SHOTS_DIR).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangayPower, barangays } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser } from "../../support/browser";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

/** Words of the dates split over two lines, and dates reaching past their card. */
function brokenDates(): { split: string[]; outside: string[] } {
  const split: string[] = [];
  const outside: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(".outages__date")) {
    const card = el.closest("tr, .outages__figure") ?? el;
    const right = card.getBoundingClientRect().right + 0.5;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(m[0]);
        if (range.getBoundingClientRect().right > right) outside.push(m[0]);
      }
    }
  }
  return { split, outside };
}

describe("the outages hub in Filipino on a phone", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    fs.mkdirSync(SHOTS, { recursive: true });
    // Areas without power until the longest month's name: the hub's latest restoration and each town's.
    const db = t.db.handle.db;
    const etr = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 8, 30, 15, 45));
    const updated = new Date(Date.UTC(new Date().getUTCFullYear(), 10, 27, 14, 46));
    for (const town of ["Bolinao", "Alaminos", "Burgos"] as const) {
      const list = await db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, town)).limit(2);
      for (const b of list)
        await db
          .insert(barangayPower)
          .values({ barangayId: b.id, consumers: 120, consumersOff: 80, etr, crews: 2, updatedAt: updated, updatedBy: "test" })
          .onConflictDoUpdate({ target: barangayPower.barangayId, set: { consumersOff: 80, etr, updatedAt: updated } });
    }
  });
  afterAll(async () => t?.close());

  for (const width of [360, 375])
    it(`dates wrap between words at ${width} px`, async () => {
      // JavaScript off for the page (as a visitor on a slow line); the check runs in the test's own world.
      const browser = await openBrowser({ javaScriptEnabled: false, width, height: 800 });
      try {
        const page = await browser.newPage();
        await page.goto(`${t.url}/fil/outages`);
        expect(await page.locator("html").getAttribute("lang")).toBe("fil");
        const dates = await page.locator(".outages__date").allInnerTexts();
        expect(dates.some((d) => d.includes("Setyembre"))).toBe(true);
        expect(await page.evaluate(brokenDates)).toEqual({ split: [], outside: [] });
        await page.screenshot({ path: path.join(SHOTS, `outages-fil-${width}.png`), fullPage: true });
        await page.locator(".outages__summary").screenshot({ path: path.join(SHOTS, `outages-fil-summary-${width}.png`) });
      } finally {
        await browser.cleanup();
      }
    });
});
