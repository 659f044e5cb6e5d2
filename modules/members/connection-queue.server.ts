/**
 * The new-connection queue: pre-registrations with where each stands, the staff's notes,
 * and the changes staff make (status, documents seen, notes), each written with its audit
 * entry in one transaction.
 */
import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { connectionNotes, connectionPreregistrations, connectionQueue } from "../../db/schema";
import type { Town } from "../shared/constants";
import { isRowId } from "../shared/ids";
import { type AuditEntry, recordAudit } from "../staff/audit.server";
import {
  ageBounds,
  type ConnectionAge,
  type ConnectionProgress,
  type ConnectionStatus,
  daysWaiting,
  RECEIVED,
  STEP_TARGET_DAYS,
  type StatusChange,
} from "./connection-queue";

/** The status form as typed (`checkStatusChange` says what is wrong with it). */
export const statusChangeFormSchema = z.object({
  status: z.string().default(""),
  seminarDate: z.string().default(""),
  inspectionDate: z.string().default(""),
  declineReason: z.string().default(""),
});

/** The documents seen: the ticked boxes (`readDocuments` keeps the known ones). */
export const documentsFormSchema = z.object({ document: z.array(z.string()) });

/** A staff note on an application. */
export const noteFormSchema = z.object({
  note: z.string().trim().min(1, "Write the note.").max(2000, "At most 2,000 characters."),
});

/** Who acts, for the audit entry. */
export type Actor = Pick<AuditEntry, "actorId" | "actorEmail" | "ip" | "userAgent"> & { actorId: string; actorEmail: string };

const statusOf = sql<ConnectionStatus>`coalesce(${connectionQueue.status}, 'received')`;

export interface QueueFilter {
  status?: ConnectionStatus;
  town?: Town;
  age?: ConnectionAge;
}

function whereOf(filter: QueueFilter, now: Date): SQL | undefined {
  const { minDays, maxDays } = ageBounds(filter.age ?? "");
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  return and(
    filter.status === "received"
      ? or(isNull(connectionQueue.status), eq(connectionQueue.status, "received"))
      : filter.status
        ? eq(connectionQueue.status, filter.status)
        : undefined,
    filter.town ? ilike(connectionPreregistrations.address, `%${filter.town}%`) : undefined,
    minDays !== undefined ? lte(connectionPreregistrations.createdAt, daysAgo(minDays)) : undefined,
    maxDays !== undefined ? gt(connectionPreregistrations.createdAt, daysAgo(maxDays)) : undefined,
  );
}

export interface QueueRow {
  id: number;
  reference: string;
  lastName: string;
  firstName: string;
  address: string;
  createdAt: Date;
  status: ConnectionStatus;
  seminarDate: string | null;
  inspectionDate: string | null;
  documents: number[] | null;
  updatedAt: Date | null;
}

