/**
 * The restoration hub in the database: per-barangay figures set by staff, the major
 * event switch, and the Open311 API keys.
 */

import crypto from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, type DbOrTx, queryRows } from "../../db/client";
import {
  barangayPower,
  barangays,
  incidents,
  majorEvents,
  open311Keys,
  powerInterruptionBarangays,
  powerInterruptions,
  powerInterruptionTowns,
} from "../../db/schema";
import { visibleNow } from "../content/publication.server";
import { CLOSED_STATUSES, computeHub, type HubOutageInput, type HubStatus, type IncidentStatus } from "../reports/model";
import { now as clockNow } from "../shared/clock";
import { TOWNS } from "../shared/constants";
import { manilaLocalField } from "../shared/date-fields";
import { formatDateTime } from "../shared/dates";
import { visibleAt } from "./model";
import { interruptionWindow } from "./queries.server";

/** Declaring a major event: its title and an optional message for the banner. */
export const majorEventFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(3, "Give the event a title of 3 to 120 characters, for example “Typhoon Ramon”.")
    .max(120, "Give the event a title of 3 to 120 characters, for example “Typhoon Ramon”."),
  message: z.string().trim().max(300, "At most 300 characters."),
});

const count = (message: string, max = 999_999) => z.number(message).int(message).min(0, message).max(max, message);

/** One barangay's figures on the hub. */
export const barangayPowerFormSchema = z
  .object({
    barangayId: z.number().int().positive(),
    consumers: count("Consumers: a whole number."),
    consumersOff: count("Without power: a whole number."),
    etr: manilaLocalField("Write the date and time of the estimated restoration."),
    crews: count("Crews: a whole number up to 99.", 99),
  })
  .refine((v) => v.consumersOff <= v.consumers, {
    path: ["consumersOff"],
    message: "Without power cannot be more than the consumers.",
    // Checked whenever both counts are numbers, whatever else is wrong.
    when: ({ value }) => {
      const v = value as { consumers?: unknown; consumersOff?: unknown };
      return Number.isInteger(v.consumers) && Number.isInteger(v.consumersOff);
    },
  });

/** A whole town in one step: every barangay of it off (all its consumers) or restored. */
export const townPowerFormSchema = z.object({
  town: z.enum(TOWNS, "Choose the town."),
  state: z.enum(["off", "restored"], "Choose: the whole town without power, or restored."),
  etr: manilaLocalField("Write the date and time of the estimated restoration."),
});

const NAME_MESSAGE = "Name the client in 3 to 100 characters, for example “Provincial DRRMO”.";

/** An Open311 client's name, for its key. */
export const open311KeyFormSchema = z.object({
  name: z.string().trim().min(3, NAME_MESSAGE).max(100, NAME_MESSAGE),
});

export async function getHubStatus(db: DbOrTx, now: Date = clockNow()): Promise<HubStatus> {
  const [list, power, outages, rollConsumers] = await Promise.all([
    db
      .select({ barangayId: barangays.id, name: barangays.name, town: barangays.town })
      .from(barangays)
      .orderBy(barangays.town, barangays.name),
    db.select().from(barangayPower),
    currentOutages(db, now),
    consumersFromRoll(db),
  ]);
  return computeHub(list, power, TOWNS, { outages, rollConsumers });
}

/** Incident kinds that mean homes without power. */
const POWER_OFF_KINDS = ["no-power", "partial-power", "line-down"] as const;

/**
 * Where power is off now without anyone typing it on the hub: the barangays of every
 * published interruption that is on now (marked ongoing or extended, or scheduled and inside
 * its window; a town without named barangays is the whole town), and of every open incident
 * of no power, partial power or a line down.
 */
/** A published interruption on now: marked ongoing or extended, or scheduled and inside its window. */
export function interruptionOnNow(now: Date) {
  return and(
    visibleNow(powerInterruptions, now),
    or(
      inArray(powerInterruptions.status, ["ongoing", "extended"]),
      and(eq(powerInterruptions.status, "scheduled"), lte(powerInterruptions.startsAt, now), gt(powerInterruptions.endsAt, now)),
    ),
  );
}

