/**
 * AGAM administration for member services: the registration window, the topics (locked
 * once someone registered), the registrations list and its CSV, the tally, a member
 * registered at an area office, and the anonymizing of a registration (erasure and
 * retention) that keeps its votes in the tally.
 */

import { and, asc, count, eq, gte, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { agamAccounts, agamAnonymousVotes, agamDecisions, agamRegistrations, agamTopics, agamWindow } from "../../db/schema";
import { AGAM } from "../shared/constants";
import { requiredManilaLocalField } from "../shared/date-fields";
import { formatDateTime } from "../shared/dates";
import { type AgamTopic, listTopics } from "./pool.server";
import { computeTally, csvLine, type Tally, type TallyVote } from "./tally";

export interface AgamWindow {
  opensAt: Date;
  closesAt: Date;
}

export type WindowState = { open: true; window: AgamWindow | null } | { open: false; window: AgamWindow; reason: "not_yet" | "closed" };

export async function getWindow(db: DbOrTx): Promise<AgamWindow | null> {
  const [row] = await db
    .select({ opensAt: agamWindow.opensAt, closesAt: agamWindow.closesAt })
    .from(agamWindow)
    .where(eq(agamWindow.id, 1));
  return row ? { opensAt: new Date(row.opensAt), closesAt: new Date(row.closesAt) } : null;
}

/** Open when no window was ever set (the demo and older data), or when opensAt <= now < closesAt. */
export function windowState(window: AgamWindow | null, at: Date): WindowState {
  if (!window) return { open: true, window: null };
  if (at < window.opensAt) return { open: false, window, reason: "not_yet" };
  if (at >= window.closesAt) return { open: false, window, reason: "closed" };
  return { open: true, window };
}

export async function registrationWindowState(db: DbOrTx, at: Date): Promise<WindowState> {
  return windowState(await getWindow(db), at);
}

/** What the public flow (page and API) says when registration is not open: plain words, with the dates (Manila). */
export function closedMessage(state: Extract<WindowState, { open: false }>): string {
  const from = formatDateTime(state.window.opensAt);
  const to = formatDateTime(state.window.closesAt);
  return state.reason === "not_yet"
    ? `AGAM registration is not open yet. It opens on ${from} and closes on ${to} (Philippine time).`
    : `AGAM registration is closed. It was open from ${from} to ${to} (Philippine time).`;
}

/**
 * The content area a staff change of the registration window or the topics announces after
 * it commits: the registration page keeps both until a content change.
 */
export const AGAM_SETTINGS_AREA = "agam-settings";

export async function setWindow(tx: DbOrTx, window: AgamWindow): Promise<void> {
  await tx
    .insert(agamWindow)
    .values({ id: 1, ...window, updatedAt: new Date() })
    .onConflictDoUpdate({ target: agamWindow.id, set: { ...window, updatedAt: new Date() } });
}

/** Topics may change only until the first registration: after that, members voted on their wording. */
export async function topicsLocked(db: DbOrTx): Promise<boolean> {
  const [a] = await db.select({ n: count() }).from(agamRegistrations);
  const [b] = await db.select({ n: count() }).from(agamAnonymousVotes);
  return Number(a?.n ?? 0) + Number(b?.n ?? 0) > 0;
}

/** The registration window form; the closing time after the opening one. */
export const windowSchema = z
  .object({
    opens: requiredManilaLocalField("Enter when registration opens, a date and time"),
    closes: requiredManilaLocalField("Enter when registration closes, a date and time"),
  })
  .refine((w) => w.closes > w.opens, { path: ["closes"], message: "The closing time must be after the opening time" });

/**
 * The office registration form: the account and contacts as typed (the registration schema
 * checks them), and per topic approve ("1") or disapprove ("0"), with a reason when disapproving.
 */
export function officeFormSchema(topics: { sequenceNumber: number }[]) {
  const choices: Record<string, z.ZodType<string>> = {};
  for (const { sequenceNumber: n } of topics) {
    choices[`topic-${n}`] = z.enum(["1", "0"], `Choose approve or disapprove for topic ${n}`);
    choices[`reason-${n}`] = z.string().default("");
  }
  let schema = z.object({ account: z.string().default(""), phone: z.string().default(""), email: z.string().default("") }).extend(choices);
  for (const { sequenceNumber: n } of topics)
    schema = schema.refine((v) => v[`topic-${n}`] !== "0" || Boolean(v[`reason-${n}`]?.trim()), {
      path: [`reason-${n}`],
      message: `Write the member's reason for disapproving topic ${n}`,
      // Each topic's reason is checked even when another topic is not answered yet.
      when: () => true,
    });
  return schema;
}

export const topicSchema = z.object({
  sequenceNumber: z.coerce
    .number({ error: "Enter the sequence number, a whole number" })
    .int("Enter the sequence number, a whole number")
    .min(1, "The sequence number starts at 1")
    .max(999, "The sequence number is at most 999"),
  topic: z.string().trim().min(1, "Enter the topic").max(200, "The topic is at most 200 characters"),
  description: z.string().trim().min(1, "Enter a description").max(2000, "The description is at most 2,000 characters"),
});
export type TopicInput = z.output<typeof topicSchema>;

export type TopicSaveResult = { ok: true; id: number } | { ok: false; reason: "locked" | "sequence_taken" | "not_found" };

export async function saveTopic(tx: DbOrTx, id: number | null, input: TopicInput): Promise<TopicSaveResult> {
  if (await topicsLocked(tx)) return { ok: false, reason: "locked" };
  const [clash] = await tx.select({ id: agamTopics.id }).from(agamTopics).where(eq(agamTopics.sequenceNumber, input.sequenceNumber));
  if (clash && clash.id !== id) return { ok: false, reason: "sequence_taken" };
  if (id == null) {
    const [row] = await tx.insert(agamTopics).values(input).returning({ id: agamTopics.id });
    return { ok: true, id: row!.id };
  }
  const rows = await tx.update(agamTopics).set(input).where(eq(agamTopics.id, id)).returning({ id: agamTopics.id });
  return rows.length ? { ok: true, id } : { ok: false, reason: "not_found" };
}

export async function getTopic(db: DbOrTx, id: number): Promise<AgamTopic | undefined> {
  return (await listTopics(db as Parameters<typeof listTopics>[0])).find((t) => t.id === id);
}

export interface RegistrationFilter {
  district?: number;
  /** A Manila day range: from (inclusive) and to (exclusive) instants. */
  from?: Date;
  to?: Date;
  /** One registration (its own page). */
  id?: number;
}

export interface RegistrationRow {
  id: number;
  reference: string;
  accountNumber: string;
  name: string;
  membershipNumber: string;
  district: number;
  origin: string;
  phone: string;
  email: string;
  registeredAt: Date;
  decisions: { topicSequence: number; value: number; reason: string }[];
}

const registrationWhere = (f: RegistrationFilter) =>
  and(
    f.district ? eq(agamAccounts.district, f.district) : undefined,
    f.from ? gte(agamRegistrations.registeredAt, f.from) : undefined,
    f.to ? lt(agamRegistrations.registeredAt, f.to) : undefined,
    f.id ? eq(agamRegistrations.id, f.id) : undefined,
  );

/** Registrations with their decisions, newest first. */
export async function listRegistrations(db: DbOrTx, filter: RegistrationFilter, limit = 500): Promise<RegistrationRow[]> {
  const rows = await db
    .select({
      id: agamRegistrations.id,
      reference: agamRegistrations.reference,
      accountNumber: agamRegistrations.accountNumber,
      name: agamAccounts.name,
      membershipNumber: agamAccounts.membershipNumber,
      district: agamAccounts.district,
      origin: agamRegistrations.origin,
      phone: agamRegistrations.phone,
      email: agamRegistrations.email,
      registeredAt: agamRegistrations.registeredAt,
    })
    .from(agamRegistrations)
    .innerJoin(agamAccounts, eq(agamAccounts.accountNumber, agamRegistrations.accountNumber))
    .where(registrationWhere(filter))
    .orderBy(sql`${agamRegistrations.registeredAt} desc`, sql`${agamRegistrations.id} desc`)
    .limit(limit);
  if (!rows.length) return [];
  const decisions = await db
    .select({
      registrationId: agamDecisions.registrationId,
      topicSequence: agamDecisions.topicSequenceNumber,
      value: agamDecisions.answerValue,
      reason: agamDecisions.reason,
    })
    .from(agamDecisions)
    .where(
      sql`${agamDecisions.registrationId} in (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(agamDecisions.topicSequenceNumber));
  return rows.map((r) => ({
    ...r,
    registeredAt: new Date(r.registeredAt),
    decisions: decisions.filter((d) => d.registrationId === r.id).map(({ registrationId: _, ...d }) => d),
  }));
}

export async function getRegistration(db: DbOrTx, id: number): Promise<RegistrationRow | undefined> {
  return (await listRegistrations(db, { id }, 1))[0];
}

/** The registrations as CSV, one line per registration, a decision and reason column per topic. */
export function registrationsCsv(topics: AgamTopic[], rows: RegistrationRow[]): string {
  const ordered = [...topics].sort((a, b) => a.sequenceNumber - b.sequenceNumber);
  let out = csvLine([
    "reference",
    "account_number",
    "name",
    "membership_number",
    "district",
    "origin",
    "registered_at",
    ...ordered.flatMap((t) => [`topic_${t.sequenceNumber}`, `topic_${t.sequenceNumber}_reason`]),
  ]);
  for (const r of rows) {
    const bySeq = new Map(r.decisions.map((d) => [d.topicSequence, d]));
    out += csvLine([
      r.reference,
      r.accountNumber,
      r.name,
      r.membershipNumber,
      r.district,
      r.origin,
      r.registeredAt.toISOString(),
      ...ordered.flatMap((t) => {
        const d = bySeq.get(t.sequenceNumber);
        return d ? [d.value === 1 ? "approve" : "disapprove", d.reason] : ["", ""];
      }),
    ]);
  }
  return out;
}

/** The tally from the database: every decision (with its member's district) and every anonymous vote. */
export async function loadTally(db: DbOrTx): Promise<Tally> {
  const topics = await db
    .select({ id: agamTopics.id, sequenceNumber: agamTopics.sequenceNumber, topic: agamTopics.topic })
    .from(agamTopics)
    .orderBy(asc(agamTopics.sequenceNumber));
  const named = await db
    .select({
      topicId: agamDecisions.topicId,
      district: agamAccounts.district,
      value: agamDecisions.answerValue,
      reason: agamDecisions.reason,
    })
    .from(agamDecisions)
    .innerJoin(agamRegistrations, eq(agamRegistrations.id, agamDecisions.registrationId))
    .innerJoin(agamAccounts, eq(agamAccounts.accountNumber, agamRegistrations.accountNumber));
  const anonymous = await db
    .select({ topicId: agamAnonymousVotes.topicId, district: agamAnonymousVotes.district, value: agamAnonymousVotes.answerValue })
    .from(agamAnonymousVotes);
  const votes: TallyVote[] = [
    ...named.map((v) => ({
      topicId: v.topicId,
      district: v.district,
      value: v.value === 1 ? (1 as const) : (0 as const),
      reason: v.reason,
    })),
    ...anonymous.map((v) => ({ topicId: v.topicId, district: v.district, value: v.value === 1 ? (1 as const) : (0 as const), reason: "" })),
  ];
  return computeTally(topics, votes, await registeredCount(db), AGAM.quorumTarget);
}

/** Members registered: those with a registration, and those whose registration was anonymized since. */
export async function registeredCount(db: DbOrTx): Promise<number> {
  const [a] = await db.select({ n: count() }).from(agamRegistrations);
  const [b] = await db.select({ n: sql<number>`count(distinct ${agamAnonymousVotes.registrationKey})::int` }).from(agamAnonymousVotes);
  return Number(a?.n ?? 0) + Number(b?.n ?? 0);
}

/**
 * Removes the person from registrations, keeping their votes (without reasons, which are
 * free text and may name someone) with their district: the tally does not change.
 * Returns how many registrations were anonymized.
 */
export async function anonymizeRegistrations(tx: DbOrTx, registrationIds: number[]): Promise<number> {
  if (!registrationIds.length) return 0;
  const ids = sql.join(
    registrationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into agam_anonymous_votes (registration_key, topic_id, district, answer_value, registered_at)
    select r.id, d.topic_id, a.district, d.answer_value, r.registered_at
    from agam_registrations r
    join agam_accounts a on a.account_number = r.account_number
    join agam_decisions d on d.registration_id = r.id
    where r.id in (${ids})`);
  const deleted = await tx
    .delete(agamRegistrations)
    .where(sql`${agamRegistrations.id} in (${ids})`)
    .returning({ id: agamRegistrations.id });
  return deleted.length;
}
