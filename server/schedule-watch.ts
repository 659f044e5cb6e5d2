/**
 * Scheduled publishing without a stale page: every process keeps one timer set to the next
 * publish_at or unpublish_at, and expires its own page and API caches when it falls due
 * (so each process follows at its time, with or without Redis). The visibility rule itself
 * is in the queries (modules/content/publication.server.ts); this only makes sure no cached copy outlives it.
 * It looks again after every content change (a new schedule) and when a test moves the clock.
 */

import type { Db } from "../db/client";
import { nextScheduledChange } from "../modules/content/schedule.server";
import { now as clockNow, onClockSet } from "../modules/shared/clock";
import type { Bus } from "./bus";

/** Look again at least this often (a long timer may drift; schedules may be changed elsewhere). */
const MAX_WAIT_MS = 10 * 60_000;

export function watchSchedule(opts: { db: Db; bus: Bus; channel: string; onDue: () => void; onError?: (e: unknown) => void }): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastLook = clockNow();

  const look = async () => {
    if (stopped) return;
    clearTimeout(timer);
    const at = clockNow();
    // Anything that fell due since the last look (a moved clock, a late timer) expires the caches now.
    const due = await nextScheduledChange(opts.db, new Date(lastLook.getTime() - 1)).catch((e) => (opts.onError?.(e), null));
    if (due && due <= at) opts.onDue();
    lastLook = at;
    const next = await nextScheduledChange(opts.db, at).catch((e) => (opts.onError?.(e), null));
    if (stopped) return;
    const wait = next ? Math.min(Math.max(next.getTime() - clockNow().getTime() + 5, 0), MAX_WAIT_MS) : MAX_WAIT_MS;
    timer = setTimeout(() => void look(), wait);
    timer.unref();
  };

  const unsubscribe = opts.bus.subscribe(opts.channel, () => void look());
  const unClock = onClockSet(() => void look());
  void look();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    unClock();
  };
}
