/**
 * The one place dates and times are formatted. Always Asia/Manila, never the
 * machine's zone; dates read like "March 5, 2024".
 */
import { TIME_ZONE } from "./constants";
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from "./i18n";

const dateFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, year: "numeric", month: "long", day: "numeric" });
const weekdayDateFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
});
const timeFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, hour: "numeric", minute: "2-digit", hour12: true });
/** Manila is UTC+8 all year (no daylight saving since 1990). */
const MANILA_OFFSET_MS = 8 * 3600_000;

type DateInput = Date | string | number;
const toDate = (d: DateInput) => (d instanceof Date ? d : new Date(d));

/**
 * The moment shifted to Manila's wall clock (read it with getUTC…), or undefined outside
 * 1600–9999, which Intl formats (its calendar is Julian before 1582, and it writes eras).
 * Every page formats dozens of dates per render: arithmetic costs a fraction of Intl's
 * format, and gives the same text (modules/shared/dates.test.ts compares them).
 */
function manilaClock(d: Date): Date | undefined {
  const time = d.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const m = new Date(time + MANILA_OFFSET_MS);
  const year = m.getUTCFullYear();
  return year >= 1600 && year <= 9999 ? m : undefined;
}

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/**
 * Filipino dates in the platform's words and order (ICU's fil-PH: "Martes, Hulyo 15, 2025",
 * "8:30 AM"), read once at start: each format's parts and the literals between them, the
 * names of the months, weekdays and day periods. A render fills them in by the same
 * arithmetic as English (Intl's format of each date cost a Filipino page ~0.1 ms a render);
 * modules/shared/dates.test.ts compares the text with Intl's.
 */
const filFormats = {
  date: new Intl.DateTimeFormat(INTL_LOCALE.fil, { timeZone: TIME_ZONE, year: "numeric", month: "long", day: "numeric" }),
  weekday: new Intl.DateTimeFormat(INTL_LOCALE.fil, {
    timeZone: TIME_ZONE,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }),
  time: new Intl.DateTimeFormat(INTL_LOCALE.fil, { timeZone: TIME_ZONE, hour: "numeric", minute: "2-digit", hour12: true }),
};

/** The value of one part of a format, from the Manila wall clock (read with getUTC…). */
type PartOf = (m: Date) => string;

/** A part's names as the platform writes them, by index (a month, a weekday, AM/PM). */
function platformNames(format: Intl.DateTimeFormat, type: Intl.DateTimeFormatPartTypes, instants: number[]): string[] {
  return instants.map((t) => format.formatToParts(t).find((p) => p.type === type)?.value ?? "");
}

/**
 * A format as its parts in order, each a literal or filled in from the wall clock; undefined
 * when the platform writes a part this file does not fill in (then Intl formats every date).
 */
function compiledFormat(format: Intl.DateTimeFormat): ((m: Date) => string) | undefined {
  // Noon of the 1st of each month of 2001 (it began on a Monday) and of 7 days from Sunday the 7th, in Manila.
  const noon = (month: number, day: number) => Date.UTC(2001, month, day, 4);
  const months = platformNames(
    format,
    "month",
    [...Array(12).keys()].map((i) => noon(i, 1)),
  );
  const weekdays = platformNames(
    format,
    "weekday",
    [...Array(7).keys()].map((i) => noon(0, 7 + i)),
  );
  const periods = platformNames(format, "dayPeriod", [noon(0, 1) - 8 * 3600_000, noon(0, 1)]);
  const fill: Partial<Record<Intl.DateTimeFormatPartTypes, PartOf>> = {
    year: (m) => String(m.getUTCFullYear()),
    month: (m) => months[m.getUTCMonth()]!,
    day: (m) => String(m.getUTCDate()),
    weekday: (m) => weekdays[m.getUTCDay()]!,
    hour: (m) => String(m.getUTCHours() % 12 || 12),
    minute: (m) => String(m.getUTCMinutes()).padStart(2, "0"),
    dayPeriod: (m) => periods[m.getUTCHours() < 12 ? 0 : 1]!,
  };
  const parts: PartOf[] = [];
  for (const { type, value } of format.formatToParts(noon(0, 1))) {
    // A literal as format() writes it: V8's format() turns ICU's narrow no-break space (before
    // AM/PM) into an ordinary one, formatToParts does not.
    const literal = value.replace(/\u202f/g, " ");
    const part = type === "literal" ? () => literal : fill[type];
    if (!part) return undefined;
    parts.push(part);
  }
  return (m) => {
    let text = "";
    for (const part of parts) text += part(m);
    return text;
  };
}

const filCompiled = {
  date: compiledFormat(filFormats.date),
  weekday: compiledFormat(filFormats.weekday),
  time: compiledFormat(filFormats.time),
};

