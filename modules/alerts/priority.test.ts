import { describe, expect, it } from "vitest";
import { alertPriority, PRIORITY } from "./priority";

const now = new Date("2026-11-25T02:00:00Z");
const inHours = (h: number) => new Date(now.getTime() + h * 3600_000);

describe("alert priority", () => {
  it("puts restoration and what starts within 12 hours before planned notices, and reminders last", () => {
    expect(alertPriority("finished", inHours(-3), now)).toBe(PRIORITY.urgent);
    expect(alertPriority("published", inHours(1), now)).toBe(PRIORITY.urgent);
    expect(alertPriority("extended", inHours(-1), now)).toBe(PRIORITY.urgent);
    expect(alertPriority("published", inHours(48), now)).toBe(PRIORITY.notice);
    expect(alertPriority("cancelled", inHours(30), now)).toBe(PRIORITY.notice);
    expect(alertPriority("reminder", inHours(10), now)).toBe(PRIORITY.reminder);
    expect(PRIORITY.urgent).toBeGreaterThan(PRIORITY.notice);
    expect(PRIORITY.notice).toBeGreaterThan(PRIORITY.reminder);
  });
});
