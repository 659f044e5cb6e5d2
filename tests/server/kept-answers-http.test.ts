/**
 * A fresh kept answer of a URL already seen is written by the HTTP server's own handler,
 * before Fastify (server/page-cache.ts answerKeptBeforeFastify): over real HTTP it must be the
 * same answer Fastify's first hook would give (headers, 304, HEAD), logged with the same line,
 * and a draining process must close the connection after it.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWritingLogs } from "../support/app-writing-logs";
import { createTestDatabase, type TestDatabase } from "../support/database";

const PATH = "/api/v1/careers";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let db: TestDatabase;
let app: FastifyInstance;
let url: string;
let lines: string[] = [];
/** Requests that reached Fastify's hooks (a kept answer written before Fastify never does). */
const reachedFastify: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  ({ app, lines } = await appWritingLogs(db));
  app.addHook("onRequest", async (request) => {
    reachedFastify.push(`${request.method} ${request.url}`);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  await app?.close();
  await db?.cleanup();
});

const completed = () => lines.map((l) => JSON.parse(l)).filter((e) => e.msg === "request completed");

describe("kept answers written before Fastify", () => {
  it("answers a URL seen before from the kept copy, with the same headers and a log line", async () => {
    const first = await fetch(url + PATH, { headers: { "accept-encoding": "gzip" } });
    const firstBody = await first.text();
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(reachedFastify).toEqual([`GET ${PATH}`]);

    const second = await fetch(url + PATH, { headers: { "accept-encoding": "gzip" } });
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("x-request-id")).toMatch(UUID);
    for (const name of ["etag", "cache-control", "content-security-policy", "access-control-allow-origin", "vary"])
      expect(second.headers.get(name)).toBe(first.headers.get(name));
    // Only the first request went through Fastify.
    expect(reachedFastify).toEqual([`GET ${PATH}`]);

    const lastLine = completed().at(-1);
    expect(lastLine).toMatchObject({ level: 30, req: { method: "GET", url: PATH }, res: { statusCode: 200 } });
    expect(lastLine.reqId).toBe(second.headers.get("x-request-id"));
    expect(typeof lastLine.responseTime).toBe("number");
  });

  it("answers If-None-Match with 304 and HEAD without a body", async () => {
    const etag = (await fetch(url + PATH)).headers.get("etag")!;
    const notModified = await fetch(url + PATH, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("x-cache")).toBe("HIT");
    expect(completed().at(-1)?.res.statusCode).toBe(304);

    const head = await fetch(url + PATH, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");
    expect(reachedFastify).toEqual([`GET ${PATH}`]);
  });

  it("closes the connection after each kept answer while the process drains", async () => {
    app.draining = true;
    const draining = await fetch(url + PATH);
    app.draining = false;
    expect(draining.headers.get("x-cache")).toBe("HIT");
    expect(draining.headers.get("connection")).toBe("close");
    expect((await fetch(url + PATH)).headers.get("connection")).toBe("keep-alive");
    expect(reachedFastify).toEqual([`GET ${PATH}`]);
  });

  it("leaves `/`, whose language is negotiated, to Fastify", async () => {
    const redirect = await fetch(`${url}/`, { redirect: "manual", headers: { "accept-language": "fil" } });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/fil/");
  });
});
