/**
 * AGAM (annual general membership assembly): member look-up, topic voting,
 * registration with its decisions, confirmation and the live counts.
 * The API (server/api/v1/agam.ts) and the pages (app/routes/agam/) both call these.
 */
import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { agamAccounts, agamDecisions, agamRegistrations, agamTopics } from "../db/schema";
import { ACCOUNT_NUMBER_EXAMPLE, ACCOUNT_NUMBER_PATTERN } from "./constants";
import { manilaParts } from "./dates";
import { DEFAULT_ORIGIN, ORIGIN_PATTERN, REASON_MAX } from "./agam-rules";

export interface AgamTopic {
  id: number;
  sequenceNumber: number;
  topic: string;
  description: string;
}

export interface AgamMember {
  account: string;
  name: string;
  membership: string;
  address: string;
  /** 0 or 1: registrations for this account (the UNIQUE constraint keeps it at most 1). */
  registered: number;
}

export interface AgamCounts {
  qmember: number;
  qmember_north: number;
  qmember_south: number;
}

export interface AgamConfirmation {
  reference: string;
  account: string;
  membership: string;
  /** ISO 8601 instant. */
  registered_at: string;
}

export { DEFAULT_ORIGIN, ORIGIN_PATTERN, REASON_MAX } from "./agam-rules";

export const accountNumberSchema = z
  .string()
  .trim()
  .regex(ACCOUNT_NUMBER_PATTERN, `Enter the account number as two digits, four digits and four digits, like ${ACCOUNT_NUMBER_EXAMPLE}`);

export const originSchema = z.string().regex(ORIGIN_PATTERN, "must be 1 to 32 letters, digits, - or _");

/** Phone and e-mail are optional (the spec shows no validation); only length and characters are kept sane. */
export const phoneSchema = z
  .string()
  .trim()
  .max(20, "Enter a phone number of at most 20 characters")
  .regex(/^[0-9+()\- ]*$/, "Enter a phone number with digits only, like 09171234567");
export const emailSchema = z
  .string()
  .trim()
  .max(254, "Enter an e-mail address of at most 254 characters")
  .refine((v) => v === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "Enter an e-mail address like name@example.com");

export const decisionSchema = z.object({
  topic_sequence_id: z.number().int().min(1),
  answer_topic_id: z.number().int().min(1),
  answer_value: z.union([z.literal(0), z.literal(1)], { error: "must be 1 (approve) or 0 (disapprove)" }),
  answer_topic_reason: z.string().trim().max(REASON_MAX, `must be at most ${REASON_MAX} characters`).default(""),
});

export const registrationSchema = z.object({
  account: accountNumberSchema,
  origin: originSchema.default(DEFAULT_ORIGIN),
  phone: phoneSchema.default(""),
  email: emailSchema.default(""),
  decisions: z.array(decisionSchema).min(1, "must hold a decision for every topic").max(100),
});
export type RegistrationInput = z.input<typeof registrationSchema>;

export async function listTopics(db: Db): Promise<AgamTopic[]> {
  return db
    .select({ id: agamTopics.id, sequenceNumber: agamTopics.sequenceNumber, topic: agamTopics.topic, description: agamTopics.description })
    .from(agamTopics)
    .orderBy(asc(agamTopics.sequenceNumber));
}

/** The member behind an account number, with whether they registered; undefined when unknown. */
export async function findMember(db: Db, account: string): Promise<AgamMember | undefined> {
  const [row] = await db
    .select({
      account: agamAccounts.accountNumber,
      name: agamAccounts.name,
      membership: agamAccounts.membershipNumber,
      address: agamAccounts.address,
      registered: sql<number>`count(${agamRegistrations.id})::int`,
    })
    .from(agamAccounts)
    .leftJoin(agamRegistrations, eq(agamRegistrations.accountNumber, agamAccounts.accountNumber))
    .where(eq(agamAccounts.accountNumber, account))
    .groupBy(agamAccounts.accountNumber);
  return row ? { ...row, registered: Number(row.registered) } : undefined;
}

/** The API's look-up shape: result empty for an unknown account. */
export async function checkAccount(db: Db, account: string): Promise<{ result: { CNAME: string; MEMNO: string; CADDRESS: string }[]; registered: number }> {
  const member = await findMember(db, account);
  if (!member) return { result: [], registered: 0 };
  return { result: [{ CNAME: member.name, MEMNO: member.membership, CADDRESS: member.address }], registered: member.registered };
}

export type RegisterResult =
  | { ok: true; reference: string }
  | { ok: false; reason: "already_registered" }
  | { ok: false; reason: "unknown_account" }
  | { ok: false; reason: "invalid"; fields: Record<string, string> };

/**
 * Registers a member and their decision on every topic in ONE transaction.
 * Once per account: the UNIQUE constraint on agam_registrations.account_number
 * decides (no look-up first), so concurrent attempts leave exactly one registration.
 */
