import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";

describe("about-us and branch API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("answers the company profile with content, year and last update", async () => {
    const res = await t.app.inject("/api/v1/about-us/profile");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(["data"]);
    expect(Object.keys(body.data).sort()).toEqual(["content", "last_update", "year"]);
    expect(body.data.content).toContain("Western Pangasinan Electric Cooperative");
    expect(body.data.year).toBe(2026);
    expect(new Date(body.data.last_update).toString()).not.toBe("Invalid Date");
  });

  it.each(["mission", "vision", "core"])("answers /about-us/%s with its content only", async (key) => {
    const res = await t.app.inject(`/api/v1/about-us/${key}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.data)).toEqual(["content"]);
    expect(body.data.content.length).toBeGreaterThan(20);
  });

  it("sanitizes stored HTML before answering", async () => {
    await t.db.handle.db.execute(
      sql`update about_contents set content = '<p onclick="x()">Safe</p><script>alert(1)</script><img src="javascript:alert(1)">' where key = 'mission'`,
    );
    const res = await t.app.inject("/api/v1/about-us/mission");
    expect(res.statusCode).toBe(200);
    const { content } = res.json().data;
    expect(content).toContain("Safe");
    expect(content).not.toMatch(/script|onclick|javascript:/i);
  });

  it("answers 404 in the error shape when a block is missing", async () => {
    await t.db.handle.db.execute(sql`delete from about_contents where key = 'vision'`);
    const res = await t.app.inject("/api/v1/about-us/vision");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
  });

  it("lists the branches in order with their phones", async () => {
    const res = await t.app.inject("/api/v1/branch");
    expect(res.statusCode).toBe(200);
    const { branches } = res.json().data;
    expect(branches.map((b: { name: string }) => b.name)).toEqual([
      "Hotline / Consumer Welfare",
      "North Area Sub Office",
      "South Area Sub Office",
      "Technical Services",
    ]);
    for (const b of branches) {
      expect(Object.keys(b).sort()).toEqual(["address", "name", "phones"]);
      expect(b.phones.length).toBeGreaterThan(0);
      for (const p of b.phones) expect(p).toMatch(/\d/);
    }
    expect(branches[0].phones).toEqual(["0917 555 0101", "0998 555 0102", "(075) 553-0123"]);
  });
});
