/**
 * Outage reports and incidents in the database: filing a report (grouped into an
 * incident), "this is mine too", the reporter's status, the dispatchers' list and
 * state changes, and the text messages that tell reporters about a change.
 */
import crypto from "node:crypto";
import { and, asc, desc, eq, gte, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import { barangays, incidents, incidentUpdates, outageReports, reportMessages, reportPhotos } from "../../db/schema";
import type { Town } from "../shared/constants";
import { manilaLocalField } from "../shared/date-fields";
import { formatDateTime } from "../shared/dates";
import type { ReportFields } from "./fields";
import {
  CLOSED_STATUSES,
  canMoveTo,
  GROUPING_WINDOW_MS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  type IncidentStatus,
  makeReference,
  REPORT_KIND_LABELS,
  type ReportKind,
} from "./model";

export interface StoredPhoto {
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface FiledReport {
  reportId: number;
  reference: string;
  statusToken: string;
  incidentId: number;
  /** true when the report joined an incident already open. */
  grouped: boolean;
}

/** The closed states, for SQL filters. */
const CLOSED = [...CLOSED_STATUSES] as IncidentStatus[];

export async function findBarangay(db: DbOrTx, id: number): Promise<{ id: number; name: string; town: Town } | null> {
  const [row] = await db
    .select({ id: barangays.id, name: barangays.name, town: barangays.town })
    .from(barangays)
    .where(eq(barangays.id, id));
  return row ?? null;
}

/** A new unguessable status-page token (256 bits) and a short reference. */
function newKeys() {
  return { statusToken: crypto.randomBytes(32).toString("base64url"), reference: makeReference(crypto.randomBytes(7)) };
}

/**
 * Files a report: it joins the open incident of the same kind in the same barangay whose
 * newest report is less than 2 hours old, or starts a new one. A transaction-scoped
 * advisory lock per (kind, barangay) keeps two simultaneous reports from starting two incidents.
 */
export async function fileReport(
  db: Db,
  input: ReportFields & { source?: "web" | "open311"; photo?: StoredPhoto | null },
  now = new Date(),
): Promise<FiledReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${input.kind}:${input.barangayId}`}))`);
    const [open] = await tx
      .select({ id: incidents.id })
      .from(incidents)
      .where(
        and(
          eq(incidents.barangayId, input.barangayId),
          eq(incidents.kind, input.kind),
          notInArray(incidents.status, CLOSED),
          gte(incidents.lastReportAt, new Date(now.getTime() - GROUPING_WINDOW_MS)),
        ),
      )
      .orderBy(desc(incidents.lastReportAt))
      .limit(1);
    let incidentId: number;
    if (open) {
      incidentId = open.id;
      await tx
        .update(incidents)
        .set({ reportCount: sql`${incidents.reportCount} + 1`, lastReportAt: now, updatedAt: now })
        .where(eq(incidents.id, incidentId));
    } else {
      const [created] = await tx
        .insert(incidents)
        .values({ kind: input.kind, barangayId: input.barangayId, reportCount: 1, lastReportAt: now, createdAt: now, updatedAt: now })
        .returning({ id: incidents.id });
      incidentId = created!.id;
      await tx.insert(incidentUpdates).values({ incidentId, status: "received", occurredAt: now });
    }
    const report = await insertReport(tx, {
      incidentId,
      source: input.source ?? "web",
      landmark: input.landmark,
      details: input.details,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      accountNumber: input.accountNumber,
      mobile: input.mobile,
      createdAt: now,
    });
    if (input.photo) await tx.insert(reportPhotos).values({ reportId: report.id, ...input.photo });
    return { reportId: report.id, reference: report.reference, statusToken: report.statusToken, incidentId, grouped: Boolean(open) };
  });
}

async function insertReport(tx: DbOrTx, values: Omit<typeof outageReports.$inferInsert, "reference" | "statusToken">) {
  // A reference collision (31^7 ≈ 27 billion) is retried with fresh keys.
  for (let attempt = 0; ; attempt++) {
    const keys = newKeys();
    const rows = await tx
      .insert(outageReports)
      .values({ ...values, ...keys })
      .onConflictDoNothing()
      .returning({ id: outageReports.id, reference: outageReports.reference, statusToken: outageReports.statusToken });
    if (rows[0]) return rows[0];
    if (attempt > 5) throw new Error("could not make a unique report reference");
  }
}