export async function register(db: Db, input: RegistrationInput): Promise<RegisterResult> {
  const parsed = registrationSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
    return { ok: false, reason: "invalid", fields };
  }
  const body = parsed.data;
  const topics = await listTopics(db);
  const fields = checkDecisions(topics, body.decisions);
  if (Object.keys(fields).length) return { ok: false, reason: "invalid", fields };

  const bySequence = new Map(body.decisions.map((d) => [d.topic_sequence_id, d]));
  for (let attempt = 0; attempt < 5; attempt++) {
    const reference = newReference();
    try {
      await db.transaction(async (tx) => {
        const [registration] = await tx
          .insert(agamRegistrations)
          .values({ reference, accountNumber: body.account, origin: body.origin, phone: body.phone, email: body.email })
          .returning({ id: agamRegistrations.id });
        await tx.insert(agamDecisions).values(
          topics.map((t) => {
            const d = bySequence.get(t.sequenceNumber)!;
            return { registrationId: registration!.id, topicId: t.id, topicSequenceNumber: t.sequenceNumber, answerValue: d.answer_value, reason: d.answer_value === 0 ? d.answer_topic_reason : "" };
          }),
        );
      });
      return { ok: true, reference };
    } catch (error) {
      const pg = pgError(error);
      if (pg?.code === "23505" && pg.constraint?.includes("reference")) continue; // a reference collision: draw another
      if (pg?.code === "23505") return { ok: false, reason: "already_registered" };
      if (pg?.code === "23503") return { ok: false, reason: "unknown_account" };
      throw error;
    }
  }
  throw new Error("could not draw a unique reference number");
}

/** Every topic answered exactly once, ids matching, a reason for every disapproval. */
export function checkDecisions(topics: AgamTopic[], decisions: z.output<typeof decisionSchema>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const known = new Map(topics.map((t) => [t.sequenceNumber, t]));
  const seen = new Set<number>();
  decisions.forEach((d, i) => {
    const topic = known.get(d.topic_sequence_id);
    if (!topic) fields[`decisions.${i}.topic_sequence_id`] = "is not a topic of this assembly";
    else if (topic.id !== d.answer_topic_id) fields[`decisions.${i}.answer_topic_id`] = `must be ${topic.id}, the id of topic ${topic.sequenceNumber}`;
    if (seen.has(d.topic_sequence_id)) fields[`decisions.${i}.topic_sequence_id`] = "answers a topic twice";
    seen.add(d.topic_sequence_id);
    if (d.answer_value === 0 && !d.answer_topic_reason.trim()) fields[`decisions.${i}.answer_topic_reason`] = "is required when disapproving (why disagree?)";
  });
  const missing = topics.filter((t) => !seen.has(t.sequenceNumber)).map((t) => t.sequenceNumber);
  if (missing.length) fields.decisions = `must answer every topic; missing topic ${missing.join(", ")}`;
  return fields;
}

/**
 * The confirmation of an account's registration: empty when there is none.
 * The origin is where the visitor came from this time; it does not have to match
 * the origin of the registration (one member, one registration, whichever door).
 */
export async function getConfirmation(db: Db, _origin: string, account: string): Promise<AgamConfirmation[]> {
  const rows = await db
    .select({ reference: agamRegistrations.reference, account: agamRegistrations.accountNumber, membership: agamAccounts.membershipNumber, registeredAt: agamRegistrations.registeredAt })
    .from(agamRegistrations)
    .innerJoin(agamAccounts, eq(agamAccounts.accountNumber, agamRegistrations.accountNumber))
    .where(eq(agamRegistrations.accountNumber, account))
    .limit(1);
  return rows.map((r) => ({ reference: r.reference, account: r.account, membership: r.membership, registered_at: new Date(r.registeredAt).toISOString() }));
}

/** Registered members in total and per area, in one query. */
export async function counts(db: Db): Promise<AgamCounts> {
  const [row] = await db
    .select({
      qmember: sql<number>`count(*)::int`,
      qmember_north: sql<number>`(count(*) filter (where ${agamAccounts.area} = 'north'))::int`,
      qmember_south: sql<number>`(count(*) filter (where ${agamAccounts.area} = 'south'))::int`,
    })
    .from(agamRegistrations)
    .innerJoin(agamAccounts, eq(agamAccounts.accountNumber, agamRegistrations.accountNumber));
  return { qmember: Number(row?.qmember ?? 0), qmember_north: Number(row?.qmember_north ?? 0), qmember_south: Number(row?.qmember_south ?? 0) };
}

/** AGAM-<Manila year>-<6 characters>, letters and digits that can't be misread (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function newReference(now: Date = new Date()): string {
  let tail = "";
  for (let i = 0; i < 6; i++) tail += REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)];
  return `AGAM-${manilaParts(now).year}-${tail}`;
}

/** The PostgreSQL error behind a driver or drizzle error (drizzle wraps it in `cause`). */
function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const x = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };
    if (typeof x.code === "string" && /^[0-9A-Z]{5}$/.test(x.code)) {
      const constraint = typeof x.constraint === "string" ? x.constraint : typeof x.constraint_name === "string" ? x.constraint_name : undefined;
      return { code: x.code, constraint };
    }
    e = x.cause;
  }
  return undefined;
}
