/**
 * The API contract of ARCHITECTURE.md, endpoint by endpoint, as a client sees it:
 * keys and nesting, types, and the 400/404/409/422 answers in the error shape.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (createTestApp does it).
 * The contract shapes are written here independently of the routes' own schemas.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { agamAccounts } from "../../db/schema";
import { NEWS_KINDS, RATE_TYPES, TOWNS } from "../../modules/shared/constants";
import { manilaParts } from "../../modules/shared/dates";
import { DEMO_PIN } from "../../seed/index";
import { createTestApp, type TestApp } from "../support/app";

const API = "/api/v1";
const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "an ISO date-time");
const storagePath = z.string().regex(/^\/storage\/[^/]+$/);
const errorShape = z.strictObject({
  error: z.strictObject({ code: z.string().min(1), message: z.string().min(1), fields: z.record(z.string(), z.string()).optional() }),
});

const contract = {
  profile: z.strictObject({
    data: z.strictObject({ content: z.string().min(1), year: z.union([z.number(), z.string()]), last_update: z.string() }),
  }),
  content: z.strictObject({ data: z.strictObject({ content: z.string().min(1) }) }),
  announcementItem: z.strictObject({
    id: z.number().int().positive(),
    title: z.string().min(1),
    created_at: isoDate,
    attachments: z.array(storagePath),
  }),
  get announcements() {
    return z.strictObject({ data: z.strictObject({ announcements: z.array(this.announcementItem) }) });
  },
  // "{data: {announcement}}": the item, with at least the list's keys.
  announcement: z.strictObject({
    data: z.strictObject({
      announcement: z.object({ id: z.number().int(), title: z.string(), created_at: isoDate, attachments: z.array(storagePath) }),
    }),
  }),
  newsItem: z.strictObject({
    _id: z.union([z.number(), z.string()]),
    title: z.string().min(1),
    body: z.string(),
    createdAt: isoDate,
    images: z.array(z.base64()),
  }),
  // Extra keys (status, status_updated_at) are allowed beside the contract's.
  interruption: z.object({
    id: z.number().int(),
    date: z.strictObject({ unix: z.number().int() }),
    time: z.strictObject({ start: z.string().min(1), end: z.string().min(1) }),
    area: z.array(z.strictObject({ name: z.string().min(1) })),
    activities: z.string(),
    affectedAreas: z.string(),
    circuitToBeOpened: z.string(),
  }),
  rates: z.strictObject({ data: z.strictObject({ rates: z.array(z.strictObject({ type: z.enum(RATE_TYPES), amount: z.number() })) }) }),
  charges: z.strictObject({
    data: z.strictObject({
      charges: z.array(
        z.strictObject({
          power_source: z.strictObject({ name: z.string().min(1), queue: z.number().int() }),
          percent_kwh_purchased: z.number(),
          kwh_purchased: z.number(),
          basic_generation_cost: z.number(),
          other_cost_adjustment: z.number(),
          total_generation_cost: z.number(),
          prompt_payment_discount: z.number(),
          pilferage_cost_recoveries: z.number(),
          other_generation_cost_adjustment: z.number(),
          generation_rate: z.number(),
        }),
      ),
    }),
  }),
  careers: z.strictObject({
    data: z.strictObject({
      careers: z.array(
        z.strictObject({
          id: z.number().int().positive(),
          job_title: z.string().min(1),
          created_at: isoDate,
          attachments: z.array(storagePath),
        }),
      ),
    }),
  }),
  topics: z.array(
    z.strictObject({
      AT_ID: z.number().int(),
      AT_SEQUENCE_NUMBER: z.number().int(),
      AT_TOPIC: z.string().min(1),
      AT_TOPIC_DESC: z.string(),
    }),
  ),
  // The contract's keys, the values masked for strangers: no membership number, no address.
  account: z.strictObject({
    result: z.array(z.strictObject({ CNAME: z.string().min(1), MEMNO: z.literal(""), CADDRESS: z.literal("") })),
    registered: z.union([z.number(), z.boolean()]),
  }),
  registered: z.strictObject({ data: z.strictObject({ reference: z.string().min(1) }) }),
  confirmation: z.array(
    z.strictObject({ reference: z.string().min(1), account: z.string(), membership: z.string(), registered_at: isoDate }),
  ),
  counts: z.strictObject({
    qmember: z.number().int().min(0),
    qmember_north: z.number().int().min(0),
    qmember_south: z.number().int().min(0),
  }),
  surveyCreated: z.strictObject({ data: z.strictObject({ id: z.union([z.number(), z.string()]) }) }),
  branches: z.strictObject({
    data: z.strictObject({
      branches: z.array(z.strictObject({ name: z.string().min(1), address: z.string(), phones: z.array(z.string()) })),
    }),
  }),
  barangays: z.strictObject({
    data: z.strictObject({ barangays: z.array(z.strictObject({ name: z.string().min(1), town: z.enum(TOWNS) })) }),
  }),
  categories: z.strictObject({
    data: z.strictObject({ categories: z.array(z.strictObject({ tag: z.string().min(1), title: z.string().min(1) })) }),
  }),
};

/** Parses with the contract schema and fails with zod's explanation. */
function conforms<T>(schema: z.ZodType<T>, body: unknown, where: string): T {
  const r = schema.safeParse(body);
  if (!r.success)
    throw new Error(`${where} does not match the contract:\n${z.prettifyError(r.error)}\n${JSON.stringify(body).slice(0, 600)}`);
  return r.data;
}

