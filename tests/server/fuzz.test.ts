/**
 * Property-based fuzzing of the whole HTTP surface through inject(): random paths,
 * path parameters, query strings, methods, headers and bodies against every API
 * endpoint (taken from the OpenAPI document, so new routes are fuzzed too) and the
 * page form POSTs. Asserts: never a 5xx, and every 4xx JSON answer has the error shape.
 * Rate limits are off here (they are tested in protection.test.ts); at least 10,000
 * requests in total.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_NUMBER_EXAMPLE, NEWS_KINDS, SURVEY_CITIES, TOWNS } from "../../modules/shared/constants";
import { buildDir } from "../../server/start";
import { createTestApp, type TestApp } from "../support/app";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
let requests = 0;
const statusCounts = new Map<number, number>();

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
interface Probe {
  method: Method;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

/** Sends one request and checks what a client would see. */
async function probe(app: FastifyInstance, p: Probe): Promise<void> {
  let res;
  try {
    res = await app.inject({ method: p.method, url: p.url, headers: p.headers, payload: p.payload, remoteAddress: "10.9.8.7" });
  } catch (error) {
    // light-my-request refuses some URLs before they reach the server (not a server answer).
    if (error instanceof TypeError || /Invalid URL|ERR_INVALID|ERR_UNESCAPED/.test(String(error))) return;
    throw error;
  }
  requests++;
  statusCounts.set(res.statusCode, (statusCounts.get(res.statusCode) ?? 0) + 1);
  const where = `${p.method} ${p.url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  const type = String(res.headers["content-type"] ?? "");
  if (
    res.statusCode >= 400 &&
    type.startsWith("application/json") &&
    p.method !== "HEAD" &&
    p.url.toLowerCase().startsWith("/open311/") &&
    res.body.startsWith("[")
  ) {
    // Open311 GeoReport v2 has its own error shape: [{code, description}] (errors found
    // before routing, such as a bad percent-encoding, keep the site's shape).
    const body = JSON.parse(res.body);
    expect(body, where).toEqual([{ code: res.statusCode, description: expect.any(String) }]);
    expect(body[0].description, where).not.toMatch(/\bat .+\.(ts|js):\d+/);
  } else if (res.statusCode >= 400 && type.startsWith("application/json") && p.method !== "HEAD") {
    const body = JSON.parse(res.body);
    expect(body, where).toEqual({ error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }) });
    expect(
      Object.keys(body.error).every((k) => ["code", "message", "fields"].includes(k)),
      where,
    ).toBe(true);
    expect(body.error.message, where).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack traces
  }
}

// ---------- arbitraries ----------

const NASTY = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  "00001",
  "2147483648",
  "99999999999999999999",
  "NaN",
  "Infinity",
  "null",
  "undefined",
  "true",
  "..",
  "%2e%2e",
  "%2F",
  "%00",
  "%",
  "%zz",
  "%C0%AE",
  "%E2%80%AE",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\\",
  "%5C",
  ";",
  "~",
  "*",
  "13",
  "12",
  "2006",
  "2007",
  "2099",
  "2024-13",
  "2024-00",
  "2024-1",
  "24-03",
  "01-0123-4567",
  "01-0123-456",
  "1-0123-4567",
  "ab-cdef-ghij",
  "Bani",
  "bani",
  "BANI",
  "Poblacion",
  "electricity-rates",
  "Electricity-Rates",
  "web",
  "online",
  "x".repeat(101),
  "x".repeat(5000),
];

/** A string that is safe to put in a URL: encoded random text, or a raw nasty token. */
const urlText = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: "grapheme", maxLength: 20 }).map(encodeURIComponent),
  fc.integer({ min: -5, max: 3000 }).map(String),
  fc.constantFrom(...NEWS_KINDS, ...TOWNS, ACCOUNT_NUMBER_EXAMPLE),
);

const queryKey = fc.oneof(
  fc.constantFrom("month", "q", "town", "barangay", "page", "limit", "id", "__proto__", "constructor", "month[]", "q[0]"),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
);
const queryString = fc
  .array(fc.tuple(queryKey, urlText), { maxLength: 5 })
  .map((pairs) => (pairs.length ? "?" + pairs.map(([k, v]) => `${k}=${v}`).join("&") : ""));

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const surveyLike = fc.record(
  {
    acceptPrivacyNotice: fc.oneof(fc.boolean(), jsonValue),
    name: fc.oneof(fc.string(), jsonValue),
    respondentName: fc.oneof(fc.string(), jsonValue),
    city: fc.oneof(fc.constantFrom(...SURVEY_CITIES), fc.string()),
    accountNumber: fc.oneof(fc.constantFrom(ACCOUNT_NUMBER_EXAMPLE, "01-0000-0001"), fc.string()),
    email: fc.oneof(fc.emailAddress(), fc.string()),
    contactNumber: fc.oneof(fc.constantFrom("09171234567", "+63 917 123 4567"), fc.string()),
    reconnectionTime: fc.oneof(fc.integer({ min: -2, max: 6 }), jsonValue),
    serviceCourtesy: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.double()),
    suggestions: fc.oneof(fc.string({ maxLength: 3000 }), jsonValue),
  },
  { requiredKeys: [] },
);
const registerLike = fc.record(
  {
    account: fc.oneof(fc.constantFrom(ACCOUNT_NUMBER_EXAMPLE, "01-0000-0001"), fc.string()),
    origin: fc.oneof(fc.constantFrom("web", "online", ""), fc.string()),
    phone: fc.oneof(fc.string(), jsonValue),
    email: fc.oneof(fc.emailAddress(), fc.string(), jsonValue),
    decisions: fc.oneof(
      fc.array(
        fc.record(
          {
            topic_sequence_id: fc.oneof(fc.integer({ min: -1, max: 20 }), jsonValue),
            answer_topic_id: fc.oneof(fc.integer({ min: -1, max: 20 }), jsonValue),
            answer_value: fc.oneof(fc.integer({ min: -1, max: 2 }), jsonValue),
            answer_topic_reason: fc.oneof(fc.string(), jsonValue),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 30 },
      ),
      jsonValue,
    ),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.tuple(
      fc.constant("application/json"),
      fc.oneof(surveyLike, registerLike, jsonValue).map((v) => JSON.stringify(v) ?? "null"),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constant("application/json"),
      fc.constantFrom(
        "",
        "{",
        "[]",
        "null",
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
        "\u0000",
        "1e400",
        '"str"',
        "{}".repeat(1000),
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "application/xml",
        "application/json; charset=latin1",
      ),
      fc.string({ maxLength: 200 }),
    ),
  },
);

const method = fc.constantFrom<Method>("GET", "GET", "GET", "GET", "HEAD", "POST", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
const headers = fc.record(
  {
    accept: fc.constantFrom("application/json", "text/html", "*/*", "image/webp", ""),
    "accept-encoding": fc.constantFrom("gzip", "br", "identity", "gzip;q=0, br;q=0", "bogus"),
    "if-none-match": fc.constantFrom('"x"', "*", 'W/"1"'),
    "if-modified-since": fc.constantFrom("Tue, 01 Jan 2030 00:00:00 GMT", "not a date"),
    range: fc.constantFrom("bytes=0-10", "bytes=999999-", "bytes=abc", "bytes=5-1"),
  },
  { requiredKeys: [] },
);

/** Turns an OpenAPI path template into a URL with random values in its {params}. */
const fillTemplate = (template: string) =>
  fc.array(urlText, { minLength: 4, maxLength: 4 }).map((values) => {
    let i = 0;
    return template.replace(/\{[^}]+\}/g, () => values[i++ % values.length] || "x");
  });

function apiTemplates(doc: { paths: Record<string, Record<string, unknown>> }): { method: Method; template: string }[] {
  const out: { method: Method; template: string }[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    if (p.endsWith("/stream")) continue; // server-sent events never end; covered by the AGAM tests
    for (const m of Object.keys(methods)) if (["get", "post"].includes(m)) out.push({ method: m.toUpperCase() as Method, template: p });
  }
  return out;
}

// ---------- the properties ----------

describe("fuzz: no 5xx, error shape on every 4xx", () => {
  let t: TestApp;
  let templates: { method: Method; template: string }[];
  const started = Date.now();

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
    templates = apiTemplates((await t.app.inject("/api/v1/openapi.json")).json());
  });
  afterAll(async () => {
    await t?.close();
    const byStatus = [...statusCounts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(", ");
    console.log(`fuzz: ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (${byStatus})`);
  });

  it("covers every endpoint of the contract that exists", () => {
    expect(templates.length).toBeGreaterThanOrEqual(2);
  });

  it("API endpoints with random path parameters and query strings (GET)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat().chain((n) => {
          const { template } = templates.filter((x) => x.method === "GET")[n % templates.filter((x) => x.method === "GET").length]!;
          return fc.tuple(fillTemplate(template), queryString, headers);
        }),
        async ([url, query, hdrs]) => probe(t.app, { method: "GET", url: url + query, headers: hdrs }),
      ),
      { numRuns: 4000 * RUNS },
    );
    // Room for the uncached outage figures and CAP feed (each a few queries) on a busy machine.
  }, 180_000);

  it("every API endpoint with valid-looking values and random queries, each method", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...templates),
        fc.array(fc.constantFrom("1", "2", "3", "2024", "12", ACCOUNT_NUMBER_EXAMPLE, "web", ...NEWS_KINDS), {
          minLength: 4,
          maxLength: 4,
        }),
        queryString,
        method,
        async (route, values, query, m) => {
          let i = 0;
          const url = route.template.replace(/\{[^}]+\}/g, () => values[i++]!) + query;
          await probe(t.app, {
            method: m,
            url,
            ...(m === "POST" || m === "PUT" || m === "PATCH" ? { headers: { "content-type": "application/json" }, payload: "{}" } : {}),
          });
        },
      ),
      { numRuns: 2000 * RUNS },
    );
  });

  it("POST endpoints with random bodies and content types", async () => {
    const posts = templates.filter((x) => x.method === "POST");
    if (!posts.length) return;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...posts),
        body,
        fc.constantFrom<Record<string, string>>({}, { "sec-fetch-site": "same-origin" }, { origin: "http://localhost" }),
        async (route, [type, payload], extra) => {
          await probe(t.app, { method: "POST", url: route.template, headers: { "content-type": type, ...extra }, payload });
        },
      ),
      { numRuns: 3000 * RUNS },
    );
  });

  it("random paths under /api/v1, /storage and elsewhere, any method", async () => {
    const segment = fc.oneof(
      urlText,
      fc.constantFrom(
        "api",
        "v1",
        "agam",
        "pool",
        "rates",
        "news",
        "news-advisory",
        "content",
        "month",
        "year",
        "storage",
        "about-us",
        "announcements",
        "bid",
        "careers",
        "branch",
        "barangay",
        "power-interruption",
        "incoming",
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/v1/", "/api/v1", "/api/", "/storage/", "/api/v1/agam/pool/", "/api/v1/rates/", "/api/v1/news-advisory/"),
        fc.array(segment, { maxLength: 6 }),
        queryString,
        method,
        body,
        async (prefix, segments, query, m, [type, payload]) => {
          const hasBody = m === "POST" || m === "PUT" || m === "PATCH";
          await probe(t.app, {
            method: m,
            url: prefix + segments.join("/") + query,
            ...(hasBody ? { headers: { "content-type": type }, payload } : {}),
          });
        },
      ),
      { numRuns: 2500 * RUNS },
    );
  });

  const pagesBuilt = fs.existsSync(path.join(buildDir, "server", "index.js"));
  describe.runIf(pagesBuilt)("page form POSTs (needs a build in BUILD_DIR)", () => {
    let pages: TestApp;
    beforeAll(async () => {
      pages = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
    });
    afterAll(async () => pages?.close());

    it("survey, AGAM registration and bill inquiry forms with random fields", async () => {
      const field = fc.tuple(
        fc.constantFrom(
          "name",
          "respondentName",
          "city",
          "accountNumber",
          "account",
          "email",
          "contactNumber",
          "phone",
          "acceptPrivacyNotice",
          "suggestions",
          "reconnectionTime",
          "intent",
          "altcha",
          "decision-1",
          "reason-1",
          "origin",
          "captcha",
        ),
        urlText,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            "/customer-satisfaction-survey",
            "/css",
            "/agam-registration",
            "/service/bill-inquiry",
            "/service/new-service-connection",
            "/customer-satisfaction-survey?index",
            "/agam-registration?_data=x",
          ),
          fc.array(field, { maxLength: 12 }),
          fc.constantFrom("application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain", "application/json"),
          async (url, fields, type) => {
            const payload = type.startsWith("multipart")
              ? `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${fields.map(([k, v]) => k + v).join("")}\r\n--x--\r\n`
              : fields.map(([k, v]) => `${k}=${v}`).join("&");
            await probe(pages.app, { method: "POST", url, headers: { "content-type": type }, payload });
          },
        ),
        { numRuns: 400 * RUNS },
      );
    });
  });

  it("sent at least 10,000 requests in total", () => {
    // The page-form part only runs with a build; the API parts alone reach the total.
    expect(requests).toBeGreaterThanOrEqual(10_000);
  });
});
