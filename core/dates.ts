/**
 * The one place dates and times are formatted. Always Asia/Manila, never the
 * machine's zone; dates read like "March 5, 2024".
 */
import { TIME_ZONE } from "./constants";

const dateFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, year: "numeric", month: "long", day: "numeric" });
const weekdayDateFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, weekday: "long", year: "numeric", month: "long", day: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, hour: "numeric", minute: "2-digit", hour12: true });
const partsFormat = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

type DateInput = Date | string | number;
const toDate = (d: DateInput) => (d instanceof Date ? d : new Date(d));

/** "March 5, 2024" */
export function formatDate(d: DateInput): string {
  return dateFormat.format(toDate(d));
}

/** "Tuesday, March 5, 2024" */
export function formatDateWithWeekday(d: DateInput): string {
  return weekdayDateFormat.format(toDate(d));
}

/** "8:00 AM" */
export function formatTime(d: DateInput): string {
  return timeFormat.format(toDate(d));
}

/** "March 5, 2024, 8:00 AM" */
export function formatDateTime(d: DateInput): string {
  return `${formatDate(d)}, ${formatTime(d)}`;
}

/** The calendar parts of a moment as seen in Manila. */
export function manilaParts(d: DateInput = new Date()): { year: number; month: number; day: number; hour: number; minute: number } {
  const p = Object.fromEntries(partsFormat.formatToParts(toDate(d)).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour), minute: Number(p.minute) };
}

/** "2024-03-05" in Manila, for <time dateTime> and feeds. */
export function manilaIsoDate(d: DateInput): string {
  const { year, month, day } = manilaParts(d);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Midnight at the start of a Manila calendar day, as a Date (Manila is UTC+8 all year). */
export function manilaMidnight(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - 8 * 3600_000);
}

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
