/**
 * No SMS between 21:00 and 07:00 Manila time, except for a change to an interruption that
 * starts within the next 12 hours (members need that one now).
 */
import { manilaMidnight, manilaParts } from "../shared/dates";
import type { AlertReason } from "./messages";

export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 7;
const URGENT_WITHIN_MS = 12 * 3600_000;

/** When an SMS for this reason may go out: `now`, or the next 07:00 Manila. */
export function smsSendAt(now: Date, reason: AlertReason, startsAt: Date): Date {
  const { year, month, day, hour } = manilaParts(now);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return now;
  const isChange = reason !== "published" && reason !== "reminder";
  if (isChange && startsAt.getTime() - now.getTime() <= URGENT_WITHIN_MS) return now;
  const morning = manilaMidnight(year, month, day).getTime() + QUIET_UNTIL_HOUR * 3600_000;
  return new Date(hour >= QUIET_FROM_HOUR ? morning + 86_400_000 : morning);
}

/** The Manila calendar day after `now`, as [start, end) instants: the reminder's window. */
export function tomorrowInManila(now: Date): { from: Date; to: Date } {
  const { year, month, day } = manilaParts(now);
  const from = new Date(manilaMidnight(year, month, day).getTime() + 86_400_000);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}
