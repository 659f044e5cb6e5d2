/**
 * The unbundled rate schedule in the database: read per month (the page, the API, the
 * estimator, the bill check), saved by the rates console (row, revision and audit entry in one
 * transaction, then "rates" on the bus so cached pages go).
 */
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { discountTiers, rateClasses, rateSchedule } from "../../db/schema";
import type { DiscountTier } from "../bills/discounts";
import { auditContentChange } from "../content/audit.server";
import { type ContentContext, ContentValidationError } from "../content/context";
import { getRevision, saveRevision } from "../content/revisions.server";
import { now as clockNow } from "../shared/clock";
import { toManilaLocalInput } from "../shared/dates";
import {
  type ClassSchedule,
  COMPONENT_CODES,
  type ComponentCode,
  emptyComponents,
  formatRate,
  isCharged,
  SCHEDULE_COMPONENTS,
  type ScheduleRate,
  totalPerKwh,
  UNIT_LABELS,
  vatLabel,
} from "./schedule";

export interface RateClass {
  code: string;
  label: string;
}

export async function listRateClasses(db: DbOrTx): Promise<RateClass[]> {
  return db
    .select({ code: rateClasses.code, label: rateClasses.label })
    .from(rateClasses)
    .orderBy(asc(rateClasses.position), asc(rateClasses.code));
}

export async function listDiscountTiers(db: DbOrTx): Promise<DiscountTier[]> {
  const rows = await db.select().from(discountTiers).orderBy(asc(discountTiers.program), asc(discountTiers.maxKwh));
  return rows.map((r) => ({ program: r.program, minKwh: r.minKwh, maxKwh: r.maxKwh, percent: Number(r.percent) }));
}

type Key = { year: number; month: number };
const monthKey = (y: number, m: number) => y * 12 + (m - 1);

/**
 * The schedules of every class published for the months from `from` to `to` (inclusive), by
 * "year-month" then class, in the classes' order. A class shows only when it has rows.
 */
export async function getSchedules(
  db: DbOrTx,
  from: Key,
  to: Key,
  opts: { includeUnpublished?: boolean } = {},
): Promise<Map<string, ClassSchedule[]>> {
  const key = sql<number>`${rateSchedule.year} * 12 + ${rateSchedule.month} - 1`;
  // One query after the other: inside a transaction both go to one connection, where
  // node-postgres queues a second query behind a running one only until pg@9 (a deprecation now).
  const classes = await listRateClasses(db);
  const rows = await db
    .select()
    .from(rateSchedule)
    .where(
      and(
        gte(key, monthKey(from.year, from.month)),
        lte(key, monthKey(to.year, to.month)),
        opts.includeUnpublished ? undefined : lte(rateSchedule.publishAt, clockNow()),
      ),
    );
  const byMonth = new Map<string, Map<string, Record<ComponentCode, ScheduleRate>>>();
  for (const r of rows) {
    if (!(COMPONENT_CODES as readonly string[]).includes(r.component)) continue;
    const mk = `${r.year}-${r.month}`;
    const month = byMonth.get(mk) ?? new Map();
    byMonth.set(mk, month);
    const comps = month.get(r.classCode) ?? emptyComponents();
    month.set(r.classCode, comps);
    comps[r.component as ComponentCode] = {
      rate: Number(r.rate),
      vatPercent: Number(r.vatPercent),
      vatPerUnit: r.vatPerUnit === null ? null : Number(r.vatPerUnit),
    };
  }
  const out = new Map<string, ClassSchedule[]>();
  for (const [mk, month] of byMonth)
    out.set(
      mk,
      classes.filter((c) => month.has(c.code)).map((c) => ({ classCode: c.code, classLabel: c.label, components: month.get(c.code)! })),
    );
  return out;
}

/** One month's schedule, every class that has one; empty when none was published. */
export async function getSchedule(db: DbOrTx, year: number, month: number, opts: { includeUnpublished?: boolean } = {}) {
  return (await getSchedules(db, { year, month }, { year, month }, opts)).get(`${year}-${month}`) ?? [];
}

/** Each class's total per kWh for the months in range: the official rate, as the sum of its parts. */
export async function scheduleTotals(db: DbOrTx, from: Key, to: Key, opts: { includeUnpublished?: boolean } = {}) {
  const schedules = await getSchedules(db, from, to, opts);
  const out = new Map<string, { type: string; amount: number }[]>();
  for (const [mk, classes] of schedules)
    out.set(
      mk,
      classes.map((c) => ({ type: c.classCode, amount: totalPerKwh(c) })),
    );
  return out;
}

