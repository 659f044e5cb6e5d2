import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorSchema, failureInit, HttpError, toErrorAnswer } from "./errors";

describe("toErrorAnswer", () => {
  it("answers every kind of error in the one shape, never a 5xx but 503", () => {
    const cases: [unknown, number, string][] = [
      [new HttpError(404, "not_found", "No such item."), 404, "not_found"],
      [
        Object.assign(new Error("body"), {
          validation: [{ instancePath: "/email", message: "Enter an e-mail" }],
          validationContext: "body",
        }),
        422,
        "invalid_body",
      ],
      [
        Object.assign(new Error("params"), {
          validation: [{ instancePath: "/m", message: "must be 1 to 12" }],
          validationContext: "params",
        }),
        400,
        "bad_request",
      ],
      [Object.assign(new Error("big"), { statusCode: 413, code: "FST_ERR_CTP_BODY_TOO_LARGE" }), 413, "payload_too_large"],
      [Object.assign(new Error("type"), { statusCode: 415, code: "FST_ERR_CTP_INVALID_MEDIA_TYPE" }), 415, "unsupported_media_type"],
      [Object.assign(new Error("Too many"), { statusCode: 429 }), 429, "rate_limited"],
      [Object.assign(new Error("json"), { statusCode: 400, code: "FST_ERR_CTP_INVALID_JSON_BODY" }), 400, "bad_request"],
      [new Error("Failed query", { cause: { code: "23505" } }), 409, "conflict"],
      [new Error("Failed query", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) }), 503, "unavailable"],
      [new TypeError("x is undefined"), 503, "unavailable"],
      [z.object({ a: z.string() }).safeParse({}).error, 422, "invalid_body"],
    ];
    for (const [error, status, code] of cases) {
      const answer = toErrorAnswer(error);
      expect([answer.status, answer.body.error.code]).toEqual([status, code]);
      expect(errorSchema.safeParse(answer.body).success).toBe(true);
    }
  });

  it("gives field messages for bodies and hides the text of unknown errors", () => {
    const invalid = toErrorAnswer(
      Object.assign(new Error("body"), {
        validation: [{ instancePath: "/decisions/0/answer_value", message: "must be 1 or 0" }],
        validationContext: "body",
      }),
    );
    expect(invalid.body.error.fields).toEqual({ "decisions.0.answer_value": "must be 1 or 0" });
    const fault = toErrorAnswer(new Error("password authentication failed for user postgres"));
    expect(fault.body.error.message).not.toContain("password");
    expect(fault.fault).toBe(true);
    expect(failureInit(new Error("boom"))).toEqual({ status: 503, headers: { "Retry-After": "10" } });
  });
});
