/**
 * The dispatcher's side of power interruptions: create, edit, publish or schedule, change
 * status, copy to another day, import a week from CSV, restore a revision. Each function
 * writes the row, its revision, its audit entry and its interruption event in one
 * transaction, then announces "interruptions" on the content-changed bus.
 */

import { parse as parseCsv } from "csv-parse/sync";
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import { barangays, powerInterruptionBarangays, powerInterruptions, powerInterruptionTowns } from "../../db/schema";
import { recordContentChange } from "../content/audit.server";
import { announceContentChange, type ContentContext, ContentValidationError } from "../content/context";
import { inPublicState, isVisible, type PublicState, publicState } from "../content/publication.server";
import { type PublicationValues, publicationFields, readPublication } from "../content/publication-form";
import { getRevision } from "../content/revisions.server";
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  flatTranslations,
  INTERRUPTION_TRANSLATED,
  missingLanguages,
  readTranslations,
  storedTranslations,
  type Translations,
  translationKey,
} from "../content/translations";
import { type BarangayRef, matchBarangayNames, normalizeName } from "../places/barangay-match";
import { townNamed } from "../places/towns";
import { now as clockNow } from "../shared/clock";
import { type InterruptionStatus, isTown, TOWNS, type Town } from "../shared/constants";
import { manilaDateTime, manilaFormParts, manilaLocalInput, toManilaLocalInput } from "../shared/dates";
import { escapeHtmlText, escapeLike } from "../shared/escape";
import { toPlainText, toStoredHtml } from "../shared/html";
import { isRowId } from "../shared/ids";
import { type InterruptionEventKind, recordInterruptionEvent } from "./events.server";
import { touchesTown } from "./queries.server";
import { IMPORT_COLUMNS, type ImportProblem, NEXT_STATUSES } from "./rules";

export { IMPORT_COLUMNS, IMPORT_TEMPLATE, type ImportProblem, NEXT_STATUSES, STATUS_ACTION_LABELS } from "./rules";

export const AREA = "interruptions";

const translationFields = Object.fromEntries(
  CONTENT_LANGUAGES.map((l) => [translationKey(l, "activities"), z.string().max(5000).default("")]),
) as Record<`${ContentLanguage}.activities`, z.ZodDefault<z.ZodString>>;

/** The editor form, as typed (every value a string; lists for the checkboxes). */
export const interruptionFormSchema = z.object({
  date: z.string().trim().max(20).default(""),
  start: z.string().trim().max(10).default(""),
  end: z.string().trim().max(10).default(""),
  /** The day it ends, when not the same day. */
  endDate: z.string().trim().max(20).default(""),
  activities: z.string().max(5000).default(""),
  ...translationFields,
  circuit: z.string().max(2000).default(""),
  /** Optional public wording of the areas; generated from the choice when empty. */
  affectedAreas: z.string().max(5000).default(""),
  barangay: z.array(z.string().max(12)).max(2000).default([]),
  wholeTown: z.array(z.string().max(20)).max(20).default([]),
  pasteNames: z.string().max(10_000).default(""),
  pasteTown: z.string().max(20).default(""),
  ...publicationFields,
});
export type InterruptionForm = z.infer<typeof interruptionFormSchema>;

/** What a revision keeps: enough to show the change and to restore it. */
export interface InterruptionSnapshot extends Record<string, unknown> {
  date: string;
  start: string;
  end: string;
  endDate: string;
  activities: string;
  /** The activities in other languages: `fil.activities`, … (empty when not written). */
  [translated: `${string}.activities`]: string;
  circuit: string;
  affectedAreas: string;
  areas: string;
  barangayIds: number[];
  status: InterruptionStatus;
  publication: string;
  publishAt: string;
  unpublishAt: string;
}

export async function allBarangays(db: DbOrTx): Promise<BarangayRef[]> {
  return db
    .select({ id: barangays.id, name: barangays.name, town: barangays.town })
    .from(barangays)
    .orderBy(asc(barangays.town), asc(barangays.name));
}

interface Validated {
  startsAt: Date;
  endsAt: Date;
  activities: string;
  translations: Translations;
  circuit: string;
  affectedAreas: string;
  barangayIds: number[];
  towns: Town[];
  publication: PublicationValues;
}

