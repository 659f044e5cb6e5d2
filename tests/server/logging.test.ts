import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RequestLogger } from "../../server/request-log";
import { appWritingLogs } from "../support/app-writing-logs";
import { createTestDatabase, type TestDatabase } from "../support/database";

// One database for the file; each test builds its own app and collects its own lines.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.cleanup());

describe("request logs", () => {
  it("carry request ids and never form contents, query strings or account numbers", async () => {
    const { app, lines } = await appWritingLogs(db);
    const secret = "Maria-Secret-Suggestion";
    await app.inject({
      method: "POST",
      url: "/api/v1/customer-satisfaction-survey",
      headers: { "content-type": "application/json" },
      payload: {
        acceptPrivacyNotice: true,
        name: secret,
        respondentName: secret,
        city: "BANI",
        accountNumber: "03-7777-8888",
        email: "maria@example.ph",
        contactNumber: "09171234567",
        suggestions: secret,
      },
    });
    await app.inject("/api/v1/agam/pool/check-account-number/01-1000-4568");
    await app.inject(`/api/v1/power-interruption/incoming?barangay=${secret}`);
    await app.close();
    const log = lines.join("");
    expect(log).toContain('"reqId"');
    expect(log).toContain("/api/v1/customer-satisfaction-survey");
    expect(log).not.toContain(secret);
    expect(log).not.toContain("03-7777-8888");
    expect(log).not.toContain("01-1000-4568");
    expect(log).not.toContain("maria@example.ph");
  });
});

describe("log redaction", () => {
  it("hides personal paths in any case or encoding, and new-connection references", async () => {
    const { app, lines } = await appWritingLogs(db);
    for (const url of [
      "/api/v1/agam/pool/CHECK-ACCOUNT-NUMBER/01-1000-4568",
      "/api/v1/agam/pool/check%2Daccount%2Dnumber/01-1000-4568",
      "/Agam-Registration-Confirmation/web/01-1000-4568",
      "/service/new-service-connection/NSC-2026-ABCDEF",
      "/SERVICE/NEW-SERVICE-CONNECTION/Zx9_secret-token-value",
      "/elsewhere/nsc-2026-abcdef?x=1",
      "/elsewhere/0110004568",
    ])
      await app.inject(url);
    await app.close();
    const log = lines.join("");
    expect(log).toContain("[redacted]");
    expect(log).not.toMatch(/01-?1000-?4568|0110004568|NSC-2026-ABCDEF|Zx9_secret/i);
  });
});

describe("one log line per request", () => {
  it("writes 'request completed' with method, path, status and time, for cached answers too", async () => {
    const { app, lines } = await appWritingLogs(db);
    // The second answer of the same page comes from the cache's fast path.
    for (const url of ["/api/v1/news", "/api/v1/news", "/api/v1/no-such-thing"]) await app.inject(url);
    await app.close();
    const entries = lines.map((l) => JSON.parse(l)).filter((e) => e.reqId);
    expect(entries.map((e) => e.msg)).toEqual(["request completed", "request completed", "request completed"]);
    expect(entries.map((e) => [e.req.method, e.req.url, e.res.statusCode])).toEqual([
      ["GET", "/api/v1/news", 200],
      ["GET", "/api/v1/news", 200],
      ["GET", "/api/v1/no-such-thing", 404],
    ]);
    for (const e of entries) expect(e.responseTime).toBeGreaterThanOrEqual(0);
  });
});

describe("a request's logger", () => {
  /** A pino logger writing to `lines`, at a fixed time so that two lines can be compared. */
  function rootLogger(lines: string[], level = "info") {
    return pino({ level, timestamp: () => ',"time":1700000000000' }, { write: (line: string) => lines.push(line) });
  }

  it("writes 'request completed' as pino writes the same fields", () => {
    const lines: string[] = [];
    const root = rootLogger(lines);
    const fields = { req: { method: "GET", url: '/news/a "quoted" \\ path' }, res: { statusCode: 304 }, responseTime: 0.123456 };
    new RequestLogger(root, { reqId: "0b7c" }, {}).completed("GET", fields.req.url, 304, 0.123456);
    root.child({ reqId: "0b7c" }).info(fields, "request completed");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(lines[1]);
  });

  it("binds the request id to its own lines and keeps a route's own level", () => {
    const lines: string[] = [];
    const root = rootLogger(lines);
    const quiet = new RequestLogger(root, { reqId: "r1" }, { level: "warn" });
    quiet.completed("GET", "/api/v1/agam/pool/stream", 200, 1);
    quiet.info("not written");
    quiet.warn({ extra: 1 }, "written");
    new RequestLogger(root, { reqId: "r2" }, {}).debug("below the level");
    new RequestLogger(root, { reqId: "r3" }, {}).child({ part: "x" }).error("from a child");
    expect(lines.map((l) => JSON.parse(l)).map((e) => [e.reqId, e.msg])).toEqual([
      ["r1", "written"],
      ["r3", "from a child"],
    ]);
  });
});
