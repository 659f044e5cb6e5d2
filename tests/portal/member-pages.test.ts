/**
 * The overview and a bill page as member-pages.server.ts answers them: the member's part in the
 * route's frame, kept per language (here with the production default REFERENCE_TTL_MS, so the
 * kept frame is what is served), gzipped from its pieces or not, and dropped on a content change.
 */
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bills, newsCategories } from "../../db/schema";
import { demoAccountNumber } from "../../seed/accounts";
import { CONTENT_CHANGED_CHANNEL } from "../../server/bus";
import { createTestApp, type TestApp } from "../support/app";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";
import { register, Visitor } from "./helpers";

describe("member pages from a kept frame", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  const A = demoAccountNumber(5, 1);
  const B = demoAccountNumber(5, 2);
  const a = () => new Visitor(t);
  let va: Visitor;
  let vb: Visitor;
  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await createTestApp({
      withPages: true,
      env: { RATE_LIMIT: "off", TRUST_PROXY: "127.0.0.1", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey, REFERENCE_TTL_MS: "60000" },
    });
    va = a();
    vb = a();
    await register(va, sms, A);
    await register(vb, sms, B);
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });
  const billOf = async (account: string) =>
    (await t.db.handle.db.select().from(bills).where(eq(bills.accountNumber, account)).limit(1))[0]!.billNumber;
  const get = (v: Visitor, url: string, encoding?: string) =>
    t.app.inject({ url, headers: { cookie: v.jar.header, "x-forwarded-for": v.ip, ...(encoding ? { "accept-encoding": encoding } : {}) } });

  it("each member's own bill in the title, the alternates and the language switch; nothing of another", async () => {
    for (const [v, account, other] of [
      [va, A, B],
      [vb, B, A],
    ] as const) {
      const bill = await billOf(account);
      const url = `/mco/accounts/${account}/bills/${encodeURIComponent(bill)}`;
      const page = await get(v, url);
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(page.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
      expect(page.body).toContain(`<title>Bill ${bill} | Member portal`);
      expect(page.body).toContain(`hrefLang="fil" href="${t.config.publicUrl}/fil${url}"`);
      expect(page.body).toContain(`/language/fil?to=${encodeURIComponent(url)}"`);
      expect(page.body).toContain(`<dd>${bill}</dd>`);
      expect(page.body).not.toContain(other);
      expect(page.body).not.toMatch(/mco\w*Slot/);
      // Another member's bill: the route's 404, as before.
      expect((await get(v, `/mco/accounts/${other}/bills/${encodeURIComponent(await billOf(other))}`)).statusCode).toBe(404);
    }
  });

  it("gzip joined from the frame's pieces reads back to the same page; HEAD has the headers and no body", async () => {
    for (const url of ["/mco", "/fil/mco", `/mco/accounts/${A}/bills/${encodeURIComponent(await billOf(A))}`]) {
      const plain = await get(va, url);
      const gzipped = await get(va, url, "br, gzip");
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
      const head = await t.app.inject({ method: "HEAD", url, headers: { cookie: va.jar.header } });
      expect(head.statusCode).toBe(200);
      expect(head.headers["cache-control"]).toBe("private, no-store");
      expect(head.body).toBe("");
    }
  });

  it("in Filipino under /fil/, and a visitor without a session is sent to sign in", async () => {
    const fil = await get(va, "/fil/mco");
    expect(fil.body).toContain('<html lang="fil"');
    expect(fil.body).toContain("<h1>Aking mga account</h1>");
    expect(fil.body).toContain(`href="/fil/mco/accounts/${A}"`);
    expect(fil.body).toContain("/language/en?to=%2Fmco");
    const anonymous = await get(a(), "/fil/mco");
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe("/fil/mco/login");
  });

  it("the frame is kept, and made again after a content change", async () => {
    await get(va, "/mco");
    await t.db.handle.db.insert(newsCategories).values({ tag: "frame-test", title: "Frame Test News" });
    expect((await get(va, "/mco")).body).not.toContain("Frame Test News");
    await t.bus.publish(CONTENT_CHANGED_CHANNEL, "news");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get(va, "/mco")).body).toContain("Frame Test News");
  });

  it("a frame that cannot be used (the slot's letters in the site's own content): the route renders the whole page", async () => {
    await t.db.handle.db.insert(newsCategories).values({ tag: "slot-letters", title: "mcoMemberSlot" });
    await t.bus.publish(CONTENT_CHANGED_CHANNEL, "news");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const page = await get(va, "/mco");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    // The route's loader: the same template, inside one more <div>.
    expect(page.body).toContain(`<div><h1>My accounts</h1>`);
    expect(page.body).toContain(`href="/mco/accounts/${A}"`);
  });
});
