import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";

describe("a page that hydrates", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
  });
  afterAll(async () => t?.close());

  it("sends its stylesheets and its module script, without module preload hints (they delayed the first paint)", async () => {
    const res = await t.app.inject("/customer-satisfaction-survey");
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf("</head>"));
    expect(head.match(/rel="stylesheet"/g)?.length ?? 0).toBeGreaterThan(0);
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toMatch(/<script type="module"[^>]*>[^<]*import/);
  });
});
