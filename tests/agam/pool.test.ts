import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counts } from "../../modules/agam/pool.server";
import { demoAccountNumber, registeredDemoAccount, UNKNOWN_ACCOUNT } from "../../seed/accounts";
import { DEMO_PIN } from "../../seed/index";
import { createTestApp, type TestApp } from "../support/app";

/** Seed: 24 accounts per district; index 1 of each district is registered. */
const account = demoAccountNumber;
const REGISTERED = registeredDemoAccount(1);
const UNKNOWN = UNKNOWN_ACCOUNT;

interface Topic {
  AT_ID: number;
  AT_SEQUENCE_NUMBER: number;
  AT_TOPIC: string;
  AT_TOPIC_DESC: string;
}

describe("AGAM API", () => {
  let t: TestApp;
  let topics: Topic[];
  const decisions = (disapprove: number[] = [], reason = "Needs more study") =>
    topics.map((x) => ({
      topic_sequence_id: x.AT_SEQUENCE_NUMBER,
      answer_topic_id: x.AT_ID,
      answer_value: disapprove.includes(x.AT_SEQUENCE_NUMBER) ? 0 : 1,
      answer_topic_reason: disapprove.includes(x.AT_SEQUENCE_NUMBER) ? reason : "",
    }));
  /** The second factor by the demo PIN (even-numbered seed accounts have one), then the payload with its proof. */
  const proofOf = async (acct: string) =>
    (await t.app.inject({ method: "POST", url: "/api/v1/agam/pool/verification", payload: { account: acct, pin: DEMO_PIN } })).json().data
      .proof as string;
  // One proof per account, shared by simultaneous posts (50 PIN checks at once would be throttled).
  const proofs = new Map<string, Promise<string>>();
  const post = async (payload: unknown) => {
    const p = payload as { account?: unknown; proof?: string };
    if (typeof p.account === "string" && /^\d{2}-\d{4}-\d{4}$/.test(p.account) && p.account !== UNKNOWN && !("proof" in p)) {
      if (!proofs.has(p.account)) proofs.set(p.account, proofOf(p.account));
      payload = { ...p, proof: await proofs.get(p.account) };
    }
    return t.app.inject({ method: "POST", url: "/api/v1/agam/pool/register", payload: payload as object });
  };
  const all = async () =>
    (await t.app.inject("/api/v1/agam/pool/all")).json() as { qmember: number; qmember_north: number; qmember_south: number };

  beforeAll(async () => {
    // The per-IP limits have their own tests (protection); here one address registers many accounts.
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
    topics = (await t.app.inject("/api/v1/agam/pool/get-all-topics")).json();
  });
  afterAll(async () => t?.close());

  it("lists the topics in sequence order", async () => {
    const res = await t.app.inject("/api/v1/agam/pool/get-all-topics");
    expect(res.statusCode).toBe(200);
    const body = res.json() as Topic[];
    expect(body.length).toBe(5);
    expect(body[0]).toEqual({
      AT_ID: expect.any(Number),
      AT_SEQUENCE_NUMBER: 1,
      AT_TOPIC: expect.any(String),
      AT_TOPIC_DESC: expect.any(String),
    });
    expect(body.map((x) => x.AT_SEQUENCE_NUMBER)).toEqual([1, 2, 3, 4, 5]);
  });

  it("looks up an account: member data, registered 0 or 1, empty for unknown, 400 when malformed", async () => {
    const free = await t.app.inject(`/api/v1/agam/pool/check-account-number/${account(3, 5)}`);
    expect(free.statusCode).toBe(200);
    expect(free.headers["cache-control"]).toBe("no-store");
    // Strangers see the name masked, no membership number, no address (an account number proves nothing).
    expect(free.json()).toEqual({
      result: [{ CNAME: expect.stringMatching(/^[A-Z]\*\*\*[A-Z]?( [A-Z]\*\*\*[A-Z]?)*, [A-Z]\*\*\*/), MEMNO: "", CADDRESS: "" }],
      registered: 0,
    });

    const taken = (await t.app.inject(`/api/v1/agam/pool/check-account-number/${REGISTERED}`)).json();
    expect(taken.result).toHaveLength(1);
    expect(taken.registered).toBe(1);

    expect((await t.app.inject(`/api/v1/agam/pool/check-account-number/${UNKNOWN}`)).json()).toEqual({ result: [], registered: 0 });

    for (const bad of ["1234", "01-1000-456", "ab-cdef-ghij"]) {
      const res = await t.app.inject(`/api/v1/agam/pool/check-account-number/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe("bad_request");
    }
  });

  it("registers once (201 with a reference), then answers 409; confirmation and counts follow", async () => {
    const acct = account(2, 4);
    const before = await all();
    const first = await post({ account: acct, origin: "web", phone: "09171234567", email: "m@example.ph", decisions: decisions([2]) });
    expect(first.statusCode).toBe(201);
    expect(first.headers["cache-control"]).toBe("no-store");
    const reference = first.json().data.reference as string;
    expect(reference).toMatch(/^AGAM-\d{4}-[0-9A-Z]{6}$/);

    const again = await post({ account: acct, origin: "web", phone: "", email: "", decisions: decisions() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("conflict");

    const conf = await t.app.inject(`/api/v1/agam/pool/get-registration-confirmation/web/${acct}?proof=${await proofs.get(acct)}`);
    expect(conf.statusCode).toBe(200);
    expect(conf.headers["cache-control"]).toBe("no-store");
    expect(conf.json()).toEqual([
      { reference, account: acct, membership: expect.stringMatching(/^M-2/), registered_at: expect.any(String) },
    ]);
    expect(Number.isNaN(Date.parse(conf.json()[0].registered_at))).toBe(false);

    // District 2 is north: the count reaches the API within the live module's minimum gap.
    await expect
      .poll(all, { timeout: 3000, interval: 200 })
      .toEqual({ qmember: before.qmember + 1, qmember_north: before.qmember_north + 1, qmember_south: before.qmember_south });

    const decided = await t.db.handle.db.execute(
      sql`select d.answer_value, d.reason from agam_decisions d join agam_registrations r on r.id = d.registration_id where r.account_number = ${acct} order by d.topic_sequence_number`,
    );
    const rows = (decided as unknown as { rows: { answer_value: number; reason: string }[] }).rows;
    expect(rows.map((r) => Number(r.answer_value))).toEqual([1, 0, 1, 1, 1]);
    expect(rows[1]!.reason).toBe("Needs more study");
  });

  it("answers an empty confirmation list for an account without a registration, 400 for a bad origin", async () => {
    expect((await t.app.inject(`/api/v1/agam/pool/get-registration-confirmation/web/${account(4, 9)}`)).json()).toEqual([]);
    expect((await t.app.inject(`/api/v1/agam/pool/get-registration-confirmation/web/${UNKNOWN}`)).json()).toEqual([]);
    expect((await t.app.inject(`/api/v1/agam/pool/get-registration-confirmation/${"x".repeat(40)}/${UNKNOWN}`)).statusCode).toBe(400);
  });

  it("rejects invalid registrations with 422 and stores nothing", async () => {
    const acct = account(5, 6);
    const cases: unknown[] = [
      { account: acct, origin: "web", phone: "", email: "", decisions: decisions([1], "") },
      { account: acct, origin: "web", phone: "", email: "", decisions: decisions([1], "   ") },
      { account: acct, origin: "web", phone: "", email: "", decisions: decisions().slice(0, 4) },
      { account: acct, origin: "web", phone: "", email: "", decisions: [...decisions(), decisions()[0]] },
      { account: acct, origin: "web", phone: "", email: "", decisions: decisions().map((d) => ({ ...d, answer_value: 2 })) },
      {
        account: acct,
        origin: "web",
        phone: "",
        email: "",
        decisions: decisions().map((d) => ({ ...d, answer_topic_id: d.answer_topic_id + 100 })),
      },
      { account: acct, origin: "web", phone: "", email: "not-an-email", decisions: decisions() },
      { account: "0512345", origin: "web", phone: "", email: "", decisions: decisions() },
      { account: acct, origin: "web", phone: "", email: "" },
    ];
    for (const payload of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error.code).toBe("invalid_body");
    }
    const reasonMissing = await post(cases[0]);
    expect(reasonMissing.json().error.fields).toHaveProperty("decisions.0.answer_topic_reason");
    // An account no one can prove (it is not in the roll) gets no further than the second factor.
    const unknown = await post({ account: UNKNOWN, origin: "web", phone: "", email: "", decisions: decisions() });
    expect(unknown.statusCode).toBe(403);
    expect((await t.app.inject(`/api/v1/agam/pool/check-account-number/${acct}`)).json().registered).toBe(0);
  });

  it("keeps ONE registration when 50 identical registrations arrive at once", async () => {
    const acct = account(7, 10);
    const payload = { account: acct, origin: "web", phone: "", email: "", decisions: decisions() };
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(payload)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const n = await t.db.handle.db.execute(sql`select count(*)::int as n from agam_registrations where account_number = ${acct}`);
    expect(Number((n as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
    const d = await t.db.handle.db.execute(
      sql`select count(*)::int as n from agam_decisions d join agam_registrations r on r.id = d.registration_id where r.account_number = ${acct}`,
    );
    expect(Number((d as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(topics.length);
  });

  it("streams the counts as server-sent events: the current value on connect, a new one after a registration", async () => {
    const base = await t.listen();
    const events: { qmember: number }[] = [];
    let headers: http.IncomingHttpHeaders = {};
    const req = http.get(`${base}/api/v1/agam/pool/stream`, (res) => {
      headers = res.headers;
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let i: number;
        while ((i = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const data = frame.split("\n").find((l) => l.startsWith("data: "));
          if (data) events.push(JSON.parse(data.slice(6)));
        }
      });
    });
    req.on("error", () => {});
    await expect.poll(() => events.length, { timeout: 3000 }).toBeGreaterThan(0);
    expect(headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(headers["cache-control"]).toBe("no-store");
    // The first value may be up to a second old (the live module's minimum gap): compare with the database.
    const start = (await counts(t.db.handle.db)).total;
    const res = await post({ account: account(9, 20), origin: "kiosk", phone: "", email: "", decisions: decisions() });
    expect(res.statusCode).toBe(201);
    await expect.poll(() => events.at(-1)?.qmember, { timeout: 4000, interval: 100 }).toBe(start + 1);
    req.destroy();
  });
});

describe("AGAM stream and shutdown", () => {
  it("ends open event streams when the server closes, so shutdown is not held up", async () => {
    const t = await createTestApp();
    const base = await t.listen();
    let ended = false;
    let received = "";
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${base}/api/v1/agam/pool/stream`, (res) => {
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          received += chunk;
          resolve();
        });
        res.on("end", () => (ended = true));
      });
      req.on("error", reject);
    });
    expect(received).toMatch(/^retry: 2000\nevent: counts\ndata: \{"qmember":\d+,"qmember_north":\d+,"qmember_south":\d+\}\n\n/);
    await t.close();
    await expect.poll(() => ended, { timeout: 2000 }).toBe(true);
  });
});
