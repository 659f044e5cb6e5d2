/**
 * Personal data (Republic Act 10173): the daily purge of what outlived its retention, and
 * data-subject requests: find every record of one person by account number, e-mail or
 * mobile number, export them, erase or anonymize them. AGAM registrations are anonymized,
 * not deleted, so the tally stays correct (modules/agam/admin.server.ts).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, type DbOrTx, resultRows } from "../../db/client";
import { anonymizeRegistrations } from "../agam/admin.server";
import { normalizeAccountNumber } from "../shared/account-number";
import { manilaMidnight } from "../shared/dates";
import { normalizeMobile } from "../shared/phone";
import type { SubjectKey, SubjectRecords } from "./personal-data";
import type { RetentionPolicy } from "./retention";

export type { SubjectKey, SubjectRecords };

const DAY = 86_400_000;

export interface PurgeCounts {
  surveyAnonymized: number;
  preregistrationsDeleted: number;
  agamAnonymized: number;
  /** Guests' contacts on online payments that ended unpaid (a paid one's is erased once its acknowledgement is sent). */
  guestContactsErased: number;
}

/**
 * A gateway may still report a checkout paid a while after it expired (a late event); its
 * acknowledgement then needs the contact. A week past expiry nothing more comes.
 */
const GUEST_CONTACT_DAYS_AFTER_CHECKOUT = 7;

/** db.execute answers rows (one driver) or { rows } (the other). */

/** A survey answer without its person: names, contacts, account number and suggestions gone; ratings and town kept. */
const anonymizeSurveySql = (where: ReturnType<typeof sql>) => sql`
  update survey_responses set account_number = 'erased-' || id, name = '', respondent_name = '', email = '',
    contact_number = '', suggestions = ''
  where account_number not like 'erased-%' and ${where}
  returning id`;

/** Removes or anonymizes everything past its retention at `at`. */
export async function purgeExpired(db: Db, policy: RetentionPolicy, at: Date): Promise<PurgeCounts> {
  return db.transaction(async (tx) => {
    const surveyBefore = new Date(at.getTime() - policy.surveyDays * DAY);
    const survey = resultRows<{ id: number }>(await tx.execute(anonymizeSurveySql(sql`created_at < ${surveyBefore.toISOString()}`)));
    // Declined or abandoned: not approved or energized, and no change (in the queue, or since it
    // was sent when staff have not acted on it) for the retention period.
    const preregBefore = new Date(at.getTime() - policy.preregistrationDays * DAY).toISOString();
    const prereg = resultRows<{ id: number }>(
      await tx.execute(
        sql`delete from connection_preregistrations p where coalesce(
              (select q.updated_at from connection_queue q where q.preregistration_id = p.id), p.created_at) < ${preregBefore}
            and coalesce((select q.status::text from connection_queue q where q.preregistration_id = p.id), 'received')
              not in ('approved', 'energized')
            returning p.id`,
      ),
    );
    let agam = 0;
    const assembly = assemblyInstant(policy.assemblyDate);
    if (assembly && at.getTime() >= assembly.getTime() + policy.agamDaysAfterAssembly * DAY) {
      const ids = resultRows<{ id: number }>(
        await tx.execute(sql`select id from agam_registrations where registered_at < ${assembly.toISOString()}`),
      ).map((r) => Number(r.id));
      agam = await anonymizeRegistrations(tx, ids);
    }
    const checkoutsBefore = new Date(at.getTime() - GUEST_CONTACT_DAYS_AFTER_CHECKOUT * DAY).toISOString();
    const guestContacts = resultRows<{ reference: string }>(
      await tx.execute(
        sql`update payment_checkouts set receipt_to = null
            where receipt_to is not null and status <> 'paid' and expires_at < ${checkoutsBefore}
            returning reference`,
      ),
    );
    return {
      surveyAnonymized: survey.length,
      preregistrationsDeleted: prereg.length,
      agamAnonymized: agam,
      guestContactsErased: guestContacts.length,
    };
  });
}

/** The end of the assembly's day in Manila. */
function assemblyInstant(date: string | null): Date | null {
  if (!date) return null;
  const [y, m, d] = date.split("-").map(Number);
  return manilaMidnight(y!, m!, d! + 1);
}

/** Reads what staff typed: an account number, an e-mail address or a mobile number; null when it is none. */
export function subjectKeyOf(input: string): SubjectKey | null {
  const value = input.trim();
  if (!value) return null;
  const account = normalizeAccountNumber(value);
  if (account) return { kind: "account", value: account };
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return { kind: "email", value: value.toLowerCase() };
  const mobile = normalizeMobile(value);
  if (mobile) return { kind: "mobile", value: mobile };
  return null;
}

/** What the search asks for, as the page says it. */
export const SUBJECT_QUERY_HINT = "Enter an account number (01-1000-4568), an e-mail address or a mobile number (0917 123 4567).";

/** The erasure form: whose records (the search as typed), why, and the ticked confirmation. */
export const erasureSchema = z.object({
  q: z.string().transform((text, ctx) => {
    const key = subjectKeyOf(text.slice(0, 200));
    if (!key) ctx.addIssue(SUBJECT_QUERY_HINT);
    return key ?? z.NEVER;
  }),
  reason: z
    .string()
    .trim()
    .min(1, "Enter the reason for the erasure (for example: the member's written request of 5 March 2026).")
    .max(500, "The reason is at most 500 characters."),
  confirm: z.literal("yes", "Tick the box to confirm the erasure: it cannot be undone."),
});

