import { describe, expect, it } from "vitest";
import { maskMemberInitials, maskMemberName } from "./mask";

describe("maskMemberName", () => {
  it("keeps first and last letters of the surname, first letters of given names, and initials", () => {
    expect(maskMemberName("RABAGO, JOSE B.")).toBe("R***O, J*** B.");
    expect(maskMemberName("DELA CRUZ, EDUARDO O.")).toBe("D***A C***Z, E*** O.");
    expect(maskMemberName("DE GUZMAN, MARIA CLARA")).toBe("D*** G***N, M*** C***");
  });
  it("never returns the name itself", () => {
    for (const n of ["REYES, LETICIA F.", "LI, AN", "O, X"]) expect(maskMemberName(n)).not.toBe(n);
  });
});

describe("maskMemberInitials", () => {
  it("gives initials only, given names first", () => {
    expect(maskMemberInitials("RABAGO, JOSE B.")).toBe("J. B. R.");
    expect(maskMemberInitials("DELA CRUZ, EDUARDO O.")).toBe("E. O. D. C.");
    expect(maskMemberInitials("PEÑA, ÑINO")).toBe("Ñ. P.");
  });
});
