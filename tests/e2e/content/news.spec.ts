/**
 * Announcements and news pages in a real browser: content, attachments, the
 * accordion without JavaScript, filters and search, 404s, the Atom feed, phone and desktop.
 */

import { sql } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsCategories, newsItems } from "../../../db/schema";
import { listAnnouncements } from "../../../modules/content/announcements.server";
import { listCareers } from "../../../modules/content/careers.server";
import { listNews, truncateTitle } from "../../../modules/content/news.server";
import { NEWS_KIND_TITLES, NEWS_KINDS } from "../../../modules/shared/constants";
import { formatDate, manilaIsoDate } from "../../../modules/shared/dates";
import { useSite } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";

type Browser = Awaited<ReturnType<typeof openBrowser>>;

describe("announcements and news pages", () => {
  const t = useSite();
  let phoneNoJs: Browser;
  let desktop: Browser;
  beforeAll(async () => {
    // A post at 16:30 UTC is 00:30 the next day in Manila.
    await t.db.handle.db.execute(
      sql`insert into announcements (kind, title, body, created_at) values ('advisory', 'Late night <notice> & "quotes"', '<p>Posted after 16:00 UTC</p>', '2024-03-04T16:30:00Z')`,
    );
    [phoneNoJs, desktop] = await Promise.all([openBrowser({ ...PHONE, javaScriptEnabled: false }), openBrowser(DESKTOP)]);
  });
  afterAll(async () => {
    await phoneNoJs?.cleanup();
    await desktop?.cleanup();
  });

  const db = () => t.db.handle.db;
  async function open(browser: Browser, path: string, status = 200): Promise<Page> {
    const page = await browser.newPage();
    const res = await page.goto(t.url + path);
    expect(res?.status(), path).toBe(status);
    return page;
  }
  const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  const accordionPages = [
    {
      path: "/bids",
      h1: "Invitation to Bid",
      title: "Invitation to Bid | WESPECO",
      load: async () =>
        (await listAnnouncements(db(), "bid")).map((a) => ({ title: a.title, createdAt: a.createdAt, attachments: a.attachments })),
    },
    {
      path: "/news/advisories",
      h1: "News and Advisories",
      title: "News and Advisories | WESPECO",
      load: async () =>
        (await listAnnouncements(db(), "advisory")).map((a) => ({ title: a.title, createdAt: a.createdAt, attachments: a.attachments })),
    },
    {
      path: "/careers",
      h1: "Careers",
      title: "Careers | WESPECO",
      load: async () => (await listCareers(db())).map((c) => ({ title: c.jobTitle, createdAt: c.createdAt, attachments: c.attachments })),
    },
  ];

  for (const p of accordionPages) {
    it(`${p.path}: items newest first, open and close without JavaScript, attachments open in a new tab`, async () => {
      const items = await p.load();
      expect(items.length).toBeGreaterThan(2);
      const page = await open(phoneNoJs, p.path);
      expect(await page.title()).toBe(p.title);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(p.h1);
      const summaries = page.locator("details.accordion__item > summary");
      expect(await summaries.count()).toBe(items.length);
      for (const [i, item] of items.entries()) {
        const text = await summaries.nth(i).innerText();
        expect(text).toContain(item.title);
        expect(text).toContain(`Posted ${formatDate(item.createdAt)}`);
      }

      // Closed: the attachments are hidden; a click opens the item, another closes it.
      const first = page.locator("details.accordion__item").first();
      const firstLink = first.getByRole("link", { name: /opens in a new tab/ }).first();
      expect(await firstLink.isVisible()).toBe(false);
      await summaries.first().click();
      expect(await firstLink.isVisible()).toBe(true);

      const links = first.getByRole("link", { name: /opens in a new tab/ });
      expect(await links.count()).toBe(items[0]!.attachments.length);
      for (const [i, a] of items[0]!.attachments.entries()) {
        const link = links.nth(i);
        expect(await link.getAttribute("href")).toBe(`/storage/${a.file}`);
        expect(await link.getAttribute("target")).toBe("_blank");
        expect(await link.getAttribute("rel")).toContain("noopener");
        const name = await link.evaluate((el) => el.textContent ?? "");
        expect(name).toContain(a.originalName);
        // A PDF icon for PDFs, a thumbnail for pictures.
        if (a.isPdf) expect(await link.locator("svg.attachment__icon").count()).toBe(1);
        if (a.isImage) expect(await link.locator("img").getAttribute("src")).toBe(`/storage/${a.file}`);
        const file = await fetch(t.url + `/storage/${a.file}`);
        expect(file.status).toBe(200);
        expect(file.headers.get("content-type")).toContain(a.contentType);
      }
      expect(items[0]!.attachments.some((a) => a.isPdf)).toBe(true);
      expect(items[0]!.attachments.some((a) => a.isImage)).toBe(true);

      await summaries.first().click();
      expect(await firstLink.isVisible()).toBe(false);
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await page.close();
    });
  }

  it("shows a post made just after 16:00 UTC on the next day (Manila)", async () => {
    const page = await open(phoneNoJs, "/news/advisories");
    const item = page.locator("details.accordion__item", { hasText: 'Late night <notice> & "quotes"' });
    expect(await item.locator("summary").innerText()).toContain("Posted March 5, 2024");
    expect(await item.locator("time").getAttribute("datetime")).toBe("2024-03-05");
    await page.close();
  });

  it("opens the item an address points to (#advisory-{id})", async () => {
    const advisories = await listAnnouncements(db(), "advisory");
    const page = await open(desktop, `/news/advisories#advisory-${advisories[2]!.id}`);
    await page.locator(`details#advisory-${advisories[2]!.id}[open]`).waitFor();
    expect(await page.locator("details.accordion__item[open]").count()).toBe(1);
    await page.close();
  });

  it("opens an accordion item with the keyboard", async () => {
    const page = await open(desktop, "/careers");
    const summary = page.locator("details.accordion__item > summary").first();
    await summary.focus();
    await page.keyboard.press("Enter");
    expect(await page.locator("details.accordion__item").first().getAttribute("open")).not.toBeNull();
    await page.keyboard.press("Enter");
    expect(await page.locator("details.accordion__item").first().getAttribute("open")).toBeNull();
    await page.close();
  });

  it("/bid/{id} shows one bid with its attachments; unknown ids show the 404 page", async () => {
    const [bid] = await listAnnouncements(db(), "bid");
    const page = await open(desktop, `/bid/${bid!.id}`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(bid!.title);
    expect(await page.getByText(`Posted ${formatDate(bid!.createdAt)}`).isVisible()).toBe(true);
    const links = page.getByRole("main").getByRole("link", { name: /opens in a new tab/ });
    expect(await links.count()).toBe(bid!.attachments.length);
    expect(await links.first().getAttribute("target")).toBe("_blank");
    expect(await links.first().getAttribute("href")).toMatch(/^\/storage\//);
    await page.getByRole("link", { name: "All invitations to bid" }).click();
    await page.waitForURL(t.url + "/bids");
    // The address changes before the new page has rendered: wait for its heading.
    await page.getByRole("heading", { level: 1, name: "Invitation to Bid" }).waitFor();
    await page.close();

    for (const path of ["/bid/999999", "/bid/abc", "/bid/1.5"]) {
      const notFound = await open(desktop, path, 404);
      expect(await notFound.getByRole("heading", { level: 1 }).innerText()).toBe("Page not found");
      await notFound.close();
    }
    // An advisory's id is not a bid.
    const [advisory] = await listAnnouncements(db(), "advisory");
    (await open(phoneNoJs, `/bid/${advisory!.id}`, 404)).close();
  });

  for (const kind of NEWS_KINDS) {
    it(`/news/${kind}: cards with picture, cut title, date and link, without JavaScript`, async () => {
      const items = await listNews(db(), kind);
      const page = await open(phoneNoJs, `/news/${kind}`);
      expect(await page.title()).toBe(`${NEWS_KIND_TITLES[kind]} | WESPECO`);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(NEWS_KIND_TITLES[kind]);
      const cards = page.locator("article.news-card");
      expect(await cards.count()).toBe(items.length);
      for (const [i, item] of items.entries()) {
        const card = cards.nth(i);
        // The accessible name is the full title; the visible text is cut at 20 characters.
        const link = card.getByRole("link", { name: item.title, exact: true });
        expect(await link.getAttribute("href")).toBe(`/news/advisory/${item.id}`);
        const visible = await card.locator(".news-card__title").innerText();
        expect(visible.split("\n")[0]).toBe(truncateTitle(item.title));
        if (item.title.length > 20) expect(visible).toContain("…");
        expect(await card.locator("time").innerText()).toBe(formatDate(item.createdAt));
        const img = card.locator("img");
        expect(await img.getAttribute("src")).toBe(item.images[0] ? `/media/news-image/${item.images[0].id}` : "/news-default.svg");
        expect(Number(await img.getAttribute("width"))).toBeGreaterThan(0);
        expect(Number(await img.getAttribute("height"))).toBeGreaterThan(0);
      }
      expect(await page.getByRole("link", { name: "See this month’s electricity rates" }).count()).toBe(
        kind === "electricity-rates" ? 1 : 0,
      );
      if (kind === "electricity-rates")
        expect(await page.getByRole("link", { name: "See this month’s electricity rates" }).getAttribute("href")).toBe("/rates");
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await page.close();
    });
  }

  it("filters by month and searches without JavaScript (GET form, results and empty)", async () => {
    const items = await listNews(db(), "events-and-activities");
    const month = manilaIsoDate(items[1]!.createdAt).slice(0, 7);
    const inMonth = items.filter((i) => manilaIsoDate(i.createdAt).startsWith(month));
    const page = await open(phoneNoJs, "/news/events-and-activities");

    await page.getByLabel("Month posted").fill(month);
    await page.getByRole("button", { name: "Show news" }).click();
    await page.waitForURL(/month=/);
    expect(new URL(page.url()).searchParams.get("month")).toBe(month);
    expect(await page.locator("article.news-card").count()).toBe(inMonth.length);
    expect(await page.getByRole("link", { name: inMonth[0]!.title }).count()).toBe(1);

    // The search box is behind a "Search" toggle that works without JavaScript.
    const box = page.getByLabel("Words in the title or text");
    expect(await box.isVisible()).toBe(false);
    await page.getByText("Search", { exact: true }).click();
    expect(await box.isVisible()).toBe(true);
    await page.getByLabel("Month posted").fill("");
    await box.fill("coastal");
    await page.getByRole("button", { name: "Show news" }).click();
    await page.waitForURL(/q=coastal/);
    expect(await page.locator("article.news-card").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Coastal clean-up with the Alaminos youth" }).count()).toBe(1);
    // With q in the address the search stays open and keeps its words.
    expect(await box.isVisible()).toBe(true);
    expect(await box.inputValue()).toBe("coastal");

    await box.fill("nothing-like-this");
    await page.getByRole("button", { name: "Show news" }).click();
    await page.waitForURL(/q=nothing-like-this/);
    expect(await page.locator("article.news-card").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "No news found" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL(t.url + "/news/events-and-activities");
    expect(await page.locator("article.news-card").count()).toBe(items.length);
    await page.close();

    // A shared address gives the same result; a malformed month says so and shows everything.
    const shared = await open(phoneNoJs, `/news/events-and-activities?month=2008-01`);
    expect(await shared.getByRole("heading", { name: "No news found" }).isVisible()).toBe(true);
    await shared.close();
    const bad = await open(phoneNoJs, `/news/events-and-activities?month=2024-13`);
    expect(await bad.getByText(/Choose a month from January 2007/).isVisible()).toBe(true);
    expect(await bad.locator("article.news-card").count()).toBe(items.length);
    await bad.close();
  });

  it("filters with JavaScript too, with a clean shareable address", async () => {
    const page = await open(desktop, "/news/electricity-rates");
    await page.getByText("Search", { exact: true }).click();
    await page.getByLabel("Words in the title or text").fill("tariff");
    await page.getByRole("button", { name: "Show news" }).click();
    await page.waitForURL(/q=tariff/);
    expect(new URL(page.url()).search).toBe("?q=tariff");
    await page.locator("article.news-card").first().waitFor();
    expect(await page.locator("article.news-card").count()).toBe(1);
    expect(await page.getByRole("status").filter({ hasText: "1 item" }).innerText()).toContain("matching “tariff”");
    // Client-side navigation between the news pages loads their data too.
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL(t.url + "/news/electricity-rates");
    await page.getByRole("status").filter({ hasText: "4 items" }).waitFor();
    await page.getByRole("link", { name: "News", exact: true }).first().click();
    await page.waitForURL(t.url + "/news");
    await page.getByRole("link", { name: "All Supply and Load Demand news" }).click();
    await page.waitForURL(t.url + "/news/supply-and-load-demand");
    await page.getByRole("heading", { level: 1, name: "Supply and Load Demand" }).waitFor();
    expect(await page.locator("article.news-card").count()).toBe(3);
    await page.close();
  });

  it("shows a spinner while a page loads, then gives up with a retry", async () => {
    const page = await desktop.newPage();
    await page.clock.install();
    await page.goto(t.url + "/news/supply-and-load-demand");
    await page.locator("html.js").waitFor({ state: "attached" });
    // A network that never answers: the click is seen by the page (news pages load without
    // React, so it asks for a whole page), then the navigation is held back for good.
    await page.evaluate(() => addEventListener("click", (event) => event.preventDefault(), { once: true }));
    await page.getByRole("link", { name: "News", exact: true }).first().click();
    const status = page.locator(".spinner-region");
    await status.getByText("Loading…").waitFor();
    await page.clock.fastForward(9000);
    await status.getByRole("button", { name: "Retry" }).waitFor();
    expect(await status.innerText()).toMatch(/taking longer/);
    // Retry loads the address afresh as a whole page.
    await status.getByRole("button", { name: "Retry" }).click();
    await page.waitForURL(t.url + "/news");
    await page.getByRole("heading", { level: 1, name: "News" }).waitFor();
    await page.close();
  });

  it("/news lists the latest of every kind with links to each kind and to advisories", async () => {
    const page = await open(phoneNoJs, "/news");
    expect(await page.title()).toBe("News | WESPECO");
    const main = page.getByRole("main");
    for (const kind of NEWS_KINDS) {
      expect(await main.getByRole("heading", { level: 2, name: NEWS_KIND_TITLES[kind] }).isVisible()).toBe(true);
      expect(await main.getByRole("link", { name: `All ${NEWS_KIND_TITLES[kind]} news` }).getAttribute("href")).toBe(`/news/${kind}`);
      const [latest] = await listNews(db(), kind, {}, { limit: 1 });
      expect(await main.getByRole("link", { name: latest!.title, exact: true }).count()).toBe(1);
    }
    expect(await main.getByRole("link", { name: "All advisories" }).getAttribute("href")).toBe("/news/advisories");
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.close();
  });

  it("/news/advisory/{id} shows one item with its body and pictures; unknown ids are 404", async () => {
    const [item] = await listNews(db(), "events-and-activities");
    const page = await open(phoneNoJs, `/news/advisory/${item!.id}`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(item!.title);
    expect(await page.getByText(`Posted ${formatDate(item!.createdAt)}`).isVisible()).toBe(true);
    expect(await page.getByText("The cooperative shares this update").isVisible()).toBe(true);
    const img = page.getByRole("main").getByRole("img", { name: item!.images[0]!.alt });
    expect(await img.getAttribute("src")).toBe(`/media/news-image/${item!.images[0]!.id}`);
    expect(await img.getAttribute("width")).toBe(String(item!.images[0]!.width));
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(item!.images[0]!.width);
    await page.close();

    const image = await fetch(`${t.url}/media/news-image/${item!.images[0]!.id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${t.url}/media/news-image/99999999`)).status).toBe(404);

    for (const path of ["/news/advisory/99999999", "/news/advisory/x"]) {
      const notFound = await open(phoneNoJs, path, 404);
      expect(await notFound.getByRole("heading", { level: 1 }).innerText()).toBe("Page not found");
      await notFound.close();
    }
  });

  it("sanitizes stored HTML on the item page", async () => {
    const [row] = await db()
      .insert(newsItems)
      .values({
        kind: "electricity-rates",
        title: "Unsafe body",
        body: '<p>Safe text</p><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">',
      })
      .returning({ id: newsItems.id });
    const page = await open(desktop, `/news/advisory/${row!.id}`);
    expect(await page.getByText("Safe text").isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator("main script").count()).toBe(0);
    await page.close();
  });

  it("/news/{tag}: a page per news category, in the menu; unknown tags are 404", async () => {
    (await open(phoneNoJs, "/news/typhoon-updates", 404)).close();
    await db().insert(newsCategories).values({ tag: "typhoon-updates", title: "Typhoon Updates" });
    const page = await open(desktop, "/news/typhoon-updates");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Typhoon Updates");
    expect(await page.title()).toBe("Typhoon Updates | News | WESPECO");
    expect(await page.getByRole("navigation", { name: "Main" }).locator('a[href="/news/typhoon-updates"]').count()).toBe(1);
    await page.close();
  });

  it("serves the advisories Atom feed as well-formed XML with entries", async () => {
    const res = await fetch(t.url + "/feeds/advisories.atom");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false, isArray: (name) => ["entry", "link"].includes(name) }).parse(xml).feed;
    expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    const advisories = await listAnnouncements(db(), "advisory");
    expect(feed.entry).toHaveLength(advisories.length);
    expect(feed.entry.map((e: { title: string }) => e.title)).toEqual(advisories.map((a) => a.title));
    // Markup in a title comes back as the same text, escaped on the way.
    expect(xml).toContain("Late night &lt;notice&gt; &amp; &quot;quotes&quot;");
    const first = feed.entry[0];
    expect(first.updated).toBe(advisories[0]!.createdAt.toISOString());
    const enclosures = first.link.filter((l: Record<string, string>) => l["@_rel"] === "enclosure");
    expect(enclosures.length).toBe(advisories[0]!.attachments.length);
    expect(enclosures[0]["@_href"]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/storage\//);
    // The page advertises the feed.
    const page = await open(phoneNoJs, "/news/advisories");
    expect(await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute("href")).toBe("/feeds/advisories.atom");
    await page.close();
  });

  for (const size of [PHONE, DESKTOP]) {
    it(`renders every page at ${size.width} px, with and without JavaScript, within the screen`, async () => {
      const [bid] = await listAnnouncements(db(), "bid");
      const [item] = await listNews(db(), "electricity-rates");
      const paths = [
        "/bids",
        `/bid/${bid!.id}`,
        "/news/advisories",
        "/careers",
        "/news",
        ...NEWS_KINDS.map((k) => `/news/${k}`),
        `/news/advisory/${item!.id}`,
      ];
      for (const javaScriptEnabled of [true, false]) {
        const browser = await openBrowser({ ...size, javaScriptEnabled });
        try {
          const page = await browser.newPage();
          for (const path of paths) {
            const res = await page.goto(t.url + path);
            expect(res?.status(), path).toBe(200);
            expect(await page.getByRole("heading", { level: 1 }).count(), path).toBe(1);
            expect(await page.title(), path).toMatch(/ \| WESPECO$/);
            expect(await noOverflow(page), path).toBeLessThanOrEqual(0);
          }
        } finally {
          await browser.cleanup();
        }
      }
    });
  }
});