/** A Filipino date or time: by arithmetic in 1600–9999, else Intl's own format. */
function filipino(which: keyof typeof filFormats, date: Date): string {
  const m = manilaClock(date);
  const compiled = filCompiled[which];
  return m && compiled ? compiled(m) : filFormats[which].format(date);
}

/** "March 5, 2024" ("Marso 5, 2024" in Filipino) */
export function formatDate(d: DateInput, locale: Locale = DEFAULT_LOCALE): string {
  const date = toDate(d);
  if (locale === "fil") return filipino("date", date);
  const m = manilaClock(date);
  return m ? `${MONTH_NAMES[m.getUTCMonth()]} ${m.getUTCDate()}, ${m.getUTCFullYear()}` : dateFormat.format(date);
}

/** "Tuesday, March 5, 2024" ("Martes, Marso 5, 2024") */
export function formatDateWithWeekday(d: DateInput, locale: Locale = DEFAULT_LOCALE): string {
  const date = toDate(d);
  if (locale === "fil") return filipino("weekday", date);
  const m = manilaClock(date);
  return m ? `${WEEKDAY_NAMES[m.getUTCDay()]}, ${formatDate(date)}` : weekdayDateFormat.format(date);
}

/** "8:00 AM" */
export function formatTime(d: DateInput, locale: Locale = DEFAULT_LOCALE): string {
  const date = toDate(d);
  if (locale === "fil") return filipino("time", date);
  const m = manilaClock(date);
  if (!m) return timeFormat.format(date);
  const hour = m.getUTCHours();
  const minute = m.getUTCMinutes();
  return `${hour % 12 || 12}:${minute < 10 ? "0" : ""}${minute} ${hour < 12 ? "AM" : "PM"}`;
}

/** "March 5, 2024, 8:00 AM" */
export function formatDateTime(d: DateInput, locale: Locale = DEFAULT_LOCALE): string {
  return `${formatDate(d, locale)}, ${formatTime(d, locale)}`;
}

/** The calendar parts of a moment as seen in Manila. */
export function manilaParts(d: DateInput = new Date()): { year: number; month: number; day: number; hour: number; minute: number } {
  // Arithmetic, not Intl's formatToParts: it runs several times per interruption on every render.
  const time = toDate(d).getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const m = new Date(time + MANILA_OFFSET_MS);
  return { year: m.getUTCFullYear(), month: m.getUTCMonth() + 1, day: m.getUTCDate(), hour: m.getUTCHours(), minute: m.getUTCMinutes() };
}

/** "2024-03-05" in Manila, for <time dateTime> and feeds. */
export function manilaIsoDate(d: DateInput): string {
  const { year, month, day } = manilaParts(d);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "2024-03-05T08:00:00+08:00": the moment in Manila's time with its offset, no fraction (files, APIs, CAP). */
export function manilaIsoDateTime(d: DateInput): string {
  const time = toDate(d).getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  return `${new Date(time + MANILA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** Midnight at the start of a Manila calendar day, as a Date (Manila is UTC+8 all year). */
export function manilaMidnight(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - MANILA_OFFSET_MS);
}

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const filMonthNames = (() => {
  const f = new Intl.DateTimeFormat(INTL_LOCALE.fil, { month: "long", timeZone: "UTC" });
  return MONTH_NAMES.map((_, i) => f.format(new Date(Date.UTC(2000, i, 15))));
})();

/** "March 2024" ("Marso 2024" in Filipino, the month's name from the platform); `month` is 1–12. */
export function formatMonthYear(year: number, month: number, locale: Locale = DEFAULT_LOCALE): string {
  return `${(locale === "fil" ? filMonthNames : MONTH_NAMES)[month - 1]} ${year}`;
}

/** The instant of a Manila wall-clock date ("2026-03-05") and time ("08:00"), or null when either is malformed. */
export function manilaDateTime(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!d || !t) return null;
  const [y, mo, da, h, mi] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  if (mo < 1 || mo > 12 || da < 1 || da > 31 || h > 23 || mi > 59) return null;
  const at = new Date(Date.UTC(y, mo - 1, da, h, mi) - MANILA_OFFSET_MS);
  // 2026-02-31 rolls over in Date.UTC: refuse it rather than move the day.
  return manilaParts(at).day === da ? at : null;
}

/** "2026-03-05" and "08:00" of an instant in Manila, for form fields. */
export function manilaFormParts(d: DateInput): { date: string; time: string } {
  const p = manilaParts(d);
  const two = (n: number) => String(n).padStart(2, "0");
  return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
}

/** An <input type="datetime-local"> value ("2026-03-05T08:00") read as Manila time, or null. */
export function manilaLocalInput(value: string): Date | null {
  const [date, time] = value.trim().split("T");
  return date && time ? manilaDateTime(date, time.slice(0, 5)) : null;
}

export function toManilaLocalInput(d: DateInput | null | undefined): string {
  if (d == null) return "";
  const { date, time } = manilaFormParts(d);
  return `${date}T${time}`;
}