/** "This is mine too": one more report on an open incident. Null when it is closed or unknown. */
export async function addMeToo(db: Db, incidentId: number, opts: { mobile?: string } = {}, now = new Date()): Promise<FiledReport | null> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(incidents)
      .set({ reportCount: sql`${incidents.reportCount} + 1`, lastReportAt: now, updatedAt: now })
      .where(and(eq(incidents.id, incidentId), notInArray(incidents.status, CLOSED)))
      .returning({ id: incidents.id });
    if (!updated) return null;
    const report = await insertReport(tx, { incidentId, source: "me-too", mobile: opts.mobile ?? "", createdAt: now });
    return { reportId: report.id, reference: report.reference, statusToken: report.statusToken, incidentId, grouped: true };
  });
}

export interface IncidentSummary {
  id: number;
  kind: ReportKind;
  status: IncidentStatus;
  barangayId: number;
  barangay: string;
  town: Town;
  reportCount: number;
  etr: Date | null;
  createdAt: Date;
  updatedAt: Date;
  lastReportAt: Date;
  /** The first report's place words (for dispatchers and the public list). */
  landmark: string;
  /** The incident this one repeats ("already reported"), or null. */
  duplicateOfId: number | null;
}

const incidentColumns = {
  id: incidents.id,
  kind: incidents.kind,
  status: incidents.status,
  barangayId: incidents.barangayId,
  barangay: barangays.name,
  town: barangays.town,
  // Its own reports and those of every incident grouped into it ("already reported", at any
  // depth; UNION stops at a loop): the reporters of a grouped one are waiting on this one too.
  reportCount: sql<number>`(with recursive grouped(id) as (select ${incidents.id} union select g.id from incidents g join grouped on g.duplicate_of_id = grouped.id) select coalesce(sum(c.report_count), 0)::int from incidents c where c.id in (select id from grouped))`,
  etr: incidents.etr,
  createdAt: incidents.createdAt,
  updatedAt: incidents.updatedAt,
  lastReportAt: incidents.lastReportAt,
  duplicateOfId: incidents.duplicateOfId,
  landmark: sql<string>`coalesce((select ${outageReports.landmark} from ${outageReports} where ${outageReports.incidentId} = ${incidents.id} and ${outageReports.landmark} <> '' order by ${outageReports.id} limit 1), '')`,
};

export async function listIncidents(
  db: DbOrTx,
  filter: { open?: boolean; barangayId?: number; town?: Town; ids?: number[]; limit?: number } = {},
): Promise<IncidentSummary[]> {
  const where: SQL[] = [];
  if (filter.open) where.push(notInArray(incidents.status, CLOSED));
  if (filter.barangayId) where.push(eq(incidents.barangayId, filter.barangayId));
  if (filter.town) where.push(eq(barangays.town, filter.town));
  if (filter.ids) where.push(inArray(incidents.id, filter.ids.length ? filter.ids : [-1]));
  return db
    .select(incidentColumns)
    .from(incidents)
    .innerJoin(barangays, eq(barangays.id, incidents.barangayId))
    .where(and(...where))
    .orderBy(desc(incidents.lastReportAt), desc(incidents.id))
    .limit(filter.limit ?? 500);
}

export async function getIncident(db: DbOrTx, id: number): Promise<IncidentSummary | null> {
  return (await listIncidents(db, { ids: [id], limit: 1 }))[0] ?? null;
}

export async function listIncidentUpdates(db: DbOrTx, incidentId: number) {
  return db
    .select({
      id: incidentUpdates.id,
      status: incidentUpdates.status,
      etr: incidentUpdates.etr,
      note: incidentUpdates.note,
      occurredAt: incidentUpdates.occurredAt,
    })
    .from(incidentUpdates)
    .where(eq(incidentUpdates.incidentId, incidentId))
    .orderBy(asc(incidentUpdates.occurredAt), asc(incidentUpdates.id));
}

/** The reports of an incident, for dispatchers (personal data: the caller audits the view). */
export async function listIncidentReports(db: DbOrTx, incidentId: number) {
  return db
    .select({
      id: outageReports.id,
      reference: outageReports.reference,
      source: outageReports.source,
      landmark: outageReports.landmark,
      details: outageReports.details,
      latitude: outageReports.latitude,
      longitude: outageReports.longitude,
      accountNumber: outageReports.accountNumber,
      mobile: outageReports.mobile,
      createdAt: outageReports.createdAt,
      hasPhoto: sql<boolean>`exists (select 1 from ${reportPhotos} where ${reportPhotos.reportId} = ${outageReports.id})`,
    })
    .from(outageReports)
    .where(eq(outageReports.incidentId, incidentId))
    .orderBy(asc(outageReports.id));
}

export async function getReportPhoto(db: DbOrTx, reportId: number): Promise<StoredPhoto | null> {
  const [row] = await db.select().from(reportPhotos).where(eq(reportPhotos.reportId, reportId));
  return row ?? null;
}

