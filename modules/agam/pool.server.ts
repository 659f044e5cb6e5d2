/**
 * AGAM (annual general membership assembly): member look-up, topic voting,
 * registration with its decisions, confirmation and the live counts.
 * The API (server/api/v1/agam.ts, which maps these to the contract's names) and the
 * pages (app/routes/agam/) both call these.
 */
import crypto from "node:crypto";
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/pg-error";
import { agamAccounts, agamAnonymousVotes, agamDecisions, agamRegistrations, agamTopics } from "../../db/schema";
import { accountNumberField } from "../shared/account-number-field";
import { ACCOUNT_NUMBER_EXAMPLE, AGAM_DISTRICTS } from "../shared/constants";
import { manilaParts } from "../shared/dates";
import type { FieldErrors } from "../shared/errors";
import { DEFAULT_ORIGIN, ORIGIN_PATTERN, REASON_MAX } from "./rules";

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

/** Registered members in total and per area. */
export interface AgamCounts {
  total: number;
  north: number;
  south: number;
}

export interface AgamConfirmation {
  reference: string;
  account: string;
  membership: string;
  /** ISO 8601 instant. */
  registeredAt: string;
}

export const accountNumberSchema = accountNumberField(`Enter the 10 digits of the account number, like ${ACCOUNT_NUMBER_EXAMPLE}`);

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

/** A member's decision on one topic: approve (1) or disapprove (0), with a reason when disapproving. */
export const decisionSchema = z.object({
  topicSequence: z.number().int().min(1),
  topicId: z.number().int().min(1),
  value: z.union([z.literal(0), z.literal(1)], { error: "must be 1 (approve) or 0 (disapprove)" }),
  reason: z.string().trim().max(REASON_MAX, `must be at most ${REASON_MAX} characters`).default(""),
});
export type Decision = z.output<typeof decisionSchema>;

/** The list of decisions, one per topic (checked against the topics by `register`). */
export const decisionsOf = <T extends z.ZodType>(decision: T) => z.array(decision).min(1, "must hold a decision for every topic").max(100);

export const registrationSchema = z.object({
  account: accountNumberSchema,
  origin: originSchema.default(DEFAULT_ORIGIN),
  phone: phoneSchema.default(""),
  email: emailSchema.default(""),
  decisions: decisionsOf(decisionSchema),
});
/** A registration that passed `registrationSchema`: the API and the page validate once, then call `register`. */
export type Registration = z.output<typeof registrationSchema>;

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

export type RegisterResult =
  | { ok: true; reference: string }
  | { ok: false; reason: "already_registered" }
  | { ok: false; reason: "unknown_account" }
  | { ok: false; reason: "invalid"; fields: FieldErrors };

/**
 * Registers a member and their decision on every topic in ONE transaction.
 * Once per account: the UNIQUE constraint on agam_registrations.account_number
 * decides (no look-up first), so concurrent attempts leave exactly one registration.
 */
export async function register(db: Db, body: Registration): Promise<RegisterResult> {
  const topics = await listTopics(db);
  const fields = checkDecisions(topics, body.decisions);
  if (Object.keys(fields).length) return { ok: false, reason: "invalid", fields };

  const bySequence = new Map(body.decisions.map((d) => [d.topicSequence, d]));
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
            return {
              registrationId: registration!.id,
              topicId: t.id,
              topicSequenceNumber: t.sequenceNumber,
              answerValue: d.value,
              reason: d.value === 0 ? d.reason : "",
            };
          }),
        );
      });
      return { ok: true, reference };
    } catch (error) {
      if (isUniqueViolation(error, "reference")) continue; // a reference collision: draw another
      if (isUniqueViolation(error)) return { ok: false, reason: "already_registered" };
      if (isForeignKeyViolation(error)) return { ok: false, reason: "unknown_account" };
      throw error;
    }
  }
  throw new Error("could not draw a unique reference number");
}

