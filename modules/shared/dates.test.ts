import { describe, expect, it } from "vitest";
import { formatDate, formatDateWithWeekday, formatTime, manilaIsoDateTime, manilaParts } from "./dates";

describe("dates in Asia/Manila", () => {
  it("formats like March 5, 2024", () => {
    expect(formatDate("2024-03-05T02:00:00Z")).toBe("March 5, 2024");
  });
  it("shows the next day just after 16:00 UTC (Manila is UTC+8)", () => {
    expect(formatDate("2024-03-05T16:00:01Z")).toBe("March 6, 2024");
    expect(formatDate("2024-03-05T15:59:59Z")).toBe("March 5, 2024");
    expect(formatDateWithWeekday("2024-03-05T16:30:00Z")).toBe("Wednesday, March 6, 2024");
  });
  it("formats Filipino dates like Martes, Hulyo 15, 2025, 8:30 AM", () => {
    expect(formatDateWithWeekday("2025-07-15T00:30:00Z", "fil")).toBe("Martes, Hulyo 15, 2025");
    expect(formatTime("2025-07-15T00:30:00Z", "fil").replace("\u202f", " ")).toBe("8:30 AM");
  });
  it("formats times in Manila", () => {
    expect(formatTime("2024-03-05T00:00:00Z")).toBe("8:00 AM");
    expect(manilaParts("2024-12-31T16:00:00Z")).toMatchObject({ year: 2025, month: 1, day: 1, hour: 0 });
  });
});

describe("formatting by arithmetic", () => {
  const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Manila", ...options });
  const date = intl({ year: "numeric", month: "long", day: "numeric" });
  const weekday = intl({ weekday: "long", year: "numeric", month: "long", day: "numeric" });
  const time = intl({ hour: "numeric", minute: "2-digit", hour12: true });
  // The same text as Intl (Asia/Manila) gives; before AM/PM an ordinary space, as above (some ICU versions write U+202F).
  const fil = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("fil-PH", { timeZone: "Asia/Manila", ...options });
  const filDate = fil({ year: "numeric", month: "long", day: "numeric" });
  const filWeekday = fil({ weekday: "long", year: "numeric", month: "long", day: "numeric" });
  const filTime = fil({ hour: "numeric", minute: "2-digit", hour12: true });
  const same = (d: Date) => {
    expect(formatDate(d)).toBe(date.format(d));
    expect(formatDateWithWeekday(d)).toBe(weekday.format(d));
    expect(formatTime(d)).toBe(time.format(d).replace("\u202f", " "));
    // Filipino: exactly the platform's text, its spaces included.
    expect(formatDate(d, "fil")).toBe(filDate.format(d));
    expect(formatDateWithWeekday(d, "fil")).toBe(filWeekday.format(d));
    expect(formatTime(d, "fil")).toBe(filTime.format(d));
  };
  it("gives Intl's text in both languages on 20,000 instants from 1995 to 2045, and at the edges of days and years", () => {
    let seed = 16;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.UTC(1995, 0, 1);
    const to = Date.UTC(2045, 0, 1);
    for (let i = 0; i < 20_000; i++) same(new Date(from + Math.floor(random() * (to - from))));
    for (const iso of [
      "2024-12-31T15:59:59.999Z",
      "2024-12-31T16:00:00Z",
      "2024-02-28T16:00:00Z",
      "2026-06-30T04:00:00Z",
      "2026-06-30T03:59:00Z",
    ])
      same(new Date(iso));
  });
  it("leaves other centuries and invalid dates to Intl", () => {
    for (const iso of ["1200-03-05T00:00:00Z", "0099-03-01T00:00:00Z", "9999-12-31T12:00:00Z"]) same(new Date(iso));
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatTime(Number.NaN)).toThrow(RangeError);
  });
});

describe("manilaIsoDateTime", () => {
  it("writes the moment in Manila's time with its offset and no fraction", () => {
    expect(manilaIsoDateTime(new Date("2026-11-27T16:30:05.999Z"))).toBe("2026-11-28T00:30:05+08:00");
    expect(() => manilaIsoDateTime("not a date")).toThrow(RangeError);
  });
});
