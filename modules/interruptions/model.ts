/** Power interruptions without the database: the type, the filter and the status a member sees. */
import type { InterruptionStatus, Town } from "../shared/constants";

export interface Interruption {
  id: number;
  startsAt: Date;
  endsAt: Date;
  activities: string;
  affectedAreas: string;
  circuitToBeOpened: string;
  status: InterruptionStatus;
  statusUpdatedAt: Date;
  createdAt: Date;
  towns: Town[];
  barangays: { name: string; town: Town }[];
  /** The activities in Filipino, Pangasinan, Ilocano when staff wrote them ({ fil: { activities } }). */
  translations?: unknown;
  /** Planned (announced ahead) or unplanned ("power off now"); planned when not said. */
  kind?: "planned" | "unplanned";
  /** False while an unplanned outage has no estimated restoration: endsAt is then only a stand-in, never shown. */
  endKnown?: boolean;
}

export interface InterruptionFilter {
  town?: Town;
  /** A barangay name; with a town it must be in that town. */
  barangay?: string;
}

/**
 * An unplanned outage without an estimated restoration, not yet restored: its end is only a
 * stand-in, so the clock passing it says nothing; it is on until the dispatcher says otherwise.
 */
export const openEnded = (i: Pick<Interruption, "status" | "endKnown">) =>
  i.endKnown === false && i.status !== "finished" && i.status !== "cancelled";

/**
 * The status a member should see now, and since when. Staff set the stored status;
 * the clock moves a scheduled one to ongoing at its start and anything not
 * cancelled to finished at its end, so the page is right between updates.
 */
export function currentStatus(
  i: Pick<Interruption, "status" | "statusUpdatedAt" | "startsAt" | "endsAt" | "endKnown">,
  now = new Date(),
): { status: InterruptionStatus; since: Date } {
  const latest = (d: Date) => (d > i.statusUpdatedAt ? d : i.statusUpdatedAt);
  if (i.status === "cancelled" || i.status === "finished") return { status: i.status, since: i.statusUpdatedAt };
  // Without an estimate the end is only a stand-in: the power is back when the dispatcher says so, not then.
  if (openEnded(i)) return { status: i.status, since: i.statusUpdatedAt };
  if (now >= i.endsAt) return { status: "finished", since: latest(i.endsAt) };
  if (i.status === "scheduled" && now >= i.startsAt) return { status: "ongoing", since: latest(i.startsAt) };
  return { status: i.status, since: i.statusUpdatedAt };
}

export const INTERRUPTION_STATUS_LABELS: Record<InterruptionStatus, string> = {
  scheduled: "Scheduled",
  ongoing: "Ongoing",
  finished: "Finished",
  cancelled: "Cancelled",
  extended: "Extended",
};

/** How far back "recent" reaches on the page and in the feeds. */
export const RECENT_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * Every published interruption that ended after `from`, with its publication times and
 * its public history: one query that the ticker and the interruption page filter in
 * memory by the clock (so a copy kept a while stays exact: scheduled publication, what
 * is upcoming and what is recent are decided at each render, not when it was read).
 */
export interface InterruptionWindow {
  from: Date;
  rows: WindowInterruption[];
}

export interface WindowInterruption extends Interruption {
  publishAt: Date | null;
  unpublishAt: Date | null;
  /** Its status changes, oldest first, including any not yet due. */
  events: { kind: string; note: string; occurredAt: Date }[];
}

/** A kept window still holds everything the page shows at `now` (the clock may have moved). */
export function windowCovers(window: InterruptionWindow, now: Date): boolean {
  return window.from.getTime() <= now.getTime() - RECENT_DAYS * DAY_MS;
}

/** A published interruption of the window is shown between its publish and unpublish times. */
export function visibleAt(i: Pick<WindowInterruption, "publishAt" | "unpublishAt">, now: Date): boolean {
  return !(i.publishAt && i.publishAt > now) && !(i.unpublishAt && i.unpublishAt <= now);
}

function shownNow(i: WindowInterruption, filter: InterruptionFilter, now: Date): boolean {
  if (!visibleAt(i, now)) return false;
  if (filter.town && !i.towns.includes(filter.town)) return false;
  if (filter.barangay) {
    const name = filter.barangay.toLowerCase();
    if (!i.barangays.some((b) => b.name.toLowerCase() === name && (!filter.town || b.town === filter.town))) return false;
  }
  return true;
}

/** Not yet over (ongoing or to come), soonest first; cancelled ones only with includeCancelled. */
export function upcomingIn(
  window: InterruptionWindow,
  filter: InterruptionFilter,
  now: Date,
  opts: { includeCancelled?: boolean } = {},
): WindowInterruption[] {
  return window.rows
    .filter((i) => (i.endsAt >= now || openEnded(i)) && (opts.includeCancelled || i.status !== "cancelled") && shownNow(i, filter, now))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Ended within the last RECENT_DAYS days, latest first. */
export function recentIn(window: InterruptionWindow, filter: InterruptionFilter, now: Date): WindowInterruption[] {
  const since = now.getTime() - RECENT_DAYS * DAY_MS;
  return window.rows
    .filter((i) => i.endsAt < now && !openEnded(i) && i.endsAt.getTime() >= since && shownNow(i, filter, now))
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
}