/** The last ten digits of a mobile number (9XXXXXXXXX), to compare numbers kept in any format. */
const digitsMatch = (column: ReturnType<typeof sql>, mobile: string) =>
  sql`regexp_replace(${column}, '[^0-9]', '', 'g') like ${`%${mobile.slice(-10)}`}`;

/** Every record of one person, in every table that holds personal data. */
export async function findSubject(db: DbOrTx, key: SubjectKey): Promise<SubjectRecords> {
  const v = key.value;
  const pick = <T>(r: unknown) => resultRows<T & Record<string, unknown>>(r);
  const where = {
    survey:
      key.kind === "account"
        ? sql`account_number = ${v}`
        : key.kind === "email"
          ? sql`lower(email) = ${v}`
          : digitsMatch(sql`contact_number`, v),
    prereg:
      key.kind === "account"
        ? sql`nearest_account_number = ${v}`
        : key.kind === "email"
          ? sql`false`
          : sql`regexp_replace(contact_numbers, '[^0-9]', '', 'g') like ${`%${v.slice(-10)}%`}`,
    agam:
      key.kind === "account"
        ? sql`r.account_number = ${v}`
        : key.kind === "email"
          ? sql`lower(r.email) = ${v}`
          : digitsMatch(sql`r.phone`, v),
    alerts: key.kind === "account" ? sql`false` : sql`e.channel = ${key.kind === "email" ? "email" : "sms"} and lower(e.address) = ${v}`,
    reports: key.kind === "account" ? sql`account_number = ${v}` : key.kind === "email" ? sql`false` : sql`mobile = ${v}`,
    roll:
      key.kind === "account"
        ? sql`account_number = ${v}`
        : key.kind === "email"
          ? sql`lower(email) = ${v}`
          : digitsMatch(sql`coalesce(phone, '')`, v),
  };
  const survey = pick(await db.execute(sql`select * from survey_responses where ${where.survey} order by id`));
  const preregistrations = pick(await db.execute(sql`select * from connection_preregistrations where ${where.prereg} order by id`));
  const agamRegistrations = pick(
    await db.execute(sql`
      select r.id, r.reference, r.account_number, r.origin, r.phone, r.email, r.registered_at,
        coalesce((select json_agg(json_build_object('topic', d.topic_sequence_number, 'value', d.answer_value, 'reason', d.reason)
          order by d.topic_sequence_number) from agam_decisions d where d.registration_id = r.id), '[]'::json) as decisions
      from agam_registrations r where ${where.agam} order by r.id`),
  );
  const alertSubscriptions = pick(
    await db.execute(sql`
      select s.id, s.created_at, s.stopped_at, e.channel, e.address, e.confirmed_at
      from alert_subscribers s join alert_endpoints e on e.subscriber_id = s.id where ${where.alerts} order by s.id`),
  );
  const outageReports = pick(
    await db.execute(
      sql`select id, reference, source, landmark, details, account_number, mobile, created_at from outage_reports where ${where.reports} order by id`,
    ),
  );
  const memberRoll = pick(
    await db.execute(
      sql`select account_number, name, membership_number, address, town, district, phone, email from agam_accounts where ${where.roll}`,
    ),
  );
  return { key, survey, preregistrations, agamRegistrations, alertSubscriptions, outageReports, memberRoll };
}

export interface ErasureCounts {
  survey: number;
  preregistrations: number;
  agamRegistrations: number;
  alertSubscriptions: number;
  outageReports: number;
  memberRollEmails: number;
}

/**
 * Erases what `findSubject` found: survey answers anonymized (ratings stay), pre-registrations
 * and alert subscriptions deleted, AGAM registrations anonymized (votes stay in the tally),
 * outage reports stripped of account and mobile (the incident stays), the e-mail on the roll cleared.
 */
export async function eraseSubject(tx: DbOrTx, found: SubjectRecords): Promise<ErasureCounts> {
  const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id));
  const list = (xs: number[]) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  const survey = ids(found.survey);
  if (survey.length) await tx.execute(anonymizeSurveySql(sql`id in (${list(survey)})`));
  const prereg = ids(found.preregistrations);
  if (prereg.length) await tx.execute(sql`delete from connection_preregistrations where id in (${list(prereg)})`);
  const agam = await anonymizeRegistrations(tx, ids(found.agamRegistrations));
  const subscribers = [...new Set(ids(found.alertSubscriptions))];
  if (subscribers.length) await tx.execute(sql`delete from alert_subscribers where id in (${list(subscribers)})`);
  const reports = ids(found.outageReports);
  if (reports.length) await tx.execute(sql`update outage_reports set account_number = '', mobile = '' where id in (${list(reports)})`);
  let emails = 0;
  if (found.key.kind === "email") {
    const r = resultRows<{ n: number }>(
      await tx.execute(sql`update agam_accounts set email = null where lower(email) = ${found.key.value} returning 1 as n`),
    );
    emails = r.length;
  }
  return {
    survey: survey.length,
    preregistrations: prereg.length,
    agamRegistrations: agam,
    alertSubscriptions: subscribers.length,
    outageReports: reports.length,
    memberRollEmails: emails,
  };
}
