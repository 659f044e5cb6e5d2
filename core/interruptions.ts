/**
 * Power interruptions: the one query the ticker, the page and the API share.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { barangays, powerInterruptionBarangays, powerInterruptions, powerInterruptionTowns } from "../db/schema";
import type { InterruptionStatus, Town } from "./constants";

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
}

export interface InterruptionFilter {
  town?: Town;
  /** A barangay name; with a town it must be in that town. */
  barangay?: string;
}

/**
 * Interruptions not yet over (ongoing or to come), soonest first. Cancelled ones are
 * left out (the ticker and the API), unless `includeCancelled` (the page and feeds,
 * where "cancelled" is news a member needs).
 */
export async function listUpcomingInterruptions(db: Db, filter: InterruptionFilter = {}, now = new Date(), opts: { includeCancelled?: boolean } = {}): Promise<Interruption[]> {
  return listInterruptions(db, filter, { endsAfter: now, excludeCancelled: !opts.includeCancelled, order: "asc" });
}

/** Interruptions that ended within the last `days` days, latest first. */
export async function listRecentInterruptions(db: Db, filter: InterruptionFilter = {}, now = new Date(), days = 14): Promise<Interruption[]> {
  return listInterruptions(db, filter, { endsBefore: now, endsAfter: new Date(now.getTime() - days * 86_400_000), order: "desc" });
}

async function listInterruptions(
  db: Db,
  filter: InterruptionFilter,
  opts: { endsAfter?: Date; endsBefore?: Date; excludeCancelled?: boolean; order: "asc" | "desc" },
): Promise<Interruption[]> {
  const conditions = [];
  if (opts.endsAfter) conditions.push(gte(powerInterruptions.endsAt, opts.endsAfter));
  if (opts.endsBefore) conditions.push(lt(powerInterruptions.endsAt, opts.endsBefore));
  if (opts.excludeCancelled) conditions.push(sql`${powerInterruptions.status} <> 'cancelled'`);
  if (filter.town) {
    conditions.push(
      inArray(powerInterruptions.id, db.select({ id: powerInterruptionTowns.interruptionId }).from(powerInterruptionTowns).where(eq(powerInterruptionTowns.town, filter.town))),
    );
  }
  if (filter.barangay) {
    const match = filter.town
      ? and(sql`lower(${barangays.name}) = lower(${filter.barangay})`, eq(barangays.town, filter.town))
      : sql`lower(${barangays.name}) = lower(${filter.barangay})`;
    conditions.push(
      inArray(
        powerInterruptions.id,
        db.select({ id: powerInterruptionBarangays.interruptionId }).from(powerInterruptionBarangays).innerJoin(barangays, eq(barangays.id, powerInterruptionBarangays.barangayId)).where(match),
      ),
    );
  }
  const rows = await db
    .select()
    .from(powerInterruptions)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(opts.order === "asc" ? asc(powerInterruptions.startsAt) : desc(powerInterruptions.startsAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [towns, areas] = await Promise.all([
    db.select().from(powerInterruptionTowns).where(inArray(powerInterruptionTowns.interruptionId, ids)),
    db
      .select({ interruptionId: powerInterruptionBarangays.interruptionId, name: barangays.name, town: barangays.town })
      .from(powerInterruptionBarangays)
      .innerJoin(barangays, eq(barangays.id, powerInterruptionBarangays.barangayId))
      .where(inArray(powerInterruptionBarangays.interruptionId, ids))
      .orderBy(asc(barangays.town), asc(barangays.name)),
  ]);
  return rows.map((r) => ({
    ...r,
    towns: towns.filter((t) => t.interruptionId === r.id).map((t) => t.town),
    barangays: areas.filter((a) => a.interruptionId === r.id).map(({ name, town }) => ({ name, town })),
  }));
}

/** The page and the feeds: what is not over yet (cancelled included), then what ended in the last two weeks. */
export async function listInterruptionSchedule(db: Db, filter: InterruptionFilter = {}, now = new Date()): Promise<{ upcoming: Interruption[]; recent: Interruption[] }> {
  const [upcoming, recent] = await Promise.all([listUpcomingInterruptions(db, filter, now, { includeCancelled: true }), listRecentInterruptions(db, filter, now)]);
  return { upcoming, recent };
}

/**
 * The status a member should see now, and since when. Staff set the stored status;
 * the clock moves a scheduled one to ongoing at its start and anything not
 * cancelled to finished at its end, so the page is right between updates.
 */
export function currentStatus(i: Pick<Interruption, "status" | "statusUpdatedAt" | "startsAt" | "endsAt">, now = new Date()): { status: InterruptionStatus; since: Date } {
  const latest = (d: Date) => (d > i.statusUpdatedAt ? d : i.statusUpdatedAt);
  if (i.status === "cancelled" || i.status === "finished") return { status: i.status, since: i.statusUpdatedAt };
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
