/** Keyboard use of the shell: the mobile menu closes with Escape; the footer map link shows where focus is. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";

describe("keyboard", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
  });
  afterAll(async () => t?.close());

  it("closes the mobile menu with Escape and returns focus to its button", async () => {
    const browser = await openBrowser(PHONE);
    try {
      const page = await browser.newPage();
      await page.goto(t.url + "/");
      await page.waitForFunction(() => document.documentElement.classList.contains("js"));
      const toggle = page.locator(".site-nav__toggle");
      const nav = page.getByRole("navigation", { name: "Main" });
      await toggle.focus();
      await page.keyboard.press("Enter");
      await nav.getByRole("link", { name: "Careers" }).waitFor({ state: "visible" });
      // Into the menu, then Escape from a link inside it.
      await nav.getByRole("link", { name: "Careers" }).focus();
      await page.keyboard.press("Escape");
      expect(await nav.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.classList.contains("site-nav__toggle"))).toBe(true);
      // Escape on the button itself closes it too.
      await page.keyboard.press("Enter");
      expect(await nav.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      expect(await nav.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.classList.contains("site-nav__toggle"))).toBe(true);
    } finally {
      await browser.cleanup();
    }
  });

  for (const size of [PHONE, DESKTOP]) {
    it(`shows a visible focus ring round the footer map link at ${size.width} px`, async () => {
      const browser = await openBrowser(size);
      try {
        const page = await browser.newPage();
        await page.goto(t.url + "/");
        const link = page.locator("a.site-footer__map");
        // Reach it by Tab, as a keyboard user does (focus-visible comes only from the keyboard).
        for (let i = 0; i < 200; i++) {
          await page.keyboard.press("Tab");
          if (await link.evaluate((a) => a === document.activeElement)) break;
        }
        expect(await link.evaluate((a) => a === document.activeElement)).toBe(true);
        const ring = await link.evaluate((a) => {
          const s = getComputedStyle(a);
          const box = a.getBoundingClientRect();
          return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), boxWidth: box.width, boxHeight: box.height };
        });
        expect(ring.style).toBe("solid");
        expect(ring.width).toBeGreaterThanOrEqual(2);
        // The outline goes round the map, not a zero-height inline box.
        expect(ring.boxWidth).toBeGreaterThan(100);
        expect(ring.boxHeight).toBeGreaterThan(100);
      } finally {
        await browser.cleanup();
      }
    });
  }
});
