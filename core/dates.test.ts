import { describe, expect, it } from "vitest";
import { formatDate, formatDateWithWeekday, formatTime, manilaParts } from "./dates";

describe("dates in Asia/Manila", () => {
  it("formats like March 5, 2024", () => {
    expect(formatDate("2024-03-05T02:00:00Z")).toBe("March 5, 2024");
  });
  it("shows the next day just after 16:00 UTC (Manila is UTC+8)", () => {
    expect(formatDate("2024-03-05T16:00:01Z")).toBe("March 6, 2024");
    expect(formatDate("2024-03-05T15:59:59Z")).toBe("March 5, 2024");
    expect(formatDateWithWeekday("2024-03-05T16:30:00Z")).toBe("Wednesday, March 6, 2024");
  });
  it("formats times in Manila", () => {
    expect(formatTime("2024-03-05T00:00:00Z")).toBe("8:00 AM");
    expect(manilaParts("2024-12-31T16:00:00Z")).toMatchObject({ year: 2025, month: 1, day: 1, hour: 0 });
  });
});
