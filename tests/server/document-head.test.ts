import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";

describe("a page's head and scripts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
  });
  afterAll(async () => t?.close());

  it("a console page that hydrates sends its stylesheets and its module script, without module preload hints (they delayed the first paint)", async () => {
    const res = await t.app.inject("/staff/sign-in");
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf("</head>"));
    expect(head.match(/rel="stylesheet"/g)?.length ?? 0).toBeGreaterThan(0);
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toMatch(/<script type="module"[^>]*>[^<]*import/);
  });

  it("a public form page loads its two plain scripts and no React (docs/decisions/0051)", async () => {
    const res = await t.app.inject("/customer-satisfaction-survey");
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf("</head>"));
    expect(head.match(/rel="stylesheet"/g)?.length ?? 0).toBeGreaterThan(0);
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).not.toMatch(/<script type="module"[^>]*>[^<]*import/);
    const sources = [...res.body.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toHaveLength(2);
    expect(sources[0]).toMatch(/\/assets\/enhance-[\w-]+\.js$/);
    expect(sources[1]).toMatch(/\/assets\/forms-[\w-]+\.js$/);
  });
});
