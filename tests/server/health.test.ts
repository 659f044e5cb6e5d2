import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";

describe("health and the error shape", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("answers /healthz without the database and /readyz with it", async () => {
    const alive = await t.app.inject("/healthz");
    expect(alive.statusCode).toBe(200);
    const ready = await t.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready" });
  });

  it("answers unknown API paths with the JSON error shape", async () => {
    const res = await t.app.inject("/api/v1/no-such-thing");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
  });

  it("puts the security headers on every answer", async () => {
    for (const url of ["/healthz", "/api/v1/barangay", "/api/v1/nope", "/storage/../package.json"]) {
      const res = await t.app.inject(url);
      expect(res.headers["content-security-policy"], url).toMatch(/script-src 'self'(;| 'sha256-)/);
      expect(res.headers["content-security-policy"]).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    }
  });

  it("compresses answers with brotli or gzip, as the client accepts", async () => {
    for (const encoding of ["br", "gzip"]) {
      const res = await t.app.inject({ url: "/api/v1/barangay", headers: { "accept-encoding": encoding } });
      expect(res.headers["content-encoding"]).toBe(encoding);
    }
    expect((await t.app.inject("/api/v1/barangay")).headers["content-encoding"]).toBeUndefined();
  });

  it("gives every answer a request id", async () => {
    const a = await t.app.inject("/healthz");
    const b = await t.app.inject("/healthz");
    expect(a.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });

  it("reports readyz 503 when the database is gone", async () => {
    const other = await createTestApp();
    await other.db.handle.close();
    const res = await other.app.inject("/readyz");
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("unavailable");
    await other.db.cleanup();
  });
});
