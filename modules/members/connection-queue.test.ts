import { describe, expect, test } from "vitest";
import { ageBounds, applicantStep, checkStatusChange, daysWaiting, RECEIVED, readDocuments, townOfAddress } from "./connection-queue";

describe("connection queue rules", () => {
  test("a seminar needs its date, an inspection its date, a decline its reason", () => {
    const base = { seminarDate: "", inspectionDate: "", declineReason: "" };
    expect(checkStatusChange({ ...base, status: "seminar-scheduled" }).errors.seminarDate).toMatch(/seminar date/);
    expect(checkStatusChange({ ...base, status: "inspection", inspectionDate: "2026-02-30" }).errors.inspectionDate).toMatch(
      /inspection date/,
    );
    expect(checkStatusChange({ ...base, status: "declined", declineReason: "  " }).errors.declineReason).toBeDefined();
    expect(checkStatusChange({ ...base, status: "nonsense" }).errors.status).toBeDefined();
    expect(checkStatusChange({ ...base, status: "approved", declineReason: "left over" }).change).toEqual({
      status: "approved",
      seminarDate: "",
      inspectionDate: "",
      declineReason: "",
    });
  });

  test("the applicant reads the step and the next one in plain words", () => {
    expect(applicantStep(RECEIVED).next).toContain("Bring the documents");
    expect(applicantStep({ ...RECEIVED, status: "inspection", inspectionDate: "2026-12-12" }).status).toBe(
      "Our inspector will visit your house on December 12, 2026.",
    );
    expect(applicantStep({ ...RECEIVED, status: "declined", declineReason: "No lot papers." }).status).toBe(
      "Your application was declined: No lot papers.",
    );
  });

  test("the town comes from the address; documents are read from the ticks", () => {
    expect(townOfAddress("Purok 2, Poblacion, Alaminos City, Pangasinan")).toBe("Alaminos");
    expect(townOfAddress("Brgy. Tiep, ANDA")).toBe("Anda");
    expect(townOfAddress("Quezon City")).toBeNull();
    // "Banican" is not Bani.
    expect(townOfAddress("Sitio Banican")).toBeNull();
    expect(readDocuments(["8", "0", "0", "9", "x", "-1", "3"])).toEqual([0, 3, 8]);
  });

  test("age filter bounds and days waiting", () => {
    expect(ageBounds("week")).toEqual({ maxDays: 8 });
    expect(ageBounds("older")).toEqual({ minDays: 31 });
    const now = new Date("2026-11-23T12:00:00Z");
    expect(daysWaiting(new Date("2026-11-16T12:00:01Z"), now)).toBe(6);
    expect(daysWaiting(new Date("2026-11-24T00:00:00Z"), now)).toBe(0);
  });
});