export interface ReportStatus {
  reference: string;
  source: string;
  landmark: string;
  createdAt: Date;
  mobile: string;
  /** As typed on the form, in the stored shape; "" when none was given. */
  accountNumber: string;
  hasPhoto: boolean;
  incident: IncidentSummary;
  updates: Awaited<ReturnType<typeof listIncidentUpdates>>;
  /** The incident the report's own was grouped into (marked "already reported"), whose progress the page shows. */
  groupedInto: number | null;
  /** The report's own barangay and town (not those of the incident it was grouped into). */
  place: { barangay: string; town: Town };
}

/** The reporter's own page: found only by the unguessable token. */
export async function getReportByToken(db: Db, token: string): Promise<ReportStatus | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [report] = await db
    .select({
      id: outageReports.id,
      reference: outageReports.reference,
      source: outageReports.source,
      landmark: outageReports.landmark,
      createdAt: outageReports.createdAt,
      mobile: outageReports.mobile,
      accountNumber: outageReports.accountNumber,
      incidentId: outageReports.incidentId,
    })
    .from(outageReports)
    .where(eq(outageReports.statusToken, token));
  if (!report) return null;
  const own = await getIncident(db, report.incidentId);
  if (!own) return null;
  // Grouping is not closing: a report whose incident was marked "already reported" follows
  // the incident it repeats (and that one's, a few steps at most) until the power is back.
  // The dispatcher's note on each grouping is for this reporter too: it stays in the history.
  let incident = own;
  let groupedInto: number | null = null;
  const groupings: Awaited<ReturnType<typeof listIncidentUpdates>> = [];
  for (let hops = 0; hops < 5 && incident.status === "duplicate" && incident.duplicateOfId; hops++) {
    const next = await getIncident(db, incident.duplicateOfId);
    if (!next) break;
    groupings.push(...(await listIncidentUpdates(db, incident.id)).filter((u) => u.status === "duplicate"));
    incident = next;
    groupedInto = next.id;
  }
  const photo = await db.select({ id: reportPhotos.reportId }).from(reportPhotos).where(eq(reportPhotos.reportId, report.id));
  const updates = [...groupings, ...(await listIncidentUpdates(db, incident.id))].sort(
    (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.id - b.id,
  );
  // Where is the report's own place: the incident it was grouped into may be in another barangay.
  return { ...report, hasPhoto: photo.length > 0, incident, place: { barangay: own.barangay, town: own.town }, groupedInto, updates };
}

/** A report as its account's page lists it: what, where, when, and how far its incident has come. */
export interface AccountReport {
  reference: string;
  createdAt: Date;
  landmark: string;
  /** The incident the report follows (the one it repeats when it was grouped as "already reported"). */
  incident: IncidentSummary;
}

/**
 * The reports made with this account number, newest first: from the portal, and as a guest
 * on /report (the account number typed there is stored in the same shape). Grouping follows
 * the incident a duplicate repeats, as the reporter's own page does.
 */
