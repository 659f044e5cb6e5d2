/**
 * The console's interruption list filters in the database: a state filter finds its rows
 * however many others come before them in the list's order (the list shows at most 200).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { powerInterruptions } from "../../db/schema";
import { listInterruptionsForStaff } from "../../modules/interruptions/editor.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

let t: TestDatabase;
const day = 86_400_000;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.cleanup();
});

describe("staff interruption list", () => {
  it("finds a filtered row that comes after the first 200 rows of the list", async () => {
    const soon = Date.now() + 2 * day;
    const drafts = Array.from({ length: 205 }, (_, i) => ({
      startsAt: new Date(soon + i * 60_000),
      endsAt: new Date(soon + i * 60_000 + 3_600_000),
      activities: `Line clearing ${i}`,
      affectedAreas: "Poblacion",
      circuitToBeOpened: "Feeder 1",
      publication: "draft" as const,
    }));
    await t.handle.db.insert(powerInterruptions).values(drafts);
    const [late] = await t.handle.db
      .insert(powerInterruptions)
      .values({
        startsAt: new Date(Date.now() + 60 * day),
        endsAt: new Date(Date.now() + 60 * day + 3_600_000),
        activities: "Archived far-off job",
        affectedAreas: "Poblacion",
        circuitToBeOpened: "Feeder 2",
        publication: "archived",
      })
      .returning();

    const archived = await listInterruptionsForStaff(t.handle.db, { state: "archived" });
    expect(archived.map((r) => r.id)).toContain(late!.id);
    expect(archived.every((r) => r.state === "archived")).toBe(true);

    const drafted = await listInterruptionsForStaff(t.handle.db, { state: "draft" });
    expect(drafted).toHaveLength(200);
    expect(drafted.every((r) => r.state === "draft")).toBe(true);
  });

  it("filters each state in SQL as the console names it (publicState)", async () => {
    const at = Date.now();
    const job = (activities: string, extra: Partial<typeof powerInterruptions.$inferInsert>) => ({
      startsAt: new Date(at + 3 * day),
      endsAt: new Date(at + 3 * day + 3_600_000),
      activities,
      affectedAreas: "Poblacion",
      circuitToBeOpened: "Feeder 3",
      ...extra,
    });
    await t.handle.db
      .insert(powerInterruptions)
      .values([
        job("State check scheduled", { publication: "published", publishAt: new Date(at + day) }),
        job("State check expired", { publication: "published", unpublishAt: new Date(at - 60_000) }),
        job("State check published", { publication: "published", publishAt: new Date(at - day), unpublishAt: new Date(at + day) }),
      ]);
    for (const state of ["draft", "scheduled", "published", "expired", "archived"] as const) {
      const rows = await listInterruptionsForStaff(t.handle.db, { q: "State check", state, when: "all" }, 1000);
      const expected = state === "scheduled" || state === "expired" || state === "published" ? [`State check ${state}`] : [];
      expect(rows.map((r) => r.activities)).toEqual(expected);
      expect(rows.every((r) => r.state === state)).toBe(true);
    }
  });
});