export async function currentOutages(db: DbOrTx, now: Date = clockNow()): Promise<HubOutageInput[]> {
  const on = await db
    .select({ id: powerInterruptions.id, status: powerInterruptions.status, endsAt: powerInterruptions.endsAt })
    .from(powerInterruptions)
    .where(interruptionOnNow(now));
  const out: HubOutageInput[] = [];
  if (on.length) {
    const ids = on.map((i) => i.id);
    const [towns, named, all] = await Promise.all([
      db.select().from(powerInterruptionTowns).where(inArray(powerInterruptionTowns.interruptionId, ids)),
      db
        .select({ interruptionId: powerInterruptionBarangays.interruptionId, barangayId: barangays.id, town: barangays.town })
        .from(powerInterruptionBarangays)
        .innerJoin(barangays, eq(barangays.id, powerInterruptionBarangays.barangayId))
        .where(inArray(powerInterruptionBarangays.interruptionId, ids)),
      db.select({ id: barangays.id, town: barangays.town }).from(barangays),
    ]);
    for (const i of on)
      out.push(
        ...interruptionOutages(
          i,
          named.filter((n) => n.interruptionId === i.id),
          towns.filter((x) => x.interruptionId === i.id).map((x) => x.town),
          all,
        ),
      );
  }
  return [...out, ...incidentOutages(await openIncidents(db))];
}

/** Every open incident with what the hub needs, in one light query (no report counts or landmarks). */
export async function openIncidents(db: DbOrTx): Promise<OpenIncident[]> {
  return db
    .select({
      id: incidents.id,
      kind: incidents.kind,
      status: incidents.status,
      barangayId: incidents.barangayId,
      town: barangays.town,
      etr: incidents.etr,
    })
    .from(incidents)
    .innerJoin(barangays, eq(barangays.id, incidents.barangayId))
    .where(notInArray(incidents.status, [...CLOSED_STATUSES]));
}

export interface OpenIncident {
  id: number;
  kind: string;
  status: string;
  barangayId: number;
  town: string;
  etr: Date | null;
}

/** An interruption on now (marked ongoing or extended, or scheduled and inside its window). */
function isOn(i: { status: string; startsAt: Date; endsAt: Date }, now: Date): boolean {
  return i.status === "ongoing" || i.status === "extended" || (i.status === "scheduled" && i.startsAt <= now && i.endsAt > now);
}

/** The barangays one interruption on now leaves without power: those it names, and every barangay of a town it names none of. */
function interruptionOutages(
  i: { id: number; status: string; endsAt: Date },
  named: readonly { barangayId: number; town: string }[],
  towns: readonly string[],
  all: readonly { id: number; town: string }[],
): HubOutageInput[] {
  const label = `${i.status === "scheduled" ? "Scheduled interruption" : "Power interruption"} until ${formatDateTime(i.endsAt)}`;
  const ids = new Set(named.map((n) => n.barangayId));
  for (const town of towns) if (!named.some((n) => n.town === town)) for (const b of all.filter((x) => x.town === town)) ids.add(b.id);
  const cause = { kind: i.status === "scheduled" ? "scheduled" : "interruption", until: i.endsAt } as const;
  return [...ids].map((barangayId) => ({ barangayId, source: "interruption", label, cause, until: i.endsAt }));
}

/** Open incidents of no power, partial power or a line down: the barangays members report without power. */
function incidentOutages(open: readonly OpenIncident[]): HubOutageInput[] {
  return open
    .filter((i) => (POWER_OFF_KINDS as readonly string[]).includes(i.kind) && !CLOSED_STATUSES.has(i.status as IncidentStatus))
    .map((i) => ({
      barangayId: i.barangayId,
      source: "incident",
      label: `Reported by members (incident ${i.id})`,
      cause: { kind: "incident", incidentId: i.id },
      until: i.etr,
    }));
}

