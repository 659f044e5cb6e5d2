/** The public history of interruptions: each status change with its time and public note. */
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { interruptionEvents } from "../../db/schema";
import { formatDateTime } from "../shared/dates";
import type { Locale } from "../shared/i18n";

export const EVENT_LABELS: Record<string, string> = {
  published: "Announced",
  changed: "Details changed",
  moved: "Time changed",
  extended: "Extended",
  ongoing: "Ongoing",
  finished: "Finished",
  cancelled: "Cancelled",
};

export interface PublicEvent {
  /** What happened (EVENT_LABELS' keys): pages in another language label it themselves. */
  kind: string;
  label: string;
  at: string;
  atIso: string;
  note: string;
}

/** Per interruption, its changes oldest first; only those already due (a scheduled "published" waits). */
export async function publicHistory(db: Db, ids: number[], now: Date): Promise<Map<number, PublicEvent[]>> {
  const byId = new Map<number, PublicEvent[]>();
  if (!ids.length) return byId;
  const rows = await db
    .select()
    .from(interruptionEvents)
    .where(inArray(interruptionEvents.interruptionId, ids))
    .orderBy(asc(interruptionEvents.occurredAt), asc(interruptionEvents.id));
  for (const r of rows) {
    if (r.occurredAt > now) continue;
    const list = byId.get(r.interruptionId) ?? [];
    list.push(publicEvent(r, "en"));
    byId.set(r.interruptionId, list);
  }
  return byId;
}

function publicEvent(e: { kind: string; note: string; occurredAt: Date }, locale: Locale): PublicEvent {
  return {
    kind: e.kind,
    label: EVENT_LABELS[e.kind] ?? e.kind,
    at: formatDateTime(e.occurredAt, locale),
    atIso: e.occurredAt.toISOString(),
    note: e.note,
  };
}

/** The same history from an interruption window's events (modules/interruptions/model.ts): those already due, oldest first. */
export function historyOf(
  events: readonly { kind: string; note: string; occurredAt: Date }[],
  now: Date,
  locale: Locale = "en",
): PublicEvent[] {
  return events.filter((e) => e.occurredAt <= now).map((e) => publicEvent(e, locale));
}
