import { describe, expect, it } from "vitest";
import { manilaDateTime, manilaFormParts } from "../shared/dates";
import { matchBarangayNames } from "./barangay-match";

const all = [
  { id: 1, name: "Poblacion", town: "Bani" as const },
  { id: 2, name: "Poblacion", town: "Agno" as const },
  { id: 3, name: "Luciente I", town: "Bolinao" as const },
  { id: 4, name: "Sapa Grande", town: "Burgos" as const },
];

describe("matchBarangayNames", () => {
  it("matches names however they are written and reports the unknown ones", () => {
    const r = matchBarangayNames(all, "brgy. luciente i\nSAPA GRANDE; Nowhere, Sapa Grande");
    expect(r.matched.map((b) => b.id)).toEqual([3, 4]);
    expect(r.unknown).toEqual(["Nowhere"]);
  });

  it("asks for the town when a name is in several, and takes 'Town: name'", () => {
    expect(matchBarangayNames(all, "Poblacion").ambiguous).toEqual(["Poblacion"]);
    expect(matchBarangayNames(all, "Agno: Poblacion").matched.map((b) => b.id)).toEqual([2]);
    expect(matchBarangayNames(all, "Poblacion", "Bani").matched.map((b) => b.id)).toEqual([1]);
  });
});

describe("manilaDateTime", () => {
  it("reads a Manila wall-clock time and refuses impossible dates", () => {
    expect(manilaDateTime("2026-03-05", "08:00")?.toISOString()).toBe("2026-03-05T00:00:00.000Z");
    expect(manilaDateTime("2026-02-31", "08:00")).toBeNull();
    expect(manilaDateTime("2026-03-05", "25:00")).toBeNull();
    expect(manilaFormParts(new Date("2026-03-04T16:30:00Z"))).toEqual({ date: "2026-03-05", time: "00:30" });
  });
});
