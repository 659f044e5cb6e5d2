import { describe, expect, it } from "vitest";
import { useSite } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";

describe("offline reading", () => {
  const t = useSite();

  it("shows the saved power interruption page with its notice after one visit", async () => {
    const browser = await openBrowser(PHONE);
    try {
      const page = await browser.newPage();
      await page.goto(t.url + "/news/power-interruptions");
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      // The first visit installs the worker; this visit goes through it and is saved.
      await page.reload();
      await page.waitForFunction(async () =>
        (await (await caches.open("pages-v1")).keys()).some((r) => r.url.endsWith("/news/power-interruptions")),
      );
      const heading = await page.getByRole("heading", { level: 1 }).innerText();
      await page.goto(t.url + "/fil/news/power-interruptions");
      await page.waitForFunction(async () =>
        (await (await caches.open("pages-v1")).keys()).some((r) => r.url.endsWith("/fil/news/power-interruptions")),
      );
      const filHeading = await page.getByRole("heading", { level: 1 }).innerText();

      // Offline: the browser's offline mode, and the server gone too (Chromium lets a
      // service worker's own fetches through its offline emulation).
      await browser.setOffline(true);
      const closed = t.app.close();
      t.app.server.closeAllConnections();
      await closed;
      await page.goto(t.url + "/news/power-interruptions");
      const notice = page.getByRole("status").filter({ hasText: "You are offline." });
      expect(await notice.innerText()).toMatch(/saved on [A-Z][a-z]+ \d{1,2}, \d{4}(,| at) \d{1,2}:\d{2} [AP]M/);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(heading);

      // The saved Filipino page gets its notice in Filipino, with the date as fil-PH writes it.
      await page.goto(t.url + "/fil/news/power-interruptions");
      const filNotice = page.getByRole("status").filter({ hasText: "Wala kang internet ngayon." });
      expect(await filNotice.innerText()).toMatch(/Na-save ang pahinang ito noong [A-Z][a-z]+ \d{1,2}, \d{4}/);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(filHeading);

      // A page never opened before gets the offline page, not a browser error.
      await page.goto(t.url + "/careers");
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("You are offline");
      // Under /fil/ the offline page is in Filipino, and its links stay in Filipino.
      await page.goto(t.url + "/fil/careers");
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Wala kang internet ngayon");
      expect(await page.locator("html").getAttribute("lang")).toBe("fil");
      expect(await page.getByRole("link", { name: "Simula" }).getAttribute("href")).toBe("/fil/");
      await page.screenshot({ path: "/work/wt/shots/i27c-offline-fil.png" });
    } finally {
      await browser.cleanup();
    }
  });
});