/**
 * The hub for the public page, built from what is kept (services.reference: the barangays,
 * staff's figures, the member roll's counts and the interruption window, all dropped on a
 * content change; staff's hub announces "outages") and the open incidents the page reads
 * anyway, so a member's new report shows at once: no query of its own.
 */
export async function publicHubStatus(
  s: { db: Db; reference<T>(key: string, compute: () => Promise<T>): Promise<T> },
  open: readonly OpenIncident[],
  now: Date = clockNow(),
): Promise<HubStatus> {
  const [[list, power, rollConsumers], window] = await Promise.all([
    s.reference("hub-places", () =>
      Promise.all([
        s.db
          .select({ barangayId: barangays.id, name: barangays.name, town: barangays.town })
          .from(barangays)
          .orderBy(barangays.town, barangays.name),
        s.db.select().from(barangayPower),
        consumersFromRoll(s.db),
      ]),
    ),
    interruptionWindow(s, now),
  ]);
  const idOf = new Map(list.map((b) => [`${b.town}\n${b.name}`, b.barangayId]));
  const all = list.map((b) => ({ id: b.barangayId, town: b.town }));
  const outages: HubOutageInput[] = [];
  for (const i of window.rows) {
    if (!visibleAt(i, now) || !isOn(i, now)) continue;
    const named = i.barangays.flatMap((b) => {
      const barangayId = idOf.get(`${b.town}\n${b.name}`);
      return barangayId === undefined ? [] : [{ barangayId, town: b.town }];
    });
    outages.push(...interruptionOutages(i, named, i.towns, all));
  }
  outages.push(...incidentOutages(open));
  return computeHub(list, power, TOWNS, { outages, rollConsumers });
}

// The barangay's name as a regular expression between word boundaries (\m \M), every
// character other than a letter, digit or space escaped: "Germinal (Poblacion)" matches itself.
const ROLL_COUNT = sql.raw(String.raw`select b.id as barangay_id, count(*)::int as n
  from agam_accounts a
  join barangays b on b.town = a.town
   and a.address ~* ('\m' || regexp_replace(b.name, '([^A-Za-z0-9 ])', '\\\1', 'g') || '\M')
  group by b.id`);

/**
 * Consumers per barangay, known in advance: the member roll's accounts whose address names
 * the barangay (as a whole word, within the account's town).
 */
export async function consumersFromRoll(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await queryRows<{ barangay_id: number; n: number }>(db, ROLL_COUNT);
  return new Map(rows.map((r) => [r.barangay_id, r.n]));
}

export interface BarangayPowerInput {
  barangayId: number;
  consumers: number;
  consumersOff: number;
  etr: Date | null;
  crews: number;
  actorId: string;
}

export async function setBarangayPower(db: DbOrTx, input: BarangayPowerInput, now = new Date()) {
  const values = {
    consumers: input.consumers,
    consumersOff: input.consumersOff,
    etr: input.consumersOff > 0 ? input.etr : null,
    crews: input.crews,
    updatedAt: now,
    updatedBy: input.actorId,
  };
  const [row] = await db
    .insert(barangayPower)
    .values({ barangayId: input.barangayId, ...values })
    .onConflictDoUpdate({ target: barangayPower.barangayId, set: values })
    .returning();
  return row!;
}

/**
 * Sets every barangay of a town at once: off with all its consumers (the count typed on the
 * hub, else the member roll's), or restored. Returns how many barangays were set.
 */
export async function setTownPower(
  db: DbOrTx,
  input: { town: (typeof TOWNS)[number]; state: "off" | "restored"; etr: Date | null; actorId: string },
  now = new Date(),
): Promise<number> {
  const [rows, roll] = await Promise.all([listBarangayPower(db, input.town), consumersFromRoll(db)]);
  for (const r of rows) {
    const consumers = r.consumers || roll.get(r.barangayId) || 0;
    await setBarangayPower(
      db,
      {
        barangayId: r.barangayId,
        consumers,
        consumersOff: input.state === "off" ? consumers : 0,
        etr: input.etr,
        // Crews stay where the dispatchers put them until the town is restored.
        crews: input.state === "off" ? (r.crews ?? 0) : 0,
        actorId: input.actorId,
      },
      now,
    );
  }
  return rows.length;
}

