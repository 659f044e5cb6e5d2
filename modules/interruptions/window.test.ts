import { describe, expect, it } from "vitest";
import { historyOf } from "./history.server";
import { currentStatus, type InterruptionWindow, recentIn, upcomingIn, type WindowInterruption, windowCovers } from "./model";

const H = 3600_000;
const now = new Date("2026-11-23T04:00:00Z");
const at = (hours: number) => new Date(now.getTime() + hours * H);

function row(id: number, startH: number, endH: number, extra: Partial<WindowInterruption> = {}): WindowInterruption {
  return {
    id,
    startsAt: at(startH),
    endsAt: at(endH),
    activities: "",
    affectedAreas: "",
    circuitToBeOpened: "",
    status: "scheduled",
    statusUpdatedAt: at(-100),
    createdAt: at(-100),
    towns: ["Bani"],
    barangays: [{ name: "Poblacion", town: "Bani" }],
    publishAt: null,
    unpublishAt: null,
    events: [],
    ...extra,
  };
}

const window: InterruptionWindow = {
  from: at(-15 * 24),
  rows: [
    row(1, 10, 12),
    row(2, 2, 4, { status: "cancelled" }),
    row(3, -2, 1),
    row(4, -30, -28),
    row(5, -20 * 24, -20 * 24 + 2),
    row(6, 5, 6, { publishAt: at(1) }),
    row(7, 5, 6, { unpublishAt: at(-1) }),
    row(8, 20, 22, { towns: ["Agno"], barangays: [{ name: "Poblacion", town: "Agno" }] }),
  ],
};

describe("the interruption window, filtered by the clock", () => {
  it("splits upcoming (soonest first) from recent (latest first), as the queries did", () => {
    expect(upcomingIn(window, {}, now).map((i) => i.id)).toEqual([3, 1, 8]);
    expect(upcomingIn(window, {}, now, { includeCancelled: true }).map((i) => i.id)).toEqual([3, 2, 1, 8]);
    expect(recentIn(window, {}, now).map((i) => i.id)).toEqual([4]);
  });

  it("shows a scheduled publication once it is due, and hides an unpublished one", () => {
    expect(upcomingIn(window, {}, at(2)).map((i) => i.id)).toContain(6);
    expect(upcomingIn(window, {}, now).map((i) => i.id)).not.toContain(7);
  });

  it("filters by town and by barangay name within a town", () => {
    expect(upcomingIn(window, { town: "Agno" }, now).map((i) => i.id)).toEqual([8]);
    expect(upcomingIn(window, { barangay: "poblacion" }, now).map((i) => i.id)).toEqual([3, 1, 8]);
    expect(upcomingIn(window, { barangay: "Poblacion", town: "Bani" }, now).map((i) => i.id)).toEqual([3, 1]);
  });

  it("is read again when the clock moves back past what it holds", () => {
    expect(windowCovers(window, now)).toBe(true);
    expect(windowCovers(window, at(30 * 24))).toBe(true);
    expect(windowCovers(window, at(-23))).toBe(true);
    expect(windowCovers(window, at(-25))).toBe(false);
  });

  it("keeps only the history already due", () => {
    const events = [
      { kind: "published", note: "", occurredAt: at(-5) },
      { kind: "extended", note: "Crew still on site", occurredAt: at(-1) },
      { kind: "finished", note: "", occurredAt: at(3) },
    ];
    expect(historyOf(events, now).map((e) => e.label)).toEqual(["Announced", "Extended"]);
  });
});

describe("an unplanned outage without an estimated restoration", () => {
  // Power off 5 hours ago; its stand-in end (never shown) passed an hour ago.
  const off = row(20, -5, -1, { kind: "unplanned", endKnown: false, status: "ongoing", statusUpdatedAt: at(-5) });
  const open: InterruptionWindow = { from: at(-15 * 24), rows: [off] };

  it("stays ongoing after its stand-in end, not recent, until it is restored", () => {
    expect(currentStatus(off, now).status).toBe("ongoing");
    expect(upcomingIn(open, {}, now).map((i) => i.id)).toEqual([20]);
    expect(recentIn(open, {}, now)).toEqual([]);
    // Twenty days on, still not restored: still on.
    expect(upcomingIn(open, {}, at(20 * 24)).map((i) => i.id)).toEqual([20]);
    expect(currentStatus(off, at(20 * 24)).status).toBe("ongoing");
  });

  it("moves to recent once the dispatcher marks it restored (its end then the time of restoration)", () => {
    const restored = { ...off, status: "finished" as const, endsAt: at(-0.5), endKnown: true, statusUpdatedAt: at(-0.5) };
    const done: InterruptionWindow = { from: at(-15 * 24), rows: [restored] };
    expect(currentStatus(restored, now).status).toBe("finished");
    expect(upcomingIn(done, {}, now)).toEqual([]);
    expect(recentIn(done, {}, now).map((i) => i.id)).toEqual([20]);
  });

  it("a planned interruption still ends by the clock", () => {
    const planned = row(21, -5, -1, { status: "ongoing" });
    expect(currentStatus(planned, now).status).toBe("finished");
    expect(recentIn({ from: at(-15 * 24), rows: [planned] }, {}, now).map((i) => i.id)).toEqual([21]);
  });
});
