/**
 * An unplanned outage without an estimated restoration stays in the public window (and so on
 * the pages as on now) however long after its stand-in end, until it is restored; by a fixed clock.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { powerInterruptions } from "../../db/schema";
import { recentIn, upcomingIn } from "../../modules/interruptions/model";
import { loadInterruptionWindow } from "../../modules/interruptions/queries.server";
import { createTestApp, type TestApp } from "../support/app";

describe("an unplanned outage without an estimate, in the public window", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("is on now thirty days after its stand-in end, and recent once restored", async () => {
    const db = t.db.handle.db;
    const off = new Date("2031-03-01T10:00:00Z");
    const [row] = await db
      .insert(powerInterruptions)
      .values({
        startsAt: off,
        endsAt: new Date(off.getTime() + 4 * 3_600_000),
        activities: "Line fault",
        affectedAreas: "Anda",
        circuitToBeOpened: "",
        status: "ongoing",
        kind: "unplanned",
        endKnown: false,
        publication: "published",
      })
      .returning({ id: powerInterruptions.id });
    const now = new Date("2031-03-31T10:00:00Z");
    let window = await loadInterruptionWindow(db, now);
    expect(upcomingIn(window, {}, now).map((i) => i.id)).toContain(row!.id);
    expect(recentIn(window, {}, now).map((i) => i.id)).not.toContain(row!.id);

    const restoredAt = new Date("2031-03-31T09:00:00Z");
    await db
      .update(powerInterruptions)
      .set({ status: "finished", endsAt: restoredAt, endKnown: true, statusUpdatedAt: restoredAt })
      .where(eq(powerInterruptions.id, row!.id));
    window = await loadInterruptionWindow(db, now);
    expect(upcomingIn(window, {}, now).map((i) => i.id)).not.toContain(row!.id);
    expect(recentIn(window, {}, now).map((i) => i.id)).toContain(row!.id);
  });
});