/** The areas as members read them: "Bolinao: whole town", "Bani: Centro, Poblacion". */
export function describeAreas(chosen: BarangayRef[], all: BarangayRef[]): string {
  const lines: string[] = [];
  for (const town of TOWNS) {
    const inTown = chosen.filter((b) => b.town === town);
    if (!inTown.length) continue;
    const total = all.filter((b) => b.town === town).length;
    lines.push(
      inTown.length === total
        ? `<p><strong>${town}</strong>: whole town</p>`
        : `<p><strong>${town}</strong>: ${inTown.map((b) => escapeHtmlText(b.name)).join(", ")}</p>`,
    );
  }
  return lines.join("");
}

function validate(form: InterruptionForm, all: BarangayRef[], current: PublicationValues | null, now: Date): Validated {
  const errors: Record<string, string> = {};
  const startsAt = manilaDateTime(form.date, form.start);
  const endsAt = manilaDateTime(form.endDate || form.date, form.end);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date) || !manilaDateTime(form.date, "00:00")) errors.date = "Enter the date, like 2026-03-05.";
  else if (!startsAt) errors.start = "Enter the start time, like 08:00.";
  if (form.endDate && !manilaDateTime(form.endDate, "00:00"))
    errors.endDate = "Enter the end date, like 2026-03-06, or leave it empty for the same day.";
  else if (!endsAt) errors.end = "Enter the end time, like 17:00.";
  else if (startsAt && endsAt <= startsAt) errors.end = "The end must be after the start.";
  const activities = toStoredHtml(form.activities);
  const circuit = toStoredHtml(form.circuit);
  if (!toPlainText(activities)) errors.activities = "Say what work will be done.";
  if (!toPlainText(circuit)) errors.circuit = "Name the circuit or line to be opened.";
  const translations = readTranslations(form, INTERRUPTION_TRANSLATED, { activities }, errors);

  const ids = new Set<number>();
  for (const v of form.barangay) {
    const id = Number(v);
    if (all.some((b) => b.id === id)) ids.add(id);
  }
  for (const t of form.wholeTown) if (isTown(t)) for (const b of all) if (b.town === t) ids.add(b.id);
  if (form.pasteNames.trim()) {
    const r = matchBarangayNames(all, form.pasteNames, isTown(form.pasteTown) ? form.pasteTown : undefined);
    for (const b of r.matched) ids.add(b.id);
    const problems = [
      r.unknown.length ? `not found: ${r.unknown.join(", ")}` : "",
      r.ambiguous.length ? `in more than one town, write "Town: name": ${r.ambiguous.join(", ")}` : "",
    ].filter(Boolean);
    if (problems.length) errors.pasteNames = `Some names were not matched (${problems.join("; ")}). Correct them or remove them.`;
  }
  if (!ids.size && !errors.pasteNames) errors.areas = "Choose the affected barangays, a whole town, or paste their names.";
  const chosen = all.filter((b) => ids.has(b.id));
  const affectedAreas = form.affectedAreas.trim() ? toStoredHtml(form.affectedAreas) : describeAreas(chosen, all);
  const publication = readPublication(form, current, now, errors);
  if (Object.keys(errors).length) throw new ContentValidationError(errors);
  return {
    startsAt: startsAt!,
    endsAt: endsAt!,
    activities,
    translations,
    circuit,
    affectedAreas,
    barangayIds: [...ids].sort((a, b) => a - b),
    towns: [...new Set(chosen.map((b) => b.town))],
    publication,
  };
}

type Row = typeof powerInterruptions.$inferSelect;

async function snapshotOf(tx: DbOrTx, row: Row): Promise<InterruptionSnapshot> {
  const areas = await tx
    .select({ id: barangays.id, name: barangays.name, town: barangays.town })
    .from(powerInterruptionBarangays)
    .innerJoin(barangays, eq(barangays.id, powerInterruptionBarangays.barangayId))
    .where(eq(powerInterruptionBarangays.interruptionId, row.id))
    .orderBy(asc(barangays.town), asc(barangays.name));
  const start = manilaFormParts(row.startsAt);
  const end = manilaFormParts(row.endsAt);
  return {
    date: start.date,
    start: start.time,
    end: end.time,
    endDate: end.date === start.date ? "" : end.date,
    activities: row.activities,
    ...(flatTranslations(storedTranslations(row.translations), INTERRUPTION_TRANSLATED) as Record<`${ContentLanguage}.activities`, string>),
    circuit: row.circuitToBeOpened,
    affectedAreas: row.affectedAreas,
    areas: TOWNS.map((t) => [t, areas.filter((a) => a.town === t).map((a) => a.name)] as const)
      .filter(([, names]) => names.length)
      .map(([t, names]) => `${t}: ${names.join(", ")}`)
      .join("; "),
    barangayIds: areas.map((a) => a.id),
    status: row.status,
    publication: row.publication,
    publishAt: toManilaLocalInput(row.publishAt),
    unpublishAt: toManilaLocalInput(row.unpublishAt),
  };
}