export async function listAccountReports(db: DbOrTx, accountNumber: string, limit = 10): Promise<AccountReport[]> {
  const rows = await db
    .select({
      reference: outageReports.reference,
      createdAt: outageReports.createdAt,
      landmark: outageReports.landmark,
      incidentId: outageReports.incidentId,
    })
    .from(outageReports)
    .where(eq(outageReports.accountNumber, accountNumber))
    .orderBy(desc(outageReports.createdAt), desc(outageReports.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const byId = new Map((await listIncidents(db, { ids: [...new Set(rows.map((r) => r.incidentId))] })).map((i) => [i.id, i]));
  // One more read for the incidents that duplicates repeat (a few hops at most, as on the status page).
  for (let hops = 0; hops < 5; hops++) {
    const missing = [...byId.values()].flatMap((i) =>
      i.status === "duplicate" && i.duplicateOfId && !byId.has(i.duplicateOfId) ? [i.duplicateOfId] : [],
    );
    if (missing.length === 0) break;
    for (const i of await listIncidents(db, { ids: missing })) byId.set(i.id, i);
  }
  const follow = (id: number) => {
    let incident = byId.get(id);
    for (let hops = 0; hops < 5 && incident?.status === "duplicate" && incident.duplicateOfId; hops++)
      incident = byId.get(incident.duplicateOfId) ?? incident;
    return incident;
  };
  return rows.flatMap((r) => {
    const incident = follow(r.incidentId);
    return incident ? [{ reference: r.reference, createdAt: r.createdAt, landmark: r.landmark, incident }] : [];
  });
}

/** The incident of a report, by the R-… reference a caller reads out; null when none. */
export async function incidentOfReference(db: DbOrTx, reference: string): Promise<number | null> {
  const [row] = await db
    .select({ incidentId: outageReports.incidentId })
    .from(outageReports)
    .where(eq(outageReports.reference, reference.trim().toUpperCase()));
  return row?.incidentId ?? null;
}

export interface PublicRequest {
  reference: string;
  kind: ReportKind;
  status: IncidentStatus;
  barangay: string;
  town: Town;
  requestedAt: Date;
  updatedAt: Date;
  etr: Date | null;
  note: string;
}

/** Reports as the public may see them (Open311): no words, position or contact of the reporter. */
export async function listPublicRequests(
  db: DbOrTx,
  filter: { references?: string[]; kinds?: ReportKind[]; from?: Date; to?: Date; open?: boolean; limit?: number } = {},
): Promise<PublicRequest[]> {
  const where: SQL[] = [];
  if (filter.references) where.push(inArray(outageReports.reference, filter.references.length ? filter.references : [""]));
  if (filter.kinds?.length) where.push(inArray(incidents.kind, filter.kinds));
  if (filter.from) where.push(gte(outageReports.createdAt, filter.from));
  if (filter.to) where.push(sql`${outageReports.createdAt} <= ${filter.to}`);
  if (filter.open === true) where.push(notInArray(incidents.status, CLOSED));
  if (filter.open === false) where.push(inArray(incidents.status, CLOSED));
  return db
    .select({
      reference: outageReports.reference,
      kind: incidents.kind,
      status: incidents.status,
      barangay: barangays.name,
      town: barangays.town,
      requestedAt: outageReports.createdAt,
      updatedAt: incidents.updatedAt,
      etr: incidents.etr,
      note: sql<string>`coalesce((select ${incidentUpdates.note} from ${incidentUpdates} where ${incidentUpdates.incidentId} = ${incidents.id} order by ${incidentUpdates.occurredAt} desc, ${incidentUpdates.id} desc limit 1), '')`,
    })
    .from(outageReports)
    .innerJoin(incidents, eq(incidents.id, outageReports.incidentId))
    .innerJoin(barangays, eq(barangays.id, incidents.barangayId))
    .where(and(...where))
    .orderBy(desc(outageReports.createdAt), desc(outageReports.id))
    .limit(filter.limit ?? 1000);
}

/**
 * What a reporter wrote and where, by reference: for Open311 clients holding a key the
 * cooperative issued (partner systems), never for anonymous readers.
 */
export async function requestDetails(
  db: DbOrTx,
  references: string[],
): Promise<Map<string, { details: string; landmark: string; latitude: number | null; longitude: number | null }>> {
  if (!references.length) return new Map();
  const rows = await db
    .select({
      reference: outageReports.reference,
      details: outageReports.details,
      landmark: outageReports.landmark,
      latitude: outageReports.latitude,
      longitude: outageReports.longitude,
    })
    .from(outageReports)
    .where(inArray(outageReports.reference, references));
  return new Map(rows.map(({ reference, ...rest }) => [reference, rest]));
}

export class IncidentChangeRefused extends Error {}

/** A dispatcher's change of an incident: the new state, the estimated restoration, a note for the reporters. */
export const incidentChangeSchema = z
  .object({
    status: z.enum(INCIDENT_STATUSES, "Choose the new state."),
    etr: manilaLocalField("Write the date and time, for example 2026-11-23 18:00."),
    note: z.string().trim().max(300, "At most 300 characters."),
    /** The incident this one repeats, for "duplicate". */
    duplicateOf: z.string(),
  })
  .refine((v) => v.status !== "duplicate" || /^[1-9]\d{0,9}$/.test(v.duplicateOf.trim()), {
    path: ["duplicateOf"],
    message: "Give the number of the incident this one repeats.",
    when: ({ value }) => typeof value === "object" && value !== null && "status" in value && value.status === "duplicate",
  });

export interface IncidentChange {
  incidentId: number;
  status: IncidentStatus;
  /** Estimated restoration; undefined keeps the current one, null clears it. */
  etr?: Date | null;
  note?: string;
  actorId: string;
  duplicateOfId?: number;
}

/**
 * A dispatcher's change: the incident's state (or only its ETR when the state stays) and
 * one update row, in one transaction. Returns the update for messages and the audit log.
 */
export async function changeIncident(
  db: Db,
  change: IncidentChange,
  now = new Date(),
  audit?: (tx: DbOrTx, before: { status: IncidentStatus; etr: Date | null }) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: incidents.status, etr: incidents.etr })
      .from(incidents)
      .where(eq(incidents.id, change.incidentId))
      .for("update");
    if (!current) throw new IncidentChangeRefused("There is no such incident.");
    const statusChanges = change.status !== current.status;
    if (statusChanges && !canMoveTo(current.status, change.status)) {
      throw new IncidentChangeRefused(
        `An incident that is “${INCIDENT_STATUS_LABELS[current.status]}” cannot become “${INCIDENT_STATUS_LABELS[change.status]}”.`,
      );
    }
    if (!statusChanges && CLOSED_STATUSES.has(current.status)) throw new IncidentChangeRefused("This incident is closed.");
    if (change.status === "duplicate") {
      if (!change.duplicateOfId || change.duplicateOfId === change.incidentId)
        throw new IncidentChangeRefused("Give the number of the incident this one repeats.");
      const [other] = await tx.select({ id: incidents.id }).from(incidents).where(eq(incidents.id, change.duplicateOfId));
      if (!other) throw new IncidentChangeRefused(`There is no incident number ${change.duplicateOfId}.`);
    }
    const etr = change.etr === undefined ? current.etr : change.etr;
    if (!statusChanges && etr?.getTime() === current.etr?.getTime() && !change.note) throw new IncidentChangeRefused("Nothing changed.");
    await tx
      .update(incidents)
      .set({
        status: change.status,
        etr: CLOSED_STATUSES.has(change.status) ? null : etr,
        updatedAt: now,
        duplicateOfId: change.status === "duplicate" ? change.duplicateOfId! : null,
      })
      .where(eq(incidents.id, change.incidentId));
    const [update] = await tx
      .insert(incidentUpdates)
      .values({
        incidentId: change.incidentId,
        status: change.status,
        etr: CLOSED_STATUSES.has(change.status) ? null : etr,
        note: change.note ?? "",
        actorId: change.actorId,
        occurredAt: now,
      })
      .returning();
    // The audit entry goes in with the change, or neither does.
    await audit?.(tx, current);
    return { update: update!, previous: current.status, statusChanged: statusChanges };
  });
}

