import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";

describe("the head of a page that hydrates", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
  });
  afterAll(async () => t?.close());

  it("lists its stylesheets before the module preload hints, and keeps every hint in <head>", async () => {
    const res = await t.app.inject("/customer-satisfaction-survey");
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf("</head>"));
    const lastStylesheet = head.lastIndexOf('rel="stylesheet"');
    const firstHint = head.indexOf('rel="modulepreload"');
    expect(lastStylesheet).toBeGreaterThan(0);
    expect(firstHint).toBeGreaterThan(lastStylesheet);
    // No hint was lost on the way: the body has none, the head all of them.
    expect(res.body.slice(res.body.indexOf("</head>"))).not.toContain('rel="modulepreload"');
    expect(head.match(/rel="modulepreload"/g)?.length ?? 0).toBeGreaterThan(3);
  });
});