/** Oldest first: the queue is worked from the front. */
export async function listQueue(db: Db, filter: QueueFilter, now: Date, limit = 200): Promise<{ total: number; rows: QueueRow[] }> {
  const where = whereOf(filter, now);
  const from = () =>
    db
      .select({
        id: connectionPreregistrations.id,
        reference: connectionPreregistrations.reference,
        lastName: connectionPreregistrations.lastName,
        firstName: connectionPreregistrations.firstName,
        address: connectionPreregistrations.address,
        createdAt: connectionPreregistrations.createdAt,
        status: statusOf,
        seminarDate: connectionQueue.seminarDate,
        inspectionDate: connectionQueue.inspectionDate,
        documents: connectionQueue.documents,
        updatedAt: connectionQueue.updatedAt,
      })
      .from(connectionPreregistrations)
      .leftJoin(connectionQueue, eq(connectionQueue.preregistrationId, connectionPreregistrations.id));
  const [rows, [total]] = await Promise.all([
    from().where(where).orderBy(asc(connectionPreregistrations.createdAt), asc(connectionPreregistrations.id)).limit(limit),
    db
      .select({ n: count() })
      .from(connectionPreregistrations)
      .leftJoin(connectionQueue, eq(connectionQueue.preregistrationId, connectionPreregistrations.id))
      .where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** An application at a step longer than the step's target days (STEP_TARGET_DAYS). */
export interface LateApplication {
  id: number;
  reference: string;
  name: string;
  status: ConnectionStatus;
  days: number;
  target: number;
}

/** The applications past their step's target days, longest past first. */
export async function lateApplications(db: Db, now: Date): Promise<LateApplication[]> {
  // Rows changed before the step's date was kept count from their last change.
  const since = sql<Date>`coalesce(${connectionQueue.statusSince}, ${connectionQueue.updatedAt}, ${connectionPreregistrations.createdAt})`;
  const late = Object.entries(STEP_TARGET_DAYS).map(([status, days]) =>
    and(sql`${statusOf} = ${status}`, sql`${since} < ${new Date(now.getTime() - days * 86_400_000)}`),
  );
  const rows = await db
    .select({
      id: connectionPreregistrations.id,
      reference: connectionPreregistrations.reference,
      lastName: connectionPreregistrations.lastName,
      firstName: connectionPreregistrations.firstName,
      status: statusOf,
      since: sql<string>`${since}`,
    })
    .from(connectionPreregistrations)
    .leftJoin(connectionQueue, eq(connectionQueue.preregistrationId, connectionPreregistrations.id))
    .where(or(...late));
  return rows
    .map((r) => {
      const target = STEP_TARGET_DAYS[r.status]!;
      return {
        id: r.id,
        reference: r.reference,
        name: `${r.lastName}, ${r.firstName}`,
        status: r.status,
        days: daysWaiting(new Date(r.since), now),
        target,
      };
    })
    .sort((a, b) => b.days - b.target - (a.days - a.target) || a.id - b.id);
}

export type Application = typeof connectionPreregistrations.$inferSelect;

const progressOf = (row: typeof connectionQueue.$inferSelect | undefined): ConnectionProgress =>
  row
    ? {
        status: row.status,
        seminarDate: row.seminarDate,
        inspectionDate: row.inspectionDate,
        declineReason: row.declineReason,
        documents: row.documents,
      }
    : RECEIVED;

/** Where one pre-registration stands ("received" until staff act on it). */
export async function getProgress(
  db: Db | Parameters<Parameters<Db["transaction"]>[0]>[0],
  preregistrationId: number,
): Promise<ConnectionProgress> {
  const [row] = await db.select().from(connectionQueue).where(eq(connectionQueue.preregistrationId, preregistrationId));
  return progressOf(row);
}

export async function getApplication(db: Db, id: number): Promise<Application | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(connectionPreregistrations).where(eq(connectionPreregistrations.id, id));
  return row ?? null;
}

export async function listNotes(db: Db, preregistrationId: number) {
  return db
    .select()
    .from(connectionNotes)
    .where(eq(connectionNotes.preregistrationId, preregistrationId))
    .orderBy(desc(connectionNotes.createdAt), desc(connectionNotes.id));
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function saveProgress(tx: Tx, id: number, next: ConnectionProgress, actor: Actor, now: Date, newStep = false) {
  const values = {
    // Its step's target days count from the change of step, not from a later tick or note.
    ...(newStep ? { statusSince: now } : {}),
    status: next.status,
    seminarDate: next.seminarDate,
    inspectionDate: next.inspectionDate,
    declineReason: next.declineReason,
    documents: next.documents,
    updatedAt: now,
    updatedBy: actor.actorId,
  };
  await tx
    .insert(connectionQueue)
    .values({ preregistrationId: id, ...values })
    .onConflictDoUpdate({ target: connectionQueue.preregistrationId, set: values });
}

/** A new status (with its date or reason); the dates already given are kept unless replaced. */
export async function changeStatus(db: Db, id: number, change: StatusChange, actor: Actor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getProgress(tx, id);
    const next: ConnectionProgress = {
      ...before,
      status: change.status,
      seminarDate: change.seminarDate || before.seminarDate,
      inspectionDate: change.inspectionDate || before.inspectionDate,
      declineReason: change.declineReason,
    };
    await saveProgress(tx, id, next, actor, now, next.status !== before.status);
    await recordAudit(tx, {
      ...actor,
      action: "connection.status_changed",
      objectType: "connection_preregistration",
      objectId: id,
      before: {
        status: before.status,
        seminarDate: before.seminarDate,
        inspectionDate: before.inspectionDate,
        declineReason: before.declineReason,
      },
      after: { status: next.status, seminarDate: next.seminarDate, inspectionDate: next.inspectionDate, declineReason: next.declineReason },
    });
  });
}

/** The checklist documents staff have seen, as ticked on the form (replaces the previous ticks). */
export async function setDocuments(db: Db, id: number, documents: number[], actor: Actor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getProgress(tx, id);
    await saveProgress(tx, id, { ...before, documents }, actor, now);
    await recordAudit(tx, {
      ...actor,
      action: "connection.documents_changed",
      objectType: "connection_preregistration",
      objectId: id,
      before: { documents: before.documents },
      after: { documents },
    });
  });
}

export async function addNote(db: Db, id: number, body: string, actor: Actor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [note] = await tx
      .insert(connectionNotes)
      .values({ preregistrationId: id, authorId: actor.actorId, authorEmail: actor.actorEmail, body, createdAt: now })
      .returning({ id: connectionNotes.id });
    await recordAudit(tx, {
      ...actor,
      action: "connection.note_added",
      objectType: "connection_preregistration",
      objectId: id,
      after: { noteId: note!.id, body },
    });
  });
}
