import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";

/** A GET with exactly these headers (fetch would set Host and decompress). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("cached pages and search-engine files", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { CACHE_TTL_MS: "60000", METRICS: "on" } });
    await t.listen();
  });
  afterAll(async () => t?.close());
  const entries = async () => ((await (await fetch(t.url + "/__metrics")).json()) as { cache: { entries: number } }).cache.entries;

  it("serves a kept page as stored bytes: its CSP allows its own inline scripts by hash, no nonce", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(t.url + "/news/power-interruptions", { headers: { "Accept-Encoding": "identity" } });
      const html = await res.text();
      const csp = res.headers.get("content-security-policy")!;
      expect(html).not.toContain("nonce=");
      expect(csp).not.toMatch(/nonce-|script-src[^;]*unsafe-inline/);
      // Every inline script is allowed by its SHA-256 hash, and nothing else inline is.
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs, body]) => !/src=/.test(attrs!) && body);
      expect(inline.length).toBeGreaterThan(0);
      for (const [, , body] of inline) expect(csp).toContain(`'sha256-${crypto.createHash("sha256").update(body!).digest("base64")}'`);
      answers.push({ cache: res.headers.get("x-cache"), html, csp, etag: res.headers.get("etag") });
    }
    expect(answers.map((a) => a.cache)).toEqual(["MISS", "HIT", "HIT"]);
    expect(new Set(answers.map((a) => a.html)).size).toBe(1);
    expect(new Set(answers.map((a) => a.csp)).size).toBe(1);

    // The same page precompressed, by what the client accepts; revalidation answers 304.
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const res = await rawGet(t.url + "/news/power-interruptions", { "accept-encoding": accept });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      const body = encoding === "br" ? zlib.brotliDecompressSync(res.body) : zlib.gunzipSync(res.body);
      expect(body.toString()).toBe(answers[0]!.html);
    }
    const revalidated = await fetch(t.url + "/news/power-interruptions", { headers: { "If-None-Match": answers[0]!.etag! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("keeps a poisoned Host or X-Forwarded-Host out of every copy", async () => {
    for (const path of ["/about/pledge", "/sitemap.xml", "/feeds/power-interruptions.atom", "/robots.txt"]) {
      const poisoned = await rawGet(t.url + path, {
        host: "evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      });
      expect(poisoned.status, path).toBe(200);
      expect(poisoned.body.toString(), path).not.toContain("evil.example");
      const plain = await (await fetch(t.url + path)).text();
      expect(plain, path).not.toContain("evil.example");
      expect(plain, path).toContain(t.url);
    }
  });

  it("keeps one copy whatever query parameters the page does not read", async () => {
    await fetch(t.url + "/about/bod");
    const before = await entries();
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${t.url}/about/bod?cb=${i}&utm_source=x${i}`);
      expect(res.headers.get("x-cache")).toBe("HIT");
    }
    expect(await entries()).toBe(before);
    // A parameter the page reads is part of the key: a different town is a different page.
    const town = await fetch(t.url + "/news/power-interruptions?town=Bolinao&cb=1");
    expect(town.headers.get("x-cache")).toBe("MISS");
    expect((await fetch(t.url + "/news/power-interruptions?cb=2&town=Bolinao")).headers.get("x-cache")).toBe("HIT");
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