async function writeAreas(tx: DbOrTx, id: number, v: Pick<Validated, "barangayIds" | "towns">) {
  await tx.delete(powerInterruptionBarangays).where(eq(powerInterruptionBarangays.interruptionId, id));
  await tx.delete(powerInterruptionTowns).where(eq(powerInterruptionTowns.interruptionId, id));
  if (v.towns.length) await tx.insert(powerInterruptionTowns).values(v.towns.map((town) => ({ interruptionId: id, town })));
  if (v.barangayIds.length)
    await tx.insert(powerInterruptionBarangays).values(v.barangayIds.map((barangayId) => ({ interruptionId: id, barangayId })));
}

/** The moment members learn of it: when it is published, or its scheduled publish time. */
const publishedAt = (p: PublicationValues, now: Date) => (p.publishAt && p.publishAt > now ? p.publishAt : now);

async function finish(ctx: ContentContext) {
  await announceContentChange(ctx, AREA);
}

/** Set by the code that creates it, not typed in the form: what kind, and whether its end is a real time. */
export interface InterruptionOrigin {
  kind: "planned" | "unplanned";
  /** False for an unplanned outage without an estimated restoration (its end is a stand-in). */
  endKnown: boolean;
}

export async function createInterruption(
  ctx: ContentContext,
  form: InterruptionForm,
  origin: InterruptionOrigin = { kind: "planned", endKnown: true },
): Promise<number> {
  const now = clockNow();
  const all = await allBarangays(ctx.db);
  const v = validate(form, all, null, now);
  const id = await ctx.db.transaction((tx) => insertInterruption(tx, ctx, v, now, "created", origin));
  await finish(ctx);
  return id;
}

/** One new interruption from checked values: the row, its areas, its revision and, when it is published, its event. */
async function insertInterruption(
  tx: DbOrTx,
  ctx: ContentContext,
  v: Validated,
  now: Date,
  action: "created" | "imported",
  origin: InterruptionOrigin = { kind: "planned", endKnown: true },
): Promise<number> {
  const [row] = await tx
    .insert(powerInterruptions)
    .values({
      kind: origin.kind,
      endKnown: origin.endKnown,
      startsAt: v.startsAt,
      endsAt: v.endsAt,
      activities: v.activities,
      translations: v.translations,
      circuitToBeOpened: v.circuit,
      affectedAreas: v.affectedAreas,
      status: "scheduled",
      statusUpdatedAt: now,
      createdAt: now,
      updatedAt: now,
      ...v.publication,
    })
    .returning();
  await writeAreas(tx, row!.id, v);
  await record(tx, ctx, row!, null, action);
  if (row!.publication === "published")
    await recordInterruptionEvent(tx, {
      interruptionId: row!.id,
      kind: "published",
      actorId: ctx.actor.id,
      occurredAt: publishedAt(v.publication, now),
    });
  return row!.id;
}

async function record(
  tx: DbOrTx,
  ctx: ContentContext,
  row: Row,
  before: InterruptionSnapshot | null,
  action: string,
): Promise<InterruptionSnapshot> {
  const after = await snapshotOf(tx, row);
  const auditAction = action.startsWith("status") ? "status_changed" : undefined;
  await recordContentChange(tx, ctx, { kind: "interruption", entityId: row.id, action, auditAction, before, after });
  return after;
}

async function lockRow(tx: DbOrTx, id: number): Promise<Row> {
  const [row] = await tx.select().from(powerInterruptions).where(eq(powerInterruptions.id, id)).for("update");
  if (!row) throw new ContentValidationError({}, "That interruption no longer exists.");
  return row;
}

