import { describe, expect, it } from "vitest";
import { describeValue, diffSnapshots } from "./revision-diff";

describe("diffSnapshots", () => {
  it("names each changed field with the words added and removed", () => {
    const changes = diffSnapshots(
      { title: "Line work in Bani", status: "scheduled", same: 1 },
      { title: "Line work in Bani and Agno", status: "ongoing", same: 1 },
    );
    expect(changes.map((c) => c.field)).toEqual(["title", "status"]);
    expect(changes[0]!.parts.filter((p) => p.added).map((p) => p.value.trim())).toEqual(["and Agno"]);
    expect(changes[1]).toMatchObject({ before: "scheduled", after: "ongoing" });
  });

  it("treats a first revision as everything added", () => {
    expect(diffSnapshots(null, { title: "New" })).toMatchObject([{ field: "title", before: "", after: "New" }]);
  });

  it("says each change in words: text of stored HTML, dates, rows of rates, the field's name", () => {
    const changes = diffSnapshots(
      {
        activities: "<p>Line work</p>",
        affectedAreas: "<p>Part of Anda</p>",
        publishAt: "2026-03-05T08:00",
        date: "2026-03-05",
        start: "08:00",
        rates: [{ type: "R", amount: 10.5 }],
        charges: [{ source: { name: "Masinloc", queue: 1 }, generationRate: 5.1 }],
      },
      {
        activities: "<p>Line work</p><p>Tree trimming &amp; clearing</p>",
        affectedAreas: "<p>All of Anda</p>",
        publishAt: "2026-03-06T13:30",
        date: "2026-03-06",
        start: "13:30",
        rates: [{ type: "R", amount: 11.25 }],
        charges: [{ source: { name: "Masinloc", queue: 1 }, generationRate: 5.2 }],
      },
    );
    const text = changes.map((c) => `${c.label}: ${c.after}`);
    expect(text).toEqual([
      "Activities: Line work\nTree trimming & clearing",
      "Affected areas (as published): All of Anda",
      "Publish at: March 6, 2026, 1:30 PM",
      "Date: March 6, 2026",
      "Start time: 1:30 PM",
      "Official rates: Type: R; Amount: 11.25",
      "Generation charges: Power source: Masinloc (queue 1); Generation rate: 5.2",
    ]);
    for (const c of changes) expect(`${c.before} ${c.after}`).not.toMatch(/[<>{}"]|\[/);
  });

  it("names a field it does not know in words", () => {
    expect(diffSnapshots({ someField: "a" }, { someField: "b" })[0]!.label).toBe("Some field");
    expect(describeValue(["a", "b"])).toBe("a, b");
    expect(describeValue(null)).toBe("");
  });
});