export async function listBarangayPower(db: DbOrTx, town?: (typeof TOWNS)[number]) {
  return db
    .select({
      barangayId: barangays.id,
      name: barangays.name,
      town: barangays.town,
      consumers: barangayPower.consumers,
      consumersOff: barangayPower.consumersOff,
      etr: barangayPower.etr,
      crews: barangayPower.crews,
      updatedAt: barangayPower.updatedAt,
    })
    .from(barangays)
    .leftJoin(barangayPower, eq(barangayPower.barangayId, barangays.id))
    .where(town ? eq(barangays.town, town) : undefined)
    .orderBy(barangays.town, barangays.name);
}

export interface MajorEvent {
  id: number;
  title: string;
  message: string;
  startedAt: Date;
}

/** The declared major event, if any (the newest one still open). */
export async function activeMajorEvent(db: DbOrTx): Promise<MajorEvent | null> {
  const [row] = await db
    .select({ id: majorEvents.id, title: majorEvents.title, message: majorEvents.message, startedAt: majorEvents.startedAt })
    .from(majorEvents)
    .where(isNull(majorEvents.endedAt))
    .orderBy(desc(majorEvents.startedAt))
    .limit(1);
  return row ?? null;
}

/** Declares a major event; call it in the caller's transaction (with the audit entry). */
export async function declareMajorEvent(
  tx: DbOrTx,
  input: { title: string; message: string; actorId: string },
  now = new Date(),
): Promise<MajorEvent> {
  // One event at a time: declaring a new one ends the previous.
  await tx.update(majorEvents).set({ endedAt: now }).where(isNull(majorEvents.endedAt));
  const [row] = await tx
    .insert(majorEvents)
    .values({ title: input.title, message: input.message, declaredBy: input.actorId, startedAt: now })
    .returning();
  return row!;
}

export async function endMajorEvent(db: DbOrTx, now = new Date()): Promise<number> {
  const rows = await db.update(majorEvents).set({ endedAt: now }).where(isNull(majorEvents.endedAt)).returning({ id: majorEvents.id });
  return rows.length;
}

/* ---------- Open311 API keys ---------- */

const hashKey = (key: string) => crypto.createHash("sha256").update(key).digest("hex");

/** A new key: shown once to the staff member, only its hash is kept. */
export async function issueOpen311Key(db: DbOrTx, input: { name: string; actorId: string }): Promise<{ id: number; key: string }> {
  const key = `o311_${crypto.randomBytes(24).toString("base64url")}`;
  const [row] = await db
    .insert(open311Keys)
    .values({ name: input.name, keyHash: hashKey(key), createdBy: input.actorId })
    .returning({ id: open311Keys.id });
  return { id: row!.id, key };
}

/** The key's client name when it is valid and not revoked. */
export async function checkOpen311Key(db: DbOrTx, key: string): Promise<{ id: number; name: string } | null> {
  if (!key || key.length > 200) return null;
  const [row] = await db
    .select({ id: open311Keys.id, name: open311Keys.name })
    .from(open311Keys)
    .where(and(eq(open311Keys.keyHash, hashKey(key)), isNull(open311Keys.revokedAt)));
  return row ?? null;
}

export async function listOpen311Keys(db: DbOrTx) {
  return db
    .select({
      id: open311Keys.id,
      name: open311Keys.name,
      createdAt: open311Keys.createdAt,
      createdBy: open311Keys.createdBy,
      revokedAt: open311Keys.revokedAt,
    })
    .from(open311Keys)
    .orderBy(desc(open311Keys.createdAt));
}

export async function revokeOpen311Key(db: DbOrTx, id: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(open311Keys)
    .set({ revokedAt: now })
    .where(and(eq(open311Keys.id, id), isNull(open311Keys.revokedAt)))
    .returning({ id: open311Keys.id });
  return rows.length > 0;
}