/** The text a reporter gets about an update. */
export function updateMessage(input: {
  reference: string;
  kind: ReportKind;
  barangay: string;
  status: IncidentStatus;
  etr: Date | null;
  statusUrl: string;
}): string {
  const etr = input.etr && !CLOSED_STATUSES.has(input.status) ? ` Estimated restoration: ${formatDateTime(input.etr)}.` : "";
  return `WESPECO: your report ${input.reference} (${REPORT_KIND_LABELS[input.kind]}, ${input.barangay}) is now: ${INCIDENT_STATUS_LABELS[input.status]}.${etr} ${input.statusUrl}`;
}

export interface SmsSender {
  send(to: string, text: string): Promise<{ ok: true; gatewayId: string } | { ok: false; retryable: boolean; error: string }>;
}

/**
 * Tells every reporter of the incident who left a number, once per update. Called after
 * the change is committed; each outcome is stored, so a later look shows who was told.
 */
export async function notifyReporters(
  db: Db,
  sms: SmsSender,
  updateId: number,
  statusUrl: (token: string) => string,
): Promise<{ sent: number; failed: number }> {
  const [update] = await db.select().from(incidentUpdates).where(eq(incidentUpdates.id, updateId));
  if (!update) return { sent: 0, failed: 0 };
  const incident = await getIncident(db, update.incidentId);
  if (!incident) return { sent: 0, failed: 0 };
  const recipients = await db
    .select({ id: outageReports.id, reference: outageReports.reference, mobile: outageReports.mobile, token: outageReports.statusToken })
    .from(outageReports)
    .where(
      and(
        eq(outageReports.incidentId, update.incidentId),
        sql`${outageReports.mobile} <> ''`,
        sql`not exists (select 1 from ${reportMessages} where ${reportMessages.reportId} = ${outageReports.id} and ${reportMessages.updateId} = ${updateId} and ${reportMessages.outcome} = 'sent')`,
      ),
    );
  let sent = 0;
  let failed = 0;
  for (const r of recipients) {
    const text = updateMessage({
      reference: r.reference,
      kind: incident.kind,
      barangay: incident.barangay,
      status: update.status,
      etr: update.etr,
      statusUrl: statusUrl(r.token),
    });
    const result = await sms.send(r.mobile, text).catch((e: Error) => ({ ok: false as const, retryable: true, error: e.message }));
    if (result.ok) sent++;
    else failed++;
    await db
      .insert(reportMessages)
      .values({ reportId: r.id, updateId, outcome: result.ok ? "sent" : `failed: ${result.error}`.slice(0, 300) });
  }
  return { sent, failed };
}
