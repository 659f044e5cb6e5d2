import { describe, expect, it } from "vitest";
import { reportFieldsSchema } from "./fields";
import { canMoveTo, computeHub, energizedBand, formatShare, makeReference, REFERENCE_PATTERN } from "./model";

const t = (iso: string) => new Date(iso);

describe("the restoration hub's figures", () => {
  // Hand-made: Anda has 4 barangays, Bani 2, Agno 1 with no figures at all.
  const list = [
    { barangayId: 1, name: "Awag", town: "Anda" },
    { barangayId: 2, name: "Cabungan", town: "Anda" },
    { barangayId: 3, name: "Dolaoan", town: "Anda" },
    { barangayId: 4, name: "Imbo", town: "Anda" },
    { barangayId: 5, name: "Ambabaay", town: "Bani" },
    { barangayId: 6, name: "Aporao", town: "Bani" },
    { barangayId: 7, name: "Aloleng", town: "Agno" },
  ];
  const power = [
    // Anda: 1 fully off (300), 2 partly off (100 of 500), 3 restored (400 of 400), 4 no figures.
    { barangayId: 1, consumers: 300, consumersOff: 300, etr: t("2026-11-24T10:00:00Z"), crews: 2, updatedAt: t("2026-11-23T08:00:00Z") },
    { barangayId: 2, consumers: 500, consumersOff: 100, etr: t("2026-11-24T16:00:00Z"), crews: 1, updatedAt: t("2026-11-23T09:30:00Z") },
    { barangayId: 3, consumers: 400, consumersOff: 0, etr: null, crews: 0, updatedAt: t("2026-11-23T07:00:00Z") },
    // Bani: 5 off, more off than counted (count is stale: 250 becomes the count), no ETR.
    { barangayId: 5, consumers: 200, consumersOff: 250, etr: null, crews: 3, updatedAt: t("2026-11-23T06:00:00Z") },
  ];
  const hub = computeHub(list, power, ["Bolinao", "Anda", "Bani", "Agno"]);
  const town = (name: string) => hub.towns.find((x) => x.town === name)!;

  it("counts barangays energized out of all, a barangay without figures as energized", () => {
    expect([town("Anda").barangaysEnergized, town("Anda").barangaysTotal]).toEqual([2, 4]);
    expect([town("Bani").barangaysEnergized, town("Bani").barangaysTotal]).toEqual([1, 2]);
    expect([town("Agno").barangaysEnergized, town("Agno").barangaysTotal]).toEqual([1, 1]);
    expect([town("Bolinao").barangaysEnergized, town("Bolinao").barangaysTotal]).toEqual([0, 0]);
  });

  it("computes the share of consumers restored over the consumers counted", () => {
    // Anda: (0 + 400 + 400) / (300 + 500 + 400) = 800 / 1200
    expect(town("Anda").consumersRestored).toBe(800);
    expect(town("Anda").consumersTotal).toBe(1200);
    expect(town("Anda").restoredShare).toBeCloseTo(2 / 3, 10);
    expect(formatShare(town("Anda").restoredShare)).toBe("66%");
    expect(town("Bani").restoredShare).toBe(0);
    expect(town("Agno").restoredShare).toBeNull();
    expect(formatShare(null)).toBe("—");
    // Everyone: 800 / 1450
    expect(hub.totals.consumersTotal).toBe(1450);
    expect(hub.totals.consumersRestored).toBe(800);
    expect(hub.totals.barangaysEnergized).toBe(4);
    expect(hub.totals.barangaysTotal).toBe(7);
  });

  it("takes the latest ETR of the areas still off, the crews and the newest update", () => {
    expect(town("Anda").etr).toEqual(t("2026-11-24T16:00:00Z"));
    expect(town("Anda").crews).toBe(3);
    expect(town("Anda").updatedAt).toEqual(t("2026-11-23T09:30:00Z"));
    expect(town("Anda").areasOff.map((a) => a.name)).toEqual(["Awag", "Cabungan"]);
    expect(town("Bani").etr).toBeNull();
    expect(hub.totals.crews).toBe(6);
    expect(hub.totals.etr).toEqual(t("2026-11-24T16:00:00Z"));
    expect(hub.totals.updatedAt).toEqual(t("2026-11-23T09:30:00Z"));
  });

  it("never shows 100% while anyone is off", () => {
    expect(formatShare(999 / 1000)).toBe("99%");
    expect(formatShare(1)).toBe("100%");
  });
});

describe("incident states", () => {
  it("moves forward or closes, never back and never out of a closed state", () => {
    expect(canMoveTo("received", "verified")).toBe(true);
    expect(canMoveTo("received", "restored")).toBe(true);
    expect(canMoveTo("crew-on-site", "verified")).toBe(false);
    expect(canMoveTo("verified", "duplicate")).toBe(true);
    expect(canMoveTo("restored", "received")).toBe(false);
    expect(canMoveTo("not-ours", "verified")).toBe(false);
  });
});

describe("report fields", () => {
  it("normalizes the mobile number and checks the account number", () => {
    const ok = reportFieldsSchema.parse({
      kind: "line-down",
      barangayId: "12",
      landmark: "near the chapel",
      mobile: "0917-123-4567",
      accountNumber: "",
    });
    expect(ok.mobile).toBe("639171234567");
    const bad = reportFieldsSchema.safeParse({ kind: "line-down", barangayId: "12", landmark: "x", mobile: "12345", accountNumber: "123" });
    expect(bad.success).toBe(false);
    expect(Object.keys(bad.error!.flatten().fieldErrors).sort()).toEqual(["accountNumber", "landmark", "mobile"]);
  });

  it("makes references that are easy to read aloud", () => {
    const ref = makeReference(new Uint8Array([0, 1, 2, 3, 4, 5, 30]));
    expect(ref).toBe("R-234567Z");
    expect(REFERENCE_PATTERN.test(ref)).toBe(true);
  });
});

describe("the outage map's bands", () => {
  it("colours a town as all energized only when every barangay has power, then by quarters", () => {
    expect(energizedBand(30, 30)).toBe("all");
    expect(energizedBand(29, 30)).toBe("most");
    expect(energizedBand(15, 20)).toBe("most");
    expect(energizedBand(14, 20)).toBe("half");
    expect(energizedBand(10, 20)).toBe("half");
    expect(energizedBand(9, 20)).toBe("some");
    expect(energizedBand(5, 20)).toBe("some");
    expect(energizedBand(4, 20)).toBe("few");
    expect(energizedBand(0, 20)).toBe("few");
    expect(energizedBand(0, 0)).toBe("all");
  });
});