export async function updateInterruption(ctx: ContentContext, id: number, form: InterruptionForm, action = "edited"): Promise<void> {
  const now = clockNow();
  const all = await allBarangays(ctx.db);
  await ctx.db.transaction(async (tx) => {
    const old = await lockRow(tx, id);
    const before = await snapshotOf(tx, old);
    const v = validate(form, all, old, now);
    const endMoved = old.endsAt.getTime() !== v.endsAt.getTime();
    const [row] = await tx
      .update(powerInterruptions)
      .set({
        startsAt: v.startsAt,
        endsAt: v.endsAt,
        // A dispatcher who types a new end gives an estimate: it is shown from now on.
        ...(endMoved ? { endKnown: true } : {}),
        activities: v.activities,
        translations: v.translations,
        circuitToBeOpened: v.circuit,
        affectedAreas: v.affectedAreas,
        updatedAt: now,
        ...v.publication,
      })
      .where(eq(powerInterruptions.id, id))
      .returning();
    await writeAreas(tx, id, v);
    const after = await record(tx, ctx, row!, before, action);
    const wasPublished = old.publication === "published";
    const isPublished = row!.publication === "published";
    let kind: InterruptionEventKind | null = null;
    if (!wasPublished && isPublished) kind = "published";
    else if (isPublished && isVisible(row!, now)) {
      const startMoved = old.startsAt.getTime() !== row!.startsAt.getTime();
      // The same start and a later end is an extension, and members are told so (not "moved").
      const extended = !startMoved && row!.endsAt > old.endsAt;
      const changed = ["activities", "circuit", "affectedAreas", "areas"].some((k) => before[k] !== after[k]);
      kind = extended ? "extended" : startMoved || endMoved ? "moved" : changed ? "changed" : null;
    }
    if (kind)
      await recordInterruptionEvent(tx, {
        interruptionId: id,
        kind,
        actorId: ctx.actor.id,
        occurredAt: kind === "published" ? publishedAt(v.publication, now) : now,
      });
  });
  await finish(ctx);
}

export const statusChangeSchema = z.object({
  status: z.enum(["ongoing", "finished", "extended", "cancelled"], "Choose the new status."),
  note: z.string().trim().max(500, "At most 500 characters.").default(""),
  /** For "extended": the new end, Manila "YYYY-MM-DDTHH:MM". */
  newEnd: z.string().trim().max(40).default(""),
});

export async function changeInterruptionStatus(ctx: ContentContext, id: number, input: z.infer<typeof statusChangeSchema>): Promise<void> {
  const now = clockNow();
  await ctx.db.transaction(async (tx) => {
    const old = await lockRow(tx, id);
    if (!NEXT_STATUSES[old.status].includes(input.status)) {
      throw new ContentValidationError(
        { status: `It is ${old.status} now, so it cannot be marked ${input.status}.` },
        "That status change is not possible.",
      );
    }
    let endsAt = old.endsAt;
    if (input.status === "extended") {
      const at = manilaLocalInput(input.newEnd);
      if (!at) throw new ContentValidationError({ newEnd: "Enter the new end, like 2026-03-05 19:00 (Manila time)." });
      if (at <= old.endsAt) throw new ContentValidationError({ newEnd: "The new end must be later than the current end." });
      endsAt = at;
    }
    // Back before its end, the end becomes the time it came back: the record says when the power
    // returned, and a stand-in end (an unplanned outage without an estimate) is never shown.
    if (input.status === "finished" && now > old.startsAt && (now < old.endsAt || !old.endKnown)) endsAt = now;
    const endKnown = input.status === "extended" || input.status === "finished" ? true : old.endKnown;
    const before = await snapshotOf(tx, old);
    const [row] = await tx
      .update(powerInterruptions)
      .set({ status: input.status, statusUpdatedAt: now, endsAt, endKnown, updatedAt: now })
      .where(eq(powerInterruptions.id, id))
      .returning();
    await record(tx, ctx, row!, before, `status ${input.status}`);
    if (row!.publication === "published")
      await recordInterruptionEvent(tx, {
        interruptionId: id,
        kind: input.status,
        note: input.note,
        actorId: ctx.actor.id,
        occurredAt: now,
      });
  });
  await finish(ctx);
}

/** A snapshot's versions in other languages as the form sends them (a revision from before they existed has none). */
function translatedFormValues(s: Record<string, unknown>) {
  const flat = flatTranslations({}, INTERRUPTION_TRANSLATED);
  for (const key of Object.keys(flat)) flat[key] = typeof s[key] === "string" ? (s[key] as string) : "";
  return flat as Pick<InterruptionForm, keyof typeof translationFields>;
}

/** The form's values for an existing interruption (edit, copy, restore). */
export function formFromSnapshot(s: InterruptionSnapshot): InterruptionForm {
  return {
    date: s.date,
    start: s.start,
    end: s.end,
    endDate: s.endDate,
    activities: s.activities,
    ...translatedFormValues(s),
    circuit: s.circuit,
    affectedAreas: s.affectedAreas,
    barangay: s.barangayIds.map(String),
    wholeTown: [],
    pasteNames: "",
    pasteTown: "",
    publish: "keep",
    publishAt: s.publishAt,
    unpublishAt: s.unpublishAt,
  };
}