const REGISTERED_ACCOUNT = "01-1037-4669"; // seeded as registered (origin web)
const FREE_ACCOUNT = "01-1000-4568"; // seeded, not registered
const { year: THIS_YEAR, month: THIS_MONTH } = manilaParts();

describe("API contract", () => {
  let t: TestApp;
  let n = 0;
  /** Each request from its own address, so the rate limits never interfere. */
  const get = (url: string) => t.app.inject({ url: API + url, remoteAddress: `10.77.${Math.floor(++n / 250)}.${n % 250}` });
  const post = (url: string, body: unknown) =>
    t.app.inject({
      method: "POST",
      url: API + url,
      payload: JSON.stringify(body),
      headers: { "content-type": "application/json" },
      remoteAddress: `10.78.${Math.floor(++n / 250)}.${n % 250}`,
    });
  const ok = async <T>(url: string, schema: z.ZodType<T>) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    return conforms(schema, res.json(), url);
  };
  const fails = async (url: string, status: number, message?: RegExp) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
    const body = conforms(errorShape, res.json(), url);
    if (message) expect(body.error.message).toMatch(message);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  describe("about us", () => {
    it("GET /about-us/profile: {data: {content, year, last_update}}", async () => {
      const body = await ok("/about-us/profile", contract.profile);
      expect(body.data.content).not.toMatch(/<script/i);
    });
    it.each(["mission", "vision", "core"])("GET /about-us/%s: {data: {content}}", async (what) => {
      await ok(`/about-us/${what}`, contract.content);
    });
    it("GET /about-us/other: 404", () => fails("/about-us/other", 404));
  });

  describe("announcements", () => {
    it.each(["bid", "advisory"])(
      "GET /announcements/%s: {data: {announcements: [{id, title, created_at, attachments}]}}, newest first",
      async (kind) => {
        const body = await ok(`/announcements/${kind}`, contract.announcements);
        expect(body.data.announcements.length).toBeGreaterThan(0);
        const times = body.data.announcements.map((a) => Date.parse(a.created_at));
        expect(times).toEqual([...times].sort((a, b) => b - a));
      },
    );
    it("GET /announcements/bid/{id}: {data: {announcement}}", async () => {
      const list = await ok("/announcements/bid", contract.announcements);
      const first = list.data.announcements[0]!;
      const body = await ok(`/announcements/bid/${first.id}`, contract.announcement);
      expect(body.data.announcement).toMatchObject(first);
    });
    it("attachments open from /storage", async () => {
      const list = await ok("/announcements/bid", contract.announcements);
      const file = list.data.announcements.flatMap((a) => a.attachments)[0]!;
      const res = await t.app.inject(file);
      expect(res.statusCode).toBe(200);
    });
    it("GET /announcements/bid/{id}: 404 for an unknown id, 400 for a bad one", async () => {
      await fails("/announcements/bid/999999", 404);
      for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) await fails(`/announcements/bid/${bad}`, 400, /id/);
    });
    it("GET /announcements/other: 404 or 400", async () => {
      const res = await get("/announcements/other");
      expect([400, 404]).toContain(res.statusCode);
      conforms(errorShape, res.json(), "/announcements/other");
    });
  });

  describe("news advisory", () => {
    it.each(NEWS_KINDS)("GET /news-advisory/content/%s: [{_id, title, body, createdAt, images}]", async (kind) => {
      const items = await ok(`/news-advisory/content/${kind}`, z.array(contract.newsItem));
      expect(items.length).toBeGreaterThan(0);
    });
    it("filters by month=YYYY-MM (Manila) and by q", async () => {
      const all = await ok("/news-advisory/content/events-and-activities", z.array(contract.newsItem));
      const sample = all[0]!;
      const { year, month } = manilaParts(sample.createdAt);
      const ym = `${year}-${String(month).padStart(2, "0")}`;
      const inMonth = await ok(`/news-advisory/content/events-and-activities?month=${ym}`, z.array(contract.newsItem));
      expect(inMonth.map((i) => i._id)).toContain(sample._id);
      for (const i of inMonth) expect(manilaParts(i.createdAt)).toMatchObject({ year, month });
      const word = sample.title.split(/\s+/).find((w) => w.length > 4)!;
      const found = await ok(`/news-advisory/content/events-and-activities?q=${encodeURIComponent(word)}`, z.array(contract.newsItem));
      expect(found.map((i) => i._id)).toContain(sample._id);
      const none = await ok(`/news-advisory/content/events-and-activities?q=zzqqxxnothing`, z.array(contract.newsItem));
      expect(none).toEqual([]);
      // Unknown query keys are ignored.
      expect(await ok("/news-advisory/content/events-and-activities?foo=bar", z.array(contract.newsItem))).toHaveLength(all.length);
    });
    it("GET /news-advisory/{id}: one item of that shape", async () => {
      const [first] = await ok("/news-advisory/content/electricity-rates", z.array(contract.newsItem));
      const item = await ok(`/news-advisory/${first!._id}`, contract.newsItem);
      expect(item).toEqual(first);
    });
    it("answers 400 with what is expected for a bad kind, month or q, 404 for an unknown id", async () => {
      await fails("/news-advisory/content/gossip", 400, /electricity-rates/);
      for (const m of ["2024-13", "2024-1", "24-03", "2006-01", `${THIS_YEAR + 1}-01`, "march"])
        await fails(`/news-advisory/content/electricity-rates?month=${m}`, 400, /YYYY-MM/);
      await fails(`/news-advisory/content/electricity-rates?q=${"x".repeat(101)}`, 400, /100/);
      await fails("/news-advisory/999999", 404);
      await fails("/news-advisory/abc", 400);
    });
  });

  describe("power interruptions", () => {
    it("GET /power-interruption/incoming: [{id, date: {unix}, time: {start, end}, area: [{name}], activities, affectedAreas, circuitToBeOpened}]", async () => {
      const items = await ok("/power-interruption/incoming", z.array(contract.interruption));
      expect(items.length).toBeGreaterThan(0);
      const unix = items.map((i) => i.date.unix);
      expect(unix).toEqual([...unix].sort((a, b) => a - b));
    });
    it("filters by town and barangay; unknown query keys are ignored", async () => {
      const all = await ok("/power-interruption/incoming", z.array(contract.interruption));
      const bani = await ok("/power-interruption/incoming?town=Bani", z.array(contract.interruption));
      expect(bani.length).toBeGreaterThan(0);
      expect(bani.length).toBeLessThan(all.length);
      const name = bani[0]!.area[0]!.name.replace(/\s*\(.*\)$/, "");
      const byBarangay = await ok(
        `/power-interruption/incoming?town=Bani&barangay=${encodeURIComponent(name)}`,
        z.array(contract.interruption),
      );
      expect(byBarangay.map((i) => i.id)).toContain(bani[0]!.id);
      expect(await ok("/power-interruption/incoming?page=2", z.array(contract.interruption))).toHaveLength(all.length);
    });
    it("answers 400 for an unknown town or a bad barangay", async () => {
      await fails("/power-interruption/incoming?town=Manila", 400, /Bolinao/);
      await fails(`/power-interruption/incoming?barangay=${"x".repeat(200)}`, 400, /barangay/);
      await fails("/power-interruption/incoming?barangay=%3Cscript%3E", 400, /barangay/);
    });
  });

  describe("rates", () => {
    it("GET /rates/official-rates/month/{m}/year/{y}: {data: {rates: [{type, amount}]}}", async () => {
      const body = await ok(`/rates/official-rates/month/${THIS_MONTH}/year/${THIS_YEAR}`, contract.rates);
      expect(body.data.rates.map((r) => r.type).sort()).toEqual(["HV", "LV", "R"]);
    });
    it("GET /rates/generation/month/{m}/year/{y}: {data: {charges: [...]}} with the total row (queue 100)", async () => {
      const body = await ok("/rates/generation/month/3/year/2024", contract.charges);
      expect(body.data.charges.some((c) => c.power_source.queue === 100)).toBe(true);
    });
    it("a month without data is an empty list", async () => {
      expect((await ok("/rates/generation/month/6/year/2023", contract.charges)).data.charges).toEqual([]);
      expect((await ok("/rates/official-rates/month/1/year/2007", contract.rates)).data.rates).toEqual([]);
    });
    it.each(["official-rates", "generation"])(
      "/rates/%s answers 400 for a month outside 1..12 or a year outside 2007..now",
      async (kind) => {
        for (const m of ["0", "13", "x", "-1", "1.5"]) await fails(`/rates/${kind}/month/${m}/year/2024`, 400, /month number from 1 to 12/);
        for (const y of ["2006", String(THIS_YEAR + 1), "abcd", "99999"])
          await fails(`/rates/${kind}/month/1/year/${y}`, 400, /year from 2007/);
      },
    );
  });

  describe("careers", () => {
    it("GET /careers: {data: {careers: [{id, job_title, created_at, attachments}]}}", async () => {
      const body = await ok("/careers", contract.careers);
      expect(body.data.careers.length).toBeGreaterThan(0);
    });
  });

  describe("AGAM", () => {
    it("GET /agam/pool/get-all-topics: [{AT_ID, AT_SEQUENCE_NUMBER, AT_TOPIC, AT_TOPIC_DESC}]", async () => {
      const topics = await ok("/agam/pool/get-all-topics", contract.topics);
      expect(topics.length).toBeGreaterThan(0);
    });
    it("GET /agam/pool/check-account-number/{account}: {result: [{CNAME, MEMNO, CADDRESS}], registered}", async () => {
      const known = await ok(`/agam/pool/check-account-number/${REGISTERED_ACCOUNT}`, contract.account);
      expect(known.result).toHaveLength(1);
      expect(Number(known.registered)).toBeGreaterThan(0);
      const free = await ok(`/agam/pool/check-account-number/${FREE_ACCOUNT}`, contract.account);
      expect(free.result).toHaveLength(1);
      expect(Number(free.registered)).toBe(0);
      const unknown = await ok("/agam/pool/check-account-number/99-9999-9999", contract.account);
      expect(unknown.result).toEqual([]);
      const res = await get(`/agam/pool/check-account-number/${FREE_ACCOUNT}`);
      expect(res.headers["cache-control"]).toBe("no-store");
    });
    it("check-account-number answers 400 for a malformed account", async () => {
      for (const bad of ["010123456", "01-0123-456", "ab-cdef-ghij", "01-0123-45678"])
        await fails(`/agam/pool/check-account-number/${bad}`, 400, /NN-NNNN-NNNN|01-0123-4567/);
    });
    it("check-account-number takes the ten digits typed any way (modules/shared/account-number.ts)", async () => {
      const dashed = await get(`/agam/pool/check-account-number/${FREE_ACCOUNT}`);
      expect(dashed.statusCode).toBe(200);
      expect(dashed.json().result).toHaveLength(1);
      for (const typed of ["0110004568", "01%201000%204568", "%2001-1000-4568%20"]) {
        const res = await get(`/agam/pool/check-account-number/${typed}`);
        expect(res.statusCode, typed).toBe(200);
        expect(res.json(), typed).toEqual(dashed.json());
      }
    });
    it("POST /agam/pool/register: 201 {data: {reference}}, then 409; the confirmation lists it", async () => {
      const topics = await ok("/agam/pool/get-all-topics", contract.topics);
      const decisions = topics.map((tp) => ({
        topic_sequence_id: tp.AT_SEQUENCE_NUMBER,
        answer_topic_id: tp.AT_ID,
        answer_value: 1,
        answer_topic_reason: "",
      }));
      // The second factor first: the demo registration PIN of this account.
      const verified = await post("/agam/pool/verification", { account: FREE_ACCOUNT, pin: DEMO_PIN });
      expect(verified.statusCode, verified.body).toBe(200);
      const proof = verified.json().data.proof as string;
      const body = { account: FREE_ACCOUNT, origin: "web", phone: "09171234567", email: "member@example.ph", decisions, proof };
      const created = await post("/agam/pool/register", body);
      expect(created.statusCode, created.body).toBe(201);
      const { data } = conforms(contract.registered, created.json(), "register");
      const again = await post("/agam/pool/register", body);
      expect(again.statusCode).toBe(409);
      conforms(errorShape, again.json(), "register again");
      const confirmation = await ok(`/agam/pool/get-registration-confirmation/web/${FREE_ACCOUNT}?proof=${proof}`, contract.confirmation);
      expect(confirmation[0]).toMatchObject({ reference: data.reference, account: FREE_ACCOUNT });
    });
    it("POST /agam/pool/register: 422 with a message per field when invalid", async () => {
      const res = await post("/agam/pool/register", { account: "nope", decisions: [] });
      expect(res.statusCode).toBe(422);
      const body = conforms(errorShape, res.json(), "register invalid");
      expect(Object.keys(body.error.fields ?? {})).toContain("account");
    });
    it("GET /agam/pool/get-registration-confirmation/{origin}/{account}: [{reference, account, membership, registered_at}]", async () => {
      // Without the member's proof: the contract's shape, nothing personal in it.
      const list = await ok(`/agam/pool/get-registration-confirmation/web/${REGISTERED_ACCOUNT}`, contract.confirmation);
      expect(list).toHaveLength(0);
      await fails(`/agam/pool/get-registration-confirmation/web/bad-account`, 400);
    });
    it("GET /agam/pool/all: {qmember, qmember_north, qmember_south}", async () => {
      const counts = await ok("/agam/pool/all", contract.counts);
      expect(counts.qmember).toBe(counts.qmember_north + counts.qmember_south);
    });
    it("GET /agam/pool/stream: server-sent events carrying the same object", async () => {
      const base = t.url || (await t.listen());
      const controller = new AbortController();
      const res = await fetch(`${base}${API}/agam/pool/stream`, { signal: controller.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const reader = res.body!.getReader();
      let text = "";
      while (!/\ndata: .*\n/.test(`\n${text}`)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      controller.abort();
      const line = `\n${text}`.match(/\ndata: (.*)\n/)![1]!;
      conforms(contract.counts, JSON.parse(line), "stream");
    });
  });

  describe("customer satisfaction survey", () => {
    const valid = {
      acceptPrivacyNotice: true,
      name: "Juan Dela Cruz",
      respondentName: "Juan Dela Cruz",
      city: "BANI",
      accountNumber: "03-1000-4570",
      email: "juan@example.ph",
      contactNumber: "09171234567",
      reconnectionTime: 4,
      serviceReturnSpeed: 3,
      voltageIssues: 2,
      reconnectionAfterPayment: 1,
      serviceCourtesy: 4,
      suggestions: "More advisories by SMS.",
    };
    it("POST /customer-satisfaction-survey: 201 {data: {id}}, then 400 for the same account", async () => {
      // The account's name as on the roll (the survey takes only the roll's accounts, by name).
      const [member] = await t.db.handle.db
        .select({ name: agamAccounts.name })
        .from(agamAccounts)
        .where(eq(agamAccounts.accountNumber, valid.accountNumber));
      valid.name = member!.name;
      const res = await post("/customer-satisfaction-survey", valid);
      expect(res.statusCode, res.body).toBe(201);
      conforms(contract.surveyCreated, res.json(), "survey");
      expect(res.headers["cache-control"]).toBe("no-store");
      const again = await post("/customer-satisfaction-survey", { ...valid, respondentName: "Someone Else" });
      expect(again.statusCode).toBe(400);
      conforms(errorShape, again.json(), "survey again");
    });
    it("POST /customer-satisfaction-survey: 422 with a message per field when invalid (never 400)", async () => {
      const res = await post("/customer-satisfaction-survey", { ...valid, accountNumber: "123", email: "nope", reconnectionTime: 7 });
      expect(res.statusCode).toBe(422);
      const body = conforms(errorShape, res.json(), "survey invalid");
      expect(Object.keys(body.error.fields ?? {})).toEqual(expect.arrayContaining(["accountNumber", "email", "reconnectionTime"]));
      const empty = await post("/customer-satisfaction-survey", {});
      expect(empty.statusCode).toBe(422);
    });
  });

  describe("places and site", () => {
    it("GET /branch: {data: {branches: [{name, address, phones}]}}", async () => {
      const body = await ok("/branch", contract.branches);
      expect(body.data.branches.length).toBeGreaterThan(0);
    });
    it("GET /barangay: {data: {barangays: [{name, town}]}}", async () => {
      const body = await ok("/barangay", contract.barangays);
      expect(new Set(body.data.barangays.map((b) => b.town))).toEqual(new Set(TOWNS));
    });
    it("GET /news: {data: {categories: [{tag, title}]}}", async () => {
      await ok("/news", contract.categories);
    });
  });

  describe("documentation", () => {
    const CONTRACT_PATHS = [
      ["get", "/about-us/profile"],
      ["get", "/about-us/mission"],
      ["get", "/about-us/vision"],
      ["get", "/about-us/core"],
      ["get", "/announcements/bid"],
      ["get", "/announcements/advisory"],
      ["get", "/announcements/bid/{id}"],
      ["get", "/news-advisory/content/{kind}"],
      ["get", "/news-advisory/{id}"],
      ["get", "/power-interruption/incoming"],
      ["get", "/rates/official-rates/month/{m}/year/{y}"],
      ["get", "/rates/generation/month/{m}/year/{y}"],
      ["get", "/careers"],
      ["get", "/agam/pool/get-all-topics"],
      ["get", "/agam/pool/check-account-number/{account}"],
      ["post", "/agam/pool/register"],
      ["get", "/agam/pool/get-registration-confirmation/{origin}/{account}"],
      ["get", "/agam/pool/all"],
      ["get", "/agam/pool/stream"],
      ["post", "/customer-satisfaction-survey"],
      ["get", "/branch"],
      ["get", "/barangay"],
      ["get", "/news"],
    ] as const;
    /** Path parameter names may differ from the table's ({m} or {month}): compare the shape. */
    const shape = (p: string) => p.replace(/\{[^}]+\}/g, "{}");

    it("GET /openapi.json is an OpenAPI 3.1 document with every endpoint, each with a summary, tags and a 2xx schema", async () => {
      const res = await get("/openapi.json");
      expect(res.statusCode).toBe(200);
      const doc = res.json() as {
        openapi: string;
        paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses?: Record<string, { content?: unknown }> }>>;
      };
      expect(doc.openapi).toBe("3.1.0");
      const documented = new Map(
        Object.entries(doc.paths).flatMap(([p, ms]) => Object.entries(ms).map(([m, op]) => [`${m} ${shape(p)}`, op] as const)),
      );
      const missing = CONTRACT_PATHS.filter(([m, p]) => !documented.has(`${m} ${shape(API + p)}`));
      expect(missing, "endpoints missing from the OpenAPI document").toEqual([]);
      for (const [key, op] of documented) {
        expect(op.summary, key).toBeTruthy();
        expect(op.tags?.length, key).toBeGreaterThan(0);
        if (!key.endsWith("/stream"))
          expect(
            Object.entries(op.responses ?? {}).some(([code, r]) => code.startsWith("2") && r.content),
            key,
          ).toBe(true);
      }
    });

    it("GET /docs is a readable reference page listing every endpoint", async () => {
      const res = await get("/docs");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toMatch(/<h1>[^<]*API reference/);
      expect(res.body).not.toMatch(/<script|https?:\/\/(cdn|unpkg|fonts)/);
      for (const [m, p] of CONTRACT_PATHS) {
        const re = new RegExp(
          `>${m.toUpperCase()}</span> <code class="path">${shape(API + p)
            .replace(/[{}]/g, "\\$&")
            .replace(/\\\{\\\}/g, "\\{[^}]+\\}")}</code>`,
        );
        expect(res.body, `${m} ${p}`).toMatch(re);
      }
    });
  });
});
