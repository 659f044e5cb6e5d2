import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { surveyResponses } from "../../db/schema";
import { PRIVACY_NOTICE_VERSION } from "../../modules/shared/constants";
import { createTestApp, type TestApp } from "../support/app";
import { addToRoll } from "../support/roll";
import { sampleSurvey } from "../support/samples";

const answer = sampleSurvey;

const post = (t: TestApp, payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/v1/customer-satisfaction-survey", payload: payload as object });

describe("POST /api/v1/customer-satisfaction-survey", () => {
  let t: TestApp;
  beforeAll(async () => {
    // These tests send many answers from one address: the per-IP rate limit (tested elsewhere) is off here.
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
    await addToRoll(t.db.handle.db, ["01-0000-0001", "01-0000-0002", "01-0000-0003", "01-0000-0004", "02-5050-5050"]);
  });
  afterAll(async () => t?.close());

  it("stores an answer: 201 {data: {id}}, with the consent time and the privacy notice version", async () => {
    const before = Date.now();
    const res = await post(t, answer("01-0000-0001"));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ data: { id: expect.any(Number) } });
    const [row] = await t.db.handle.db.select().from(surveyResponses).where(eq(surveyResponses.id, body.data.id));
    expect(row).toMatchObject({
      accountNumber: "01-0000-0001",
      city: "BANI",
      reconnectionTime: 4,
      reconnectionAfterPayment: 1,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    });
    expect(row!.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.consentedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("answers 400 with the error shape when the same account answers again", async () => {
    expect((await post(t, answer("01-0000-0002"))).statusCode).toBe(201);
    const again = await post(t, answer("01-0000-0002", { respondentName: "Someone Else" }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: { code: "bad_request", message: expect.any(String) } });
  });

  it("answers 422 with a message per invalid or missing field", async () => {
    const res = await post(t, { ...answer("1-23"), email: "not-an-email", city: "MANILA", reconnectionTime: 5, name: "" });
    expect(res.statusCode).toBe(422);
    const { error } = res.json();
    expect(error.code).toBe("invalid_body");
    expect(Object.keys(error.fields).sort()).toEqual(["accountNumber", "city", "email", "name", "reconnectionTime"]);
    for (const message of Object.values(error.fields)) expect(message).toEqual(expect.any(String));

    const missing = await post(t, {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().error.fields).sort()).toEqual([
      "acceptPrivacyNotice",
      "accountNumber",
      "city",
      "contactNumber",
      "email",
      "name",
      "respondentName",
    ]);
  });

  it("answers 422, not 400, when the privacy notice is not accepted, and stores nothing", async () => {
    for (const consent of [false, undefined, "true"]) {
      const res = await post(t, answer("01-0000-0003", { acceptPrivacyNotice: consent }));
      expect(res.statusCode, String(consent)).toBe(422);
      expect(res.json().error.fields).toHaveProperty("acceptPrivacyNotice");
    }
    const rows = await t.db.handle.db.select().from(surveyResponses).where(eq(surveyResponses.accountNumber, "01-0000-0003"));
    expect(rows).toHaveLength(0);
  });

  it("accepts an answer without ratings or suggestions (the spec checks only the required fields)", async () => {
    const { reconnectionTime, serviceReturnSpeed, voltageIssues, reconnectionAfterPayment, serviceCourtesy, suggestions, ...required } =
      answer("01-0000-0004");
    void [reconnectionTime, serviceReturnSpeed, voltageIssues, reconnectionAfterPayment, serviceCourtesy, suggestions];
    const res = await post(t, required);
    expect(res.statusCode).toBe(201);
  });

  it("stores exactly one answer when 50 identical answers arrive at once", async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(t, answer("02-5050-5050"))));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(49);
    const [{ count }] = (await t.db.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(surveyResponses)
      .where(eq(surveyResponses.accountNumber, "02-5050-5050"))) as [{ count: number }];
    expect(count).toBe(1);
  });
});

describe("the survey and the member roll", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
    await addToRoll(t.db.handle.db, ["07-7000-0001"]);
  });
  afterAll(async () => t?.close());

  it("takes only accounts of the roll, and says the same for an unknown account and a wrong name", async () => {
    const unknown = await post(t, answer("09-9999-9990"));
    const wrongName = await post(t, answer("07-7000-0001", { name: "Pedro Santos" }));
    expect(unknown.statusCode).toBe(422);
    expect(wrongName.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrongName.json());
    expect(unknown.json().error.fields.accountNumber).toMatch(/could not match this account number and account name/);
  });

  it("tells whether an account answered only to whoever gives its name", async () => {
    expect((await post(t, answer("07-7000-0001"))).statusCode).toBe(201);
    // A stranger guessing names learns nothing: the answer is the mismatch, not "already answered".
    const stranger = await post(t, answer("07-7000-0001", { name: "Someone Else" }));
    expect(stranger.statusCode).toBe(422);
    expect(JSON.stringify(stranger.json())).not.toMatch(/already/i);
    expect((await post(t, answer("07-7000-0001", { name: "JUAN DELA CRUZ" }))).statusCode).toBe(400);
  });
});