export interface InterruptionForEditor {
  row: Row;
  snapshot: InterruptionSnapshot;
  state: PublicState;
}

export async function getInterruptionForEditor(db: Db, id: number): Promise<InterruptionForEditor | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(powerInterruptions).where(eq(powerInterruptions.id, id));
  if (!row) return null;
  return { row, snapshot: await snapshotOf(db, row), state: publicState(row, clockNow()) };
}

/** Copies an interruption to another day (same times, areas and texts) as a new draft. */
export async function copyInterruption(ctx: ContentContext, id: number, date: string): Promise<number> {
  const source = await getInterruptionForEditor(ctx.db, id);
  if (!source) throw new ContentValidationError({}, "That interruption no longer exists.");
  if (!manilaDateTime(date, "00:00")) throw new ContentValidationError({ copyDate: "Enter the day to copy it to, like 2026-03-06." });
  const s = source.snapshot;
  // Keep the length in days when it runs past midnight.
  const days = s.endDate
    ? Math.round((manilaDateTime(s.endDate, "00:00")!.getTime() - manilaDateTime(s.date, "00:00")!.getTime()) / 86_400_000)
    : 0;
  const endDate = days ? manilaFormParts(new Date(manilaDateTime(date, "00:00")!.getTime() + days * 86_400_000)).date : "";
  return createInterruption(ctx, {
    ...formFromSnapshot(s),
    date,
    endDate,
    affectedAreas: s.affectedAreas,
    publish: "draft",
    publishAt: "",
    unpublishAt: "",
  });
}

/** Publish now, unpublish (back to draft) or archive, without touching the rest. */
export async function setInterruptionPublication(ctx: ContentContext, id: number, to: "now" | "draft" | "archived"): Promise<void> {
  const now = clockNow();
  await ctx.db.transaction(async (tx) => {
    const old = await lockRow(tx, id);
    const before = await snapshotOf(tx, old);
    const set = to === "now" ? { publication: "published" as const, publishAt: now } : { publication: to };
    const [row] = await tx
      .update(powerInterruptions)
      .set({ ...set, updatedAt: now })
      .where(eq(powerInterruptions.id, id))
      .returning();
    await record(tx, ctx, row!, before, to === "now" ? "published" : to === "draft" ? "unpublished" : "archived");
    if (to === "now" && old.publication !== "published")
      await recordInterruptionEvent(tx, { interruptionId: id, kind: "published", actorId: ctx.actor.id, occurredAt: now });
  });
  await finish(ctx);
}

/** Puts back the texts, times and areas of an earlier revision (a new revision records it). */
export async function restoreInterruptionRevision(ctx: ContentContext, id: number, version: number): Promise<void> {
  const revision = await getRevision(ctx.db, "interruption", id, version);
  if (!revision) throw new ContentValidationError({}, "That revision does not exist.");
  const s = revision.snapshot as InterruptionSnapshot;
  await updateInterruption(ctx, id, { ...formFromSnapshot(s), publish: "keep" }, `restored v${version}`);
}

export interface InterruptionListFilter {
  q?: string;
  town?: Town;
  state?: PublicState | "";
  /** "upcoming" (default: not over yet), "past", "all". */
  when?: "upcoming" | "past" | "all";
  /** Only the ones with no version of their activities in this language. */
  missing?: ContentLanguage | "";
}

