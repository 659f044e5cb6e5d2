import { describe, expect, it } from "vitest";
import { diffSnapshots } from "./revision-diff";

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
});
