import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation, readPgError } from "./pg-error";

describe("readPgError", () => {
  it("finds the SQLSTATE and constraint however deep drizzle wrapped it", () => {
    const driver = Object.assign(new Error("duplicate key"), { code: "23505", constraint: "agam_registrations_reference_unique" });
    const wrapped = new Error("Failed query", { cause: new Error("again", { cause: driver }) });
    expect(readPgError(wrapped)).toEqual({ code: "23505", constraint: "agam_registrations_reference_unique" });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, "reference")).toBe(true);
    expect(isUniqueViolation(wrapped, "account")).toBe(false);
    expect(isForeignKeyViolation(wrapped)).toBe(false);
  });

  it("reads PGlite's constraint_name and ignores codes that are not SQLSTATEs", () => {
    expect(readPgError({ code: "23503", constraint_name: "fk" })).toEqual({ code: "23503", constraint: "fk" });
    expect(readPgError(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(readPgError("text")).toBeUndefined();
  });

  it("tells an outage from a refused row", () => {
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable({ code: "57P01" })).toBe(true);
    expect(isDatabaseUnavailable(new Error("PGlite is closed"))).toBe(true);
    expect(isDatabaseUnavailable({ code: "23505" })).toBe(false);
  });
});