export const SCHEDULE_AREA = "rates";

type SavedClass = { classCode: string; components: Record<ComponentCode, ScheduleRate> };

/**
 * What a schedule's revision keeps: the classes to restore from, and each line in words
 * ("Residential: Generation charge" → "4.9326 Php/kWh; VAT 0.5919 Php/kWh"), so the history
 * page shows what changed in the figures staff typed.
 */
export function scheduleSnapshot(classes: SavedClass[], labels: RateClass[], publishAt: Date): Record<string, unknown> {
  const lines: Record<string, string> = {};
  for (const c of classes) {
    const name = labels.find((l) => l.code === c.classCode)?.label ?? c.classCode;
    for (const def of SCHEDULE_COMPONENTS) {
      const r = c.components[def.code];
      if (isCharged(r))
        lines[`${name}: ${def.label}`] = `${formatRate(r.rate)} ${UNIT_LABELS[def.unit]}; VAT ${vatLabel(r, def.unit, "en")}`;
    }
  }
  // The classes to restore from keep the same lines: a restore stores what was typed, nothing more.
  const kept = classes
    .map((c) => ({
      classCode: c.classCode,
      components: Object.fromEntries(
        COMPONENT_CODES.filter((code) => isCharged(c.components[code])).map((code) => [code, c.components[code]]),
      ),
    }))
    .filter((c) => Object.keys(c.components).length > 0);
  return { ...lines, "Published from": toManilaLocalInput(publishAt).replace("T", " "), classes: kept, publishAt: publishAt.toISOString() };
}

/** Saves one month's schedule (every class given), replacing what was there; public from `publishAt`. */
export async function saveSchedule(
  ctx: ContentContext,
  year: number,
  month: number,
  classes: SavedClass[],
  publishAt: Date | null,
  action = "saved",
): Promise<void> {
  const at = publishAt ?? clockNow();
  const key = `${year}-${String(month).padStart(2, "0")}`;
  await ctx.db.transaction(async (tx) => {
    const before = await getSchedule(tx, year, month, { includeUnpublished: true });
    for (const c of classes)
      await tx
        .delete(rateSchedule)
        .where(and(eq(rateSchedule.year, year), eq(rateSchedule.month, month), eq(rateSchedule.classCode, c.classCode)));
    // Only the lines that charge something: a line left empty reads as 0 without a row.
    const rows = classes.flatMap((c) =>
      COMPONENT_CODES.filter((code) => isCharged(c.components[code])).map((code) => ({
        year,
        month,
        classCode: c.classCode,
        component: code,
        rate: c.components[code].rate.toFixed(6),
        vatPercent: c.components[code].vatPercent.toFixed(4),
        vatPerUnit: c.components[code].vatPerUnit === null ? null : c.components[code].vatPerUnit!.toFixed(6),
        publishAt: at,
      })),
    );
    if (rows.length) await tx.insert(rateSchedule).values(rows);
    const after = scheduleSnapshot(classes, await listRateClasses(tx), at);
    await saveRevision(tx, { kind: "rate-schedule", entityId: key, actor: ctx.actor, action, snapshot: after });
    await auditContentChange(tx, ctx, { action: "rate_schedule.saved", objectType: "rate_schedule", objectId: key, before, after });
  });
  await ctx.contentChanged(SCHEDULE_AREA).catch(() => {});
}

/** Puts back the figures of an earlier revision of a month's schedule (a new revision records it). */
export async function restoreScheduleRevision(ctx: ContentContext, key: string, version: number): Promise<void> {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  const revision = m ? await getRevision(ctx.db, "rate-schedule", key, version) : null;
  if (!m || !revision) throw new ContentValidationError({}, "That revision does not exist.");
  const s = revision.snapshot as { classes?: SavedClass[]; publishAt?: string };
  if (!Array.isArray(s.classes)) throw new ContentValidationError({}, "That revision holds no schedule to restore.");
  // A revision saved before VAT could be given per unit has no vatPerUnit: it was a percent.
  const classes = s.classes.map((c) => ({
    classCode: c.classCode,
    components: Object.fromEntries(
      COMPONENT_CODES.map((code) => {
        const r = c.components[code] ?? { rate: 0, vatPercent: 0, vatPerUnit: null };
        return [code, { rate: r.rate, vatPercent: r.vatPercent, vatPerUnit: r.vatPerUnit ?? null }];
      }),
    ) as Record<ComponentCode, ScheduleRate>,
  }));
  await saveSchedule(ctx, Number(m[1]), Number(m[2]), classes, s.publishAt ? new Date(s.publishAt) : null, `restored v${version}`);
}