/** Every topic answered exactly once, ids matching, a reason for every disapproval. */
export function checkDecisions(topics: AgamTopic[], decisions: Decision[]): FieldErrors {
  const fields: FieldErrors = {};
  const known = new Map(topics.map((t) => [t.sequenceNumber, t]));
  const seen = new Set<number>();
  decisions.forEach((d, i) => {
    const topic = known.get(d.topicSequence);
    if (!topic) fields[`decisions.${i}.topicSequence`] = "is not a topic of this assembly";
    else if (topic.id !== d.topicId) fields[`decisions.${i}.topicId`] = `must be ${topic.id}, the id of topic ${topic.sequenceNumber}`;
    if (seen.has(d.topicSequence)) fields[`decisions.${i}.topicSequence`] = "answers a topic twice";
    seen.add(d.topicSequence);
    if (d.value === 0 && !d.reason.trim()) fields[`decisions.${i}.reason`] = "is required when disapproving (why disagree?)";
  });
  const missing = topics.filter((t) => !seen.has(t.sequenceNumber)).map((t) => t.sequenceNumber);
  if (missing.length) fields.decisions = `must answer every topic; missing topic ${missing.join(", ")}`;
  return fields;
}

/**
 * A registration joined to its member, as the confirmation slip shows it (and the door it
 * came through): the one `where` picks, or undefined.
 */
export async function findConfirmation(db: Db, where: SQL): Promise<{ confirmation: AgamConfirmation; origin: string } | undefined> {
  const [row] = await db
    .select({
      reference: agamRegistrations.reference,
      account: agamRegistrations.accountNumber,
      membership: agamAccounts.membershipNumber,
      registeredAt: agamRegistrations.registeredAt,
      origin: agamRegistrations.origin,
    })
    .from(agamRegistrations)
    .innerJoin(agamAccounts, eq(agamAccounts.accountNumber, agamRegistrations.accountNumber))
    .where(where)
    .limit(1);
  if (!row) return undefined;
  const { origin, ...confirmation } = row;
  return { origin, confirmation: { ...confirmation, registeredAt: new Date(row.registeredAt).toISOString() } };
}

/**
 * The confirmation of an account's registration: empty when there is none. Whichever
 * origin (door) the visitor came through: one member, one registration.
 */
export async function getConfirmation(db: Db, account: string): Promise<AgamConfirmation[]> {
  const found = await findConfirmation(db, eq(agamRegistrations.accountNumber, account));
  return found ? [found.confirmation] : [];
}

/** Registered members in total and per area, in one query. */
export async function counts(db: Db): Promise<AgamCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      north: sql<number>`(count(*) filter (where ${agamAccounts.area} = 'north'))::int`,
      south: sql<number>`(count(*) filter (where ${agamAccounts.area} = 'south'))::int`,
    })
    .from(agamRegistrations)
    .innerJoin(agamAccounts, eq(agamAccounts.accountNumber, agamRegistrations.accountNumber));
  // Registrations anonymized since (erasure, retention) still count: their district says the area.
  const north = AGAM_DISTRICTS.filter((d) => d.area === "north").map((d) => d.district);
  const [gone] = await db
    .select({
      total: sql<number>`count(distinct ${agamAnonymousVotes.registrationKey})::int`,
      north: sql<number>`(count(distinct ${agamAnonymousVotes.registrationKey}) filter (where ${inArray(agamAnonymousVotes.district, north)}))::int`,
    })
    .from(agamAnonymousVotes);
  const goneTotal = Number(gone?.total ?? 0);
  const goneNorth = Number(gone?.north ?? 0);
  return {
    total: Number(row?.total ?? 0) + goneTotal,
    north: Number(row?.north ?? 0) + goneNorth,
    south: Number(row?.south ?? 0) + goneTotal - goneNorth,
  };
}

/** AGAM-<Manila year>-<6 characters>, letters and digits that can't be misread (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function newReference(now: Date = new Date()): string {
  let tail = "";
  for (let i = 0; i < 6; i++) tail += REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)];
  return `AGAM-${manilaParts(now).year}-${tail}`;
}
