import { describe, expect, it } from "vitest";
import { TOWNS } from "../shared/constants";
import { townNamed } from "./towns";

describe("townNamed", () => {
  it("finds each town whatever the letter case", () => {
    for (const town of TOWNS) {
      expect(townNamed(town)).toBe(town);
      expect(townNamed(town.toUpperCase())).toBe(town);
      expect(townNamed(town.toLowerCase())).toBe(town);
    }
  });

  it("names no town for other text (no trimming, no partial match)", () => {
    for (const text of ["", "Ban", "Bani ", "Bani City", "Lingayen", "Alaminos, Pangasinan"]) expect(townNamed(text)).toBeUndefined();
  });
});
