/**
 * Which alerts go first when the queues are long (a typhoon: tens of thousands of messages):
 * what members must act on now before what can wait. pg-boss takes a queue's jobs highest
 * priority first, oldest first within one priority.
 */
import type { AlertReason } from "./messages";

/** Power restored, and anything about an interruption on now or starting within this time. */
export const URGENT_WITHIN_MS = 12 * 3600_000;

export const PRIORITY = { urgent: 20, notice: 10, reminder: 0 } as const;

export function alertPriority(reason: AlertReason, startsAt: Date, now: Date): number {
  if (reason === "reminder") return PRIORITY.reminder;
  if (reason === "finished" || startsAt.getTime() - now.getTime() <= URGENT_WITHIN_MS) return PRIORITY.urgent;
  return PRIORITY.notice;
}
