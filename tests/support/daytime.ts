/**
 * A moment in Manila's daytime (outside the SMS quiet hours) at or shortly before `now`:
 * what tests of SMS delivery use as the time messages are made, so that they do not depend on
 * the hour the tests happen to run at (from 21:00 to 07:00 Manila a new interruption's SMS is
 * held until morning, by design).
 */
import { QUIET_FROM_HOUR, QUIET_UNTIL_HOUR } from "../../modules/alerts/quiet-hours";
import { manilaParts } from "../../modules/shared/dates";

export function daytimeInManila(now = new Date()): Date {
  const { hour } = manilaParts(now);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return now;
  // Back to 20:00 of the same evening (or of the evening before, after midnight).
  const hoursBack = hour >= QUIET_FROM_HOUR ? hour - (QUIET_FROM_HOUR - 1) : hour + 24 - (QUIET_FROM_HOUR - 1);
  return new Date(now.getTime() - hoursBack * 3600_000);
}
