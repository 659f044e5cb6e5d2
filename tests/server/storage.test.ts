/**
 * /storage/{file}: only regular files inside the storage folder. Traversal payloads go
 * over a real socket too, because inject() normalizes `..` segments before the server sees them.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";

/** GET with the path sent byte for byte as written. */
function rawGet(base: string, rawPath: string): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("latin1");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const TRAVERSALS = [
  "../package.json",
  "../../package.json",
  "..%2fpackage.json",
  "..%2Fpackage.json",
  "%2e%2e/package.json",
  "%2e%2e%2fpackage.json",
  "%2E%2E%2Fpackage.json",
  ".%2e/package.json",
  "%252e%252e%252fpackage.json",
  "%252e%252e/package.json",
  "..%252fpackage.json",
  "%25252e%25252e%25252fpackage.json",
  "..%5cpackage.json",
  "..%5Cpackage.json",
  "..\\package.json",
  "%5c..%5cpackage.json",
  "%c0%ae%c0%ae/package.json",
  "%c0%ae%c0%ae%c0%afpackage.json",
  "%e0%80%ae%e0%80%ae/package.json",
  "....//package.json",
  "..;/package.json",
  "..%00/package.json",
  "package.json%00.pdf",
  "%00",
  "/etc/passwd",
  "%2fetc%2fpasswd",
  "..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
  "file:///etc/passwd",
  "C:%5cWindows%5cwin.ini",
  "x/../../package.json",
  "x/..%2f..%2fpackage.json",
  ".",
  "..",
  "%2e",
  "%2e%2e",
];

describe("/storage", () => {
  let t: TestApp;
  let base: string;
  let pdf: string;
  let svg: string;
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), "storage-outside-"));
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    const files = fs.readdirSync(t.config.storageDir);
    pdf = files.find((f) => f.endsWith(".pdf"))!;
    svg = files.find((f) => f.endsWith(".svg"))!;
    const dir = t.config.storageDir;
    fs.writeFileSync(path.join(outside, "secret.txt"), "TOP-SECRET");
    fs.symlinkSync(path.join(outside, "secret.txt"), path.join(dir, "link-out.txt"));
    fs.symlinkSync(outside, path.join(dir, "dir-link"));
    fs.symlinkSync(path.join(dir, pdf), path.join(dir, "link-in.pdf"));
    fs.writeFileSync(path.join(dir, ".env"), "TOP-SECRET");
    fs.writeFileSync(path.join(dir, ".hidden.pdf"), "TOP-SECRET");
    fs.mkdirSync(path.join(dir, "sub"));
    fs.writeFileSync(path.join(dir, "sub", "inner.txt"), "TOP-SECRET");
    fs.writeFileSync(path.join(dir, "notes.txt"), "plain notes");
    fs.writeFileSync(path.join(dir, "blob.xyz"), "unknown kind");
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it("serves a stored file with its content type and a year-long immutable cache", async () => {
    const res = await t.app.inject(`/storage/${pdf}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body.startsWith("%PDF-")).toBe(true);
    const again = await t.app.inject({ url: `/storage/${pdf}`, headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: "HEAD", url: `/storage/${pdf}` });
    expect(head.statusCode).toBe(200);
  });

  it("serves an SVG as an image that cannot run script", async () => {
    const res = await t.app.inject(`/storage/${svg}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["content-security-policy"]).toMatch(/default-src 'none'.*sandbox/);
  });

  it("gives names without a hash a short cache, and unknown kinds as a download", async () => {
    const txt = await t.app.inject("/storage/notes.txt");
    expect(txt.statusCode).toBe(200);
    expect(txt.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(txt.headers["cache-control"]).toBe("public, max-age=3600");
    const blob = await t.app.inject("/storage/blob.xyz");
    expect(blob.headers["content-type"]).toBe("application/octet-stream");
    expect(blob.headers["content-disposition"]).toBe("attachment");
  });

  it("follows a symlink that stays inside the folder", async () => {
    const res = await t.app.inject("/storage/link-in.pdf");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
  });

  it.each([
    "link-out.txt",
    "dir-link/secret.txt",
    "dir-link",
    ".env",
    ".hidden.pdf",
    "sub",
    "sub/inner.txt",
    "sub%2finner.txt",
    "nope.pdf",
    "",
    "NOPE",
  ])("answers 404 with the error shape for %s", async (name) => {
    const res = await t.app.inject(`/storage/${name}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    expect(res.body).not.toContain("TOP-SECRET");
  });

  it("refuses every traversal payload, sent raw over the socket", async () => {
    for (const payload of TRAVERSALS) {
      const res = await rawGet(base, `/storage/${payload}`);
      // 400 is Node's answer to a request line it cannot parse; never a file.
      expect([400, 404], payload).toContain(res.status);
      expect(res.body, payload).not.toMatch(/TOP-SECRET|"dependencies"|root:x:0:0|\[fonts\]/);
      if (res.status === 404) {
        expect(res.type, payload).toMatch(/^application\/json/);
        expect(JSON.parse(res.body), payload).toEqual({ error: { code: "not_found", message: expect.any(String) } });
      }
    }
  });

  it("answers 404 to writes", async () => {
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const res = await t.app.inject({ method, url: `/storage/${pdf}` });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
  });
});
