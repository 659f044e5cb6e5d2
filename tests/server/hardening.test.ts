/**
 * Slow bodies are cut off, a large chunked form body is a 413, and every
 * answer (the 400 for a malformed address included) carries the security headers.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";

describe("hardening", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { REQUEST_TIMEOUT_MS: "2000" } });
    await t.listen();
  });
  afterAll(async () => t?.close());

  it("closes a connection that trickles its body a byte at a time", async () => {
    const port = Number(new URL(t.url).port);
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (d) => (answer += d.toString()));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
    socket.write(
      "POST /api/v1/customer-satisfaction-survey HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
    );
    // One byte every 500 ms for up to 60 s: the server must hang up long before the body is done.
    let sent = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed && sent < 120) socket.write("{"), sent++;
    }, 500);
    await closed;
    clearInterval(trickle);
    expect(sent).toBeLessThan(120);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("answers 413 (not 503) to a 10 MB chunked body posted to a form", async () => {
    const chunk = new TextEncoder().encode("a=" + "x".repeat(64 * 1024));
    // 160 chunks of 64 KiB, sent without a Content-Length (Transfer-Encoding: chunked).
    const tenMegabytes = () => {
      let n = 0;
      return new ReadableStream<Uint8Array>({ pull: (c) => (n++ >= 160 ? c.close() : c.enqueue(chunk)) });
    };
    for (const path of ["/customer-satisfaction-survey", "/service/new-service-connection", "/agam-registration"]) {
      const res = await fetch(t.url + path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: tenMegabytes(),
        duplex: "half",
      } as RequestInit);
      expect(res.status, path).toBe(413);
      await res.body?.cancel();
    }
  });

  it("sends the security headers and Cross-Origin-Resource-Policy on every answer, the 400 for a bad escape included", async () => {
    for (const url of ["/", "/api/v1/news", "/api/v1/%", "/%E0%A4%A", "/storage/nope.pdf", "/no/such/page", "/healthz"]) {
      const res = await t.app.inject(url);
      expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      expect(res.headers["content-security-policy"], url).toMatch(/default-src 'self'/);
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["x-frame-options"], url).toBe("DENY");
    }
    expect((await t.app.inject("/api/v1/%")).statusCode).toBe(400);
  });
});
