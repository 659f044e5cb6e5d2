/**
 * Text with U+0000 (which PostgreSQL cannot store) is a client's mistake, answered 4xx with
 * a message naming the field, never a database error: the JSON API, Open311's form body, a
 * query value, a public page form and a console form.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueOpen311Key } from "../../modules/interruptions/restoration-hub.server";
import { MESSAGES } from "../../modules/shared/errors";
import { createTestApp, type TestApp } from "../support/app";
import { addToRoll } from "../support/roll";
import { sampleSurvey } from "../support/samples";
import { signInAs } from "../support/staff";

const NUL = "\u0000";
const survey = sampleSurvey;

describe("U+0000 in stored text", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
    await addToRoll(t.db.handle.db, ["01-0000-0101", "01-0000-0102", "01-0000-0103"]);
  });
  afterAll(async () => t?.close());

  it("the JSON API answers 422 naming the field (was a 500 from the database)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/customer-satisfaction-survey",
      payload: survey("01-0000-0101", { suggestions: `more${NUL}advisories` }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: { code: "invalid_body", message: MESSAGES.nulCharacter, fields: { suggestions: MESSAGES.nulCharacter } },
    });
    // A key with it too.
    const key = await t.app.inject({
      method: "POST",
      url: "/api/v1/customer-satisfaction-survey",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(survey("01-0000-0101")).replace('"suggestions"', '"sugg\\u0000estions"'),
    });
    expect(key.statusCode).toBe(422);
    // Still answered once fixed.
    const fixed = await t.app.inject({ method: "POST", url: "/api/v1/customer-satisfaction-survey", payload: survey("01-0000-0101") });
    expect(fixed.statusCode).toBe(201);
  });

  it("Open311's form body and a query value answer 4xx", async () => {
    const { key } = await issueOpen311Key(t.db.handle.db, { name: "Town DRRMO", actorId: "u1" });
    const res = await t.app.inject({
      method: "POST",
      url: "/open311/v2/requests.json",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ api_key: key, service_code: "no-power", address_string: `Near${NUL} the plaza` }).toString(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).toContain("NUL");
    const lookup = await t.app.inject({ url: "/open311/v2/requests.json?service_request_id=R-%00ABC" });
    expect(lookup.statusCode, lookup.body).toBeGreaterThanOrEqual(400);
    expect(lookup.statusCode, lookup.body).toBeLessThan(500);
    const status = await t.app.inject({ url: "/report/status/abc%00def" });
    expect(status.statusCode).toBeLessThan(500);
  });

  it("a public page form says it beside the field and keeps what was typed", async () => {
    const form = { ...survey("01-0000-0102", { suggestions: `More${NUL} advisories` }), acceptPrivacyNotice: "on" } as Record<
      string,
      unknown
    >;
    const res = await t.app.inject({
      method: "POST",
      url: "/customer-satisfaction-survey",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
      payload: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).toContain('id="suggestions-error"');
    expect(res.body).toContain("Remove the invisible NUL character");
    expect(res.body).toContain("Maria Dela Cruz"); // kept
  });

  it("a console form says it beside the field", async () => {
    const admin = await signInAs(t, "communications");
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/announcements/advisory/new",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80", cookie: admin.cookie },
      payload: new URLSearchParams({ intent: "draft", title: `Advisory${NUL}`, body: "<p>Text</p>" }).toString(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).toContain("Remove the invisible NUL character");
  });
});