/** The console's list: every interruption, drafts and archived ones included. */
export async function listInterruptionsForStaff(db: Db, filter: InterruptionListFilter = {}, limit = 200) {
  const now = clockNow();
  const conditions: (SQL | undefined)[] = [];
  if ((filter.when ?? "upcoming") === "upcoming") conditions.push(gte(powerInterruptions.endsAt, new Date(now.getTime() - 86_400_000)));
  if (filter.when === "past") conditions.push(lt(powerInterruptions.endsAt, now));
  if (filter.q?.trim()) {
    const pattern = `%${escapeLike(filter.q.trim())}%`;
    conditions.push(
      or(
        ilike(powerInterruptions.activities, pattern),
        ilike(powerInterruptions.affectedAreas, pattern),
        ilike(powerInterruptions.circuitToBeOpened, pattern),
      ),
    );
  }
  if (filter.town) conditions.push(touchesTown(db, filter.town));
  if (filter.state) conditions.push(inPublicState(powerInterruptions, filter.state, now));
  if (filter.missing) conditions.push(sql`coalesce(${powerInterruptions.translations} -> ${filter.missing}, '{}'::jsonb) = '{}'::jsonb`);
  const rows = await db
    .select()
    .from(powerInterruptions)
    .where(and(...conditions))
    .orderBy(filter.when === "past" ? desc(powerInterruptions.startsAt) : asc(powerInterruptions.startsAt))
    .limit(limit);
  const towns = rows.length
    ? await db
        .select()
        .from(powerInterruptionTowns)
        .where(
          inArray(
            powerInterruptionTowns.interruptionId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    ...r,
    state: publicState(r, now),
    towns: towns.filter((t) => t.interruptionId === r.id).map((t) => t.town),
    missing: missingLanguages(storedTranslations(r.translations)),
  }));
}

/* ---------------- CSV import ---------------- */

export class ImportError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`Nothing was imported: ${problems.length} problem${problems.length === 1 ? "" : "s"} in the file.`);
  }
}

/**
 * Imports a week's schedule: every row is checked first; if any row is wrong nothing is
 * stored and each bad row and column is named. One interruption per row (one town each).
 */
export async function importInterruptionsCsv(ctx: ContentContext, csv: string, publish: "draft" | "now"): Promise<number[]> {
  let records: string[][];
  try {
    records = parseCsv(csv.replace(/^\uFEFF/, ""), { skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    throw new ImportError([
      { row: (error as { lines?: number }).lines ?? 1, column: "", message: "The file is not readable CSV (check the quotes)." },
    ]);
  }
  const header = (records[0] ?? []).map((h) => h.toLowerCase());
  const missing = IMPORT_COLUMNS.filter((c) => !header.includes(c));
  if (!records.length || missing.length)
    throw new ImportError([
      {
        row: 1,
        column: missing.join(", "),
        message: `The first line must name the columns: ${IMPORT_COLUMNS.join(", ")}. Download the template.`,
      },
    ]);
  if (records.length < 2) throw new ImportError([{ row: 2, column: "", message: "The file has no rows below the header." }]);
  const all = await allBarangays(ctx.db);
  const now = clockNow();
  const problems: ImportProblem[] = [];
  const forms: InterruptionForm[] = [];
  const col = (r: string[], c: (typeof IMPORT_COLUMNS)[number]) => r[header.indexOf(c)] ?? "";
  records.slice(1).forEach((r, i) => {
    const line = i + 2;
    const townText = col(r, "town");
    // Spelled loosely as the other columns are (accents, "Alaminos City"); a town's normalized name is its lower case.
    const town = townNamed(normalizeName(townText.replace(/ city$/i, "")));
    if (!town) problems.push({ row: line, column: "town", message: `"${townText}" is not one of ${TOWNS.join(", ")}.` });
    const list = col(r, "barangays");
    const whole = /^(all|whole town|whole)$/i.test(list);
    const form: InterruptionForm = {
      ...interruptionFormSchema.parse({}),
      date: col(r, "date"),
      start: col(r, "start"),
      end: col(r, "end"),
      activities: col(r, "activities"),
      circuit: col(r, "circuit_to_be_opened"),
      wholeTown: whole && town ? [town] : [],
      pasteNames: whole ? "" : list,
      pasteTown: town ?? "",
      publish,
    };
    try {
      if (town) validate(form, all, null, now);
      forms.push(form);
    } catch (error) {
      if (!(error instanceof ContentValidationError)) throw error;
      const columnOf: Record<string, string> = {
        date: "date",
        start: "start",
        end: "end",
        endDate: "end",
        activities: "activities",
        circuit: "circuit_to_be_opened",
        pasteNames: "barangays",
        areas: "barangays",
      };
      for (const [field, message] of Object.entries(error.fieldErrors))
        problems.push({ row: line, column: columnOf[field] ?? field, message });
    }
  });
  if (problems.length) throw new ImportError(problems);
  const ids: number[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const form of forms) {
      const v = validate(form, all, null, now);
      ids.push(await insertInterruption(tx, ctx, v, now, "imported"));
    }
  });
  await finish(ctx);
  return ids;
}

/** The count of interruptions, for tests and the dashboard. */
export async function countInterruptions(db: Db): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)` }).from(powerInterruptions);
  return Number(r?.n ?? 0);
}
