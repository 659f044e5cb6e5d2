/**
 * Limits that cannot be walked around. After the limit answers 429,
 * every other spelling of the same form post is refused too: React Router's own `.data`
 * address, PUT/PATCH/DELETE, `/./` and `/x/../`; and the forms that had no limit have one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/protection";
import { createTestApp, type TestApp } from "../support/app";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
let n = 0;
const freshIp = () => `10.77.${Math.floor(++n / 250)}.${n % 250}`;

describe("limits that cannot be walked around", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
  });
  afterAll(async () => t?.close());

  const spellings = (path: string) =>
    [
      { method: "POST", url: `${path}.data` },
      { method: "PUT", url: path },
      { method: "PATCH", url: path },
      { method: "DELETE", url: path },
      { method: "POST", url: `/.${path}` },
      { method: "POST", url: `/x/..${path}` },
      { method: "POST", url: path.toUpperCase() },
      { method: "POST", url: `${path}/` },
    ] as const;

  for (const [path, bucket] of [
    ["/agam-registration", "page-registration"],
    ["/customer-satisfaction-survey", "page-survey"],
    ["/css", "page-survey"],
    ["/service/bill-inquiry", "page-lookup"],
    ["/service/new-service-connection", "page-connection"],
  ] as const) {
    it(`refuses every other spelling of POST ${path} once its limit answered 429`, async () => {
      const remoteAddress = freshIp();
      const max = RATE_LIMITS[bucket].max;
      for (let i = 0; i < max; i++) {
        const res = await t.app.inject({ method: "POST", url: path, headers: FORM, payload: "a=b", remoteAddress });
        expect(res.statusCode, `post ${i + 1}`).not.toBe(429);
      }
      expect((await t.app.inject({ method: "POST", url: path, headers: FORM, payload: "a=b", remoteAddress })).statusCode).toBe(429);
      for (const s of spellings(path)) {
        const res = await t.app.inject({ ...s, headers: FORM, payload: "a=b", remoteAddress });
        expect(res.statusCode, `${s.method} ${s.url}`).toBe(429);
      }
    });
  }

  it("counts the other methods and spellings from the first request, not only after POST", async () => {
    const remoteAddress = freshIp();
    const max = RATE_LIMITS["page-survey"].max;
    const codes: number[] = [];
    for (let i = 0; i <= max; i++) {
      const s = spellings("/customer-satisfaction-survey")[i % 8]!;
      codes.push((await t.app.inject({ ...s, headers: FORM, payload: "a=b", remoteAddress })).statusCode);
    }
    expect(codes.slice(0, max)).not.toContain(429);
    expect(codes[max]).toBe(429);
  });

  it("limits the captcha challenge, the private links and the second-factor endpoints", async () => {
    for (const [url, bucket, method, payload] of [
      ["/service/bill-inquiry/challenge", "challenge", "GET", undefined],
      ["/service/new-service-connection/AAAAAAAAAAAAAAAAAAAAAAAAAAA", "private-link", "GET", undefined],
      ["/agam-registration/confirmation/AAAAAAAAAAAAAAAAAAAAAAAAAAA", "private-link", "GET", undefined],
      ["/api/v1/agam/pool/verification", "verification", "POST", { account: "09-9999-9999", pin: "000000" }],
    ] as const) {
      const remoteAddress = freshIp();
      const max = RATE_LIMITS[bucket].max;
      const codes: number[] = [];
      for (let i = 0; i <= max; i++)
        codes.push((await t.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}) })).statusCode);
      expect(codes.slice(0, max), url).not.toContain(429);
      expect(codes[max], url).toBe(429);
    }
  });
});
