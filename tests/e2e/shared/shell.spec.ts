import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSite } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";

describe("the page shell", () => {
  const t = useSite();

  for (const size of [PHONE, DESKTOP]) {
    it(`shows header, navigation, ticker and footer at ${size.width} px`, async () => {
      const browser = await openBrowser(size);
      try {
        const page = await browser.newPage();
        const res = await page.goto(t.url + "/");
        expect(res?.status()).toBe(200);
        await expect(page.getByRole("banner").isVisible()).resolves.toBe(true);
        await expect(page.getByRole("contentinfo").isVisible()).resolves.toBe(true);
        await expect(page.getByRole("heading", { name: "Power interruptions" }).isVisible()).resolves.toBe(true);
        const year = String(new Date().getUTCFullYear());
        expect(await page.getByRole("contentinfo").innerText()).toContain(`© ${year}`);
        for (const link of ["Customer Satisfaction Survey", "Careers", "Privacy Policy"]) {
          expect(await page.getByRole("contentinfo").getByRole("link", { name: link }).count()).toBe(1);
        }
        // The main navigation is reachable: a toggle on phones, a bar on desktops.
        const toggle = page.locator(".site-nav__toggle");
        expect(await toggle.isVisible()).toBe(size.width <= 991);
        if (size.width > 991)
          expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rates", exact: true }).isVisible()).toBe(
            true,
          );
        // No page is wider than the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      } finally {
        await browser.cleanup();
      }
    });
  }

  it("opens and closes the mobile menu without JavaScript", async () => {
    const browser = await openBrowser({ ...PHONE, javaScriptEnabled: false });
    try {
      const page = await browser.newPage();
      await page.goto(t.url + "/");
      const nav = page.getByRole("navigation", { name: "Main" });
      expect(await nav.isVisible()).toBe(false);
      await page.getByText("Menu", { exact: true }).click();
      expect(await nav.isVisible()).toBe(true);
      expect(await nav.getByRole("link", { name: "Careers" }).isVisible()).toBe(true);
      await page.getByText("Menu", { exact: true }).click();
      expect(await nav.isVisible()).toBe(false);
      // The preloader never covers anything without JavaScript.
      expect(await page.locator(".preloader").isVisible()).toBe(false);
    } finally {
      await browser.cleanup();
    }
  });

  it("follows the redirect of the old schedules address", async () => {
    const res = await fetch(t.url + "/news/power-interruption-schedules", { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/news/power-interruptions");
  });

  it("shows the 404 page inside the shell", async () => {
    const browser = await openBrowser(DESKTOP);
    try {
      const page = await browser.newPage();
      const res = await page.goto(t.url + "/no/such/page");
      expect(res?.status()).toBe(404);
      expect(await page.getByRole("heading", { level: 1, name: "Page not found" }).isVisible()).toBe(true);
      expect(await page.getByRole("banner").isVisible()).toBe(true);
      expect(await page.getByRole("contentinfo").isVisible()).toBe(true);
    } finally {
      await browser.cleanup();
    }
  });

  it("hides the ticker when there are no upcoming interruptions", async () => {
    await t.db.handle.db.execute(
      sql`update power_interruptions set starts_at = now() - interval '3 days', ends_at = now() - interval '2 days'`,
    );
    const browser = await openBrowser(DESKTOP);
    try {
      const page = await browser.newPage();
      // The cache in front of pages may hold the old copy for a few seconds: ask for a fresh render.
      await page.goto(t.url + "/?fresh=" + Date.now());
      expect(await page.getByRole("heading", { name: "Power interruptions" }).count()).toBe(0);
      expect(await page.locator(".site-header--with-ticker").count()).toBe(0);
    } finally {
      await browser.cleanup();
    }
  });
});
