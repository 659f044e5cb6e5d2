import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLValidator } from "fast-xml-parser";
import { createTestApp, type TestApp } from "../support/app";

describe("cached pages and search-engine files", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { CACHE_TTL_MS: "60000" } });
    await t.listen();
  });
  afterAll(async () => t?.close());

  it("serves a kept page with a nonce of its own, matching its CSP", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(t.url + "/news/power-interruptions");
      const html = await res.text();
      const nonce = html.match(/nonce="([^"]+)"/)![1];
      expect(res.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      answers.push({ cache: res.headers.get("x-cache"), nonce, rest: html.split(nonce).join("") });
    }
    expect(answers.map((a) => a.cache)).toEqual(["MISS", "HIT", "HIT"]);
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(3);
    expect(new Set(answers.map((a) => a.rest)).size).toBe(1);
  });

  it("has sharing metadata and the organization as JSON-LD", async () => {
    const html = await (await fetch(t.url + "/news/advisory/1")).text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\/news-image\/\d+"/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/news\/advisory\/1"/);
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/)![1]!);
    expect(ld["@type"]).toBe("Organization");
    expect(ld.areaServed).toHaveLength(9);
  });

  it("lists the pages in sitemap.xml and points to it from robots.txt", async () => {
    const sitemap = await fetch(t.url + "/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toMatch(/application\/xml/);
    const xml = await sitemap.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(`<loc>${t.url}/news/power-interruptions</loc>`);
    expect(xml).toMatch(/<loc>[^<]+\/bid\/\d+<\/loc>/);
    const robots = await (await fetch(t.url + "/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${t.url}/sitemap.xml`);
    expect(robots).toContain("Disallow: /agam-registration-confirmation/");
  });
});
