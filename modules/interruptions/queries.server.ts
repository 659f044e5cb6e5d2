/**
 * Power interruptions: the one query the ticker, the page and the API share.
 */
import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { barangays, interruptionEvents, powerInterruptionBarangays, powerInterruptions, powerInterruptionTowns } from "../../db/schema";
import { visibleNow } from "../content/publication.server";
import type { Town } from "../shared/constants";
import { type Interruption, type InterruptionFilter, type InterruptionWindow, RECENT_DAYS, windowCovers } from "./model";

export * from "./model";

/**
 * Interruptions not yet over (ongoing or to come), soonest first. Cancelled ones are
 * left out (the ticker and the API), unless `includeCancelled` (the page and feeds,
 * where "cancelled" is news a member needs).
 */
export async function listUpcomingInterruptions(
  db: Db,
  filter: InterruptionFilter = {},
  now = new Date(),
  opts: { includeCancelled?: boolean } = {},
): Promise<Interruption[]> {
  return listInterruptions(db, filter, { endsAfter: now, excludeCancelled: !opts.includeCancelled, order: "asc" });
}

/** Interruptions that ended within the last `days` days, latest first. */
export async function listRecentInterruptions(
  db: Db,
  filter: InterruptionFilter = {},
  now = new Date(),
  days = RECENT_DAYS,
): Promise<Interruption[]> {
  return listInterruptions(db, filter, { endsBefore: now, endsAfter: new Date(now.getTime() - days * 86_400_000), order: "desc" });
}

/** json values arrive parsed from pg and as text from some drivers. */
const fromJson = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

async function listInterruptions(
  db: Db,
  filter: InterruptionFilter,
  opts: { endsAfter?: Date; endsBefore?: Date; excludeCancelled?: boolean; order: "asc" | "desc" },
): Promise<Interruption[]> {
  const conditions = [visibleNow(powerInterruptions)];
  if (opts.endsAfter) conditions.push(gte(powerInterruptions.endsAt, opts.endsAfter));
  if (opts.endsBefore) conditions.push(lt(powerInterruptions.endsAt, opts.endsBefore));
  if (opts.excludeCancelled) conditions.push(sql`${powerInterruptions.status} <> 'cancelled'`);
  if (filter.town) {
    conditions.push(touchesTown(db, filter.town));
  }
  if (filter.barangay) {
    const match = filter.town
      ? and(sql`lower(${barangays.name}) = lower(${filter.barangay})`, eq(barangays.town, filter.town))
      : sql`lower(${barangays.name}) = lower(${filter.barangay})`;
    conditions.push(
      inArray(
        powerInterruptions.id,
        db
          .select({ id: powerInterruptionBarangays.interruptionId })
          .from(powerInterruptionBarangays)
          .innerJoin(barangays, eq(barangays.id, powerInterruptionBarangays.barangayId))
          .where(match),
      ),
    );
  }
  // One round trip: the towns and barangays come along as JSON arrays (the profile of an
  // uncached render showed three queries per list, and the database has one connection).
  const { towns, areas } = areaColumns();
  const rows = await db
    .select({ ...getTableColumns(powerInterruptions), towns, barangays: areas })
    .from(powerInterruptions)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(opts.order === "asc" ? asc(powerInterruptions.startsAt) : desc(powerInterruptions.startsAt));
  return rows;
}

// Qualified by hand: in a one-table select Drizzle leaves column names bare, which a subquery would bind to its own tables.
const outerId = sql.raw('"power_interruptions"."id"');

/** The towns and barangays of each interruption as JSON arrays, in the same row. */
function areaColumns() {
  const towns = sql<
    Town[]
  >`coalesce((select json_agg(t.town order by t.town) from ${powerInterruptionTowns} t where t.interruption_id = ${outerId}), '[]'::json)`.mapWith(
    fromJson,
  );
  const areas = sql<
    { name: string; town: Town }[]
  >`coalesce((select json_agg(json_build_object('name', b.name, 'town', b.town) order by b.town, b.name) from ${powerInterruptionBarangays} pb join ${barangays} b on b.id = pb.barangay_id where pb.interruption_id = ${outerId}), '[]'::json)`.mapWith(
    fromJson,
  );
  return { towns, areas };
}

/**
 * The interruption window (modules/interruptions/model.ts): one query for the ticker, the page and
 * its history. It reaches a day further back than the page shows, so a kept copy stays
 * exact however the clock moves forward, and back by up to a day.
 */
export async function loadInterruptionWindow(db: Db, now: Date): Promise<InterruptionWindow> {
  const from = new Date(now.getTime() - (RECENT_DAYS + 1) * 86_400_000);
  const { towns, areas } = areaColumns();
  type EventRow = { kind: string; note: string; occurredAt: string };
  const events = sql<
    EventRow[]
  >`coalesce((select json_agg(json_build_object('kind', e.kind, 'note', e.note, 'occurredAt', e.occurred_at) order by e.occurred_at, e.id) from ${interruptionEvents} e where e.interruption_id = ${outerId}), '[]'::json)`.mapWith(
    (v): EventRow[] => fromJson(v),
  );
  const rows = await db
    .select({ ...getTableColumns(powerInterruptions), towns, barangays: areas, events })
    .from(powerInterruptions)
    .where(
      and(
        eq(powerInterruptions.publication, "published"),
        // An unplanned outage without an estimate stays in the window however long ago its stand-in end was.
        or(
          gte(powerInterruptions.endsAt, from),
          and(eq(powerInterruptions.endKnown, false), notInArray(powerInterruptions.status, ["finished", "cancelled"])),
        ),
      ),
    )
    .orderBy(asc(powerInterruptions.startsAt));
  return {
    from,
    rows: rows.map((r) => ({ ...r, events: r.events.map((e) => ({ ...e, occurredAt: new Date(e.occurredAt) })) })),
  };
}

/**
 * The window kept in memory (services.reference: REFERENCE_TTL_MS, dropped on every content
 * change), read again when the clock has moved back past what it holds.
 */
export async function interruptionWindow(
  s: { db: Db; reference<T>(key: string, compute: () => Promise<T>): Promise<T> },
  now: Date,
): Promise<InterruptionWindow> {
  const kept = await s.reference("interruption-window", () => loadInterruptionWindow(s.db, now));
  return windowCovers(kept, now) ? kept : loadInterruptionWindow(s.db, now);
}

/** The page and the feeds: what is not over yet (cancelled included), then what ended in the last two weeks. */
export async function listInterruptionSchedule(
  db: Db,
  filter: InterruptionFilter = {},
  now = new Date(),
): Promise<{ upcoming: Interruption[]; recent: Interruption[] }> {
  const [upcoming, recent] = await Promise.all([
    listUpcomingInterruptions(db, filter, now, { includeCancelled: true }),
    listRecentInterruptions(db, filter, now),
  ]);
  return { upcoming, recent };
}

/** The condition "the interruption touches this town" (one of its towns), for a where clause. */
export function touchesTown(db: Db, town: Town) {
  return inArray(
    powerInterruptions.id,
    db.select({ id: powerInterruptionTowns.interruptionId }).from(powerInterruptionTowns).where(eq(powerInterruptionTowns.town, town)),
  );
}
