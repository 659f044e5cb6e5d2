/**
 * The relay from the outbox (interruption_events) to deliveries. One event is fanned out in one
 * transaction: its delivery rows (one per subscriber and channel, unique, so never twice), the
 * jobs that send them (queued by `enqueue` on the same transaction), and the mark that the event
 * is done. A crash before the commit leaves nothing; after it, everything.
 */
import { and, asc, desc, eq, gte, inArray, lt, ne, notInArray, type SQL, sql } from "drizzle-orm";
import { type Db, type DbOrTx, queryRows } from "../../db/client";
import {
  alertDeliveries,
  alertFanouts,
  barangays,
  interruptionEvents,
  powerInterruptionBarangays,
  powerInterruptions,
  powerInterruptionTowns,
} from "../../db/schema";
import { storedTranslations } from "../content/translations";
import { toPlainText } from "../shared/html";
import { type Locale, localePath } from "../shared/i18n";
import {
  ALERTING_KINDS,
  type AlertChannel,
  type AlertInterruption,
  type AlertReason,
  alertMessage,
  alertPush,
  alertSms,
  interruptionUrl,
  manageUrl,
} from "./messages";
import { alertPriority } from "./priority";
import { smsSendAt, tomorrowInManila } from "./quiet-hours";

/** During a major event, each subscriber hears about one interruption on one channel at most once in this time. */
export const MAJOR_EVENT_DIGEST_MINUTES = 30;

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface DeliveryJob {
  deliveryId: number;
  channel: AlertChannel;
  /** Later than now for an SMS held by quiet hours. */
  startAfter?: Date;
  /** Higher goes first (core/alerts/priority.ts). */
  priority?: number;
}

export interface FanOutOptions {
  publicUrl: string;
  /** Channels with settings; the others get rows marked not_configured and no job. */
  configured: ReadonlySet<AlertChannel>;
  /** Channels staff paused; their rows wait as paused. */
  paused: ReadonlySet<AlertChannel>;
  /**
   * During a major event (the hub's switch): each subscriber hears about one interruption on one
   * channel at most once in this many minutes; a newer update replaces one not sent yet.
   */
  digestMinutes?: number;
  /** Queues the jobs inside the caller's transaction (pg-boss through its Drizzle adapter). */
  enqueue(tx: Tx, jobs: DeliveryJob[]): Promise<void>;
  now?: Date;
}

/** Outbox events not yet fanned out, oldest first. */
export async function pendingEventIds(db: Db, limit = 20): Promise<number[]> {
  const rows = await db
    .select({ id: interruptionEvents.id })
    .from(interruptionEvents)
    .where(notInArray(interruptionEvents.id, db.select({ id: alertFanouts.eventId }).from(alertFanouts)))
    .orderBy(asc(interruptionEvents.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Fans one event out. Returns the number of deliveries created (0 when another relay had it). */
export async function fanOutEvent(db: Db, eventId: number, opts: FanOutOptions): Promise<number> {
  return db.transaction(async (tx) => {
    // Two relays (two processes) may see the same event: the row lock lets one of them do it.
    const [event] = await queryRows<{ id: number; interruption_id: number; kind: string; note: string; occurred_at: Date | string }>(
      tx,
      sql`select id, interruption_id, kind, note, occurred_at from interruption_events where id = ${eventId} for update skip locked`,
    );
    if (!event) return 0;
    const [done] = await tx.select().from(alertFanouts).where(eq(alertFanouts.eventId, eventId));
    if (done) return 0;
    const kind = event.kind as AlertReason;
    let count = 0;
    const now = opts.now ?? new Date();
    if (ALERTING_KINDS.includes(kind)) {
      const loaded = await loadInterruption(tx, event.interruption_id);
      // The note the dispatcher wrote with this very change, and its time ("power back at 11:40 PM").
      const interruption = loaded && { ...loaded, note: toPlainText(event.note), at: new Date(event.occurred_at) };
      // An alert about something already over is noise, except "power restored".
      if (interruption && (kind === "finished" || interruption.endsAt.getTime() > now.getTime())) {
        count = await createDeliveries(tx, interruption, kind, `event:${eventId}`, opts, now);
      }
    }
    await tx.insert(alertFanouts).values({ eventId, deliveries: count, fannedAt: now });
    return count;
  });
}

/** The day-before reminder: every interruption starting tomorrow (Manila), still on. */
export async function fanOutReminders(db: Db, opts: FanOutOptions): Promise<number> {
  const now = opts.now ?? new Date();
  const { from, to } = tomorrowInManila(now);
  const due = await db
    .select({ id: powerInterruptions.id })
    .from(powerInterruptions)
    .where(
      and(
        gte(powerInterruptions.startsAt, from),
        lt(powerInterruptions.startsAt, to),
        notInArray(powerInterruptions.status, ["cancelled", "finished"]),
      ),
    );
  let count = 0;
  for (const { id } of due) {
    count += await db.transaction(async (tx) => {
      const interruption = await loadInterruption(tx, id);
      return interruption ? createDeliveries(tx, interruption, "reminder", "reminder", opts, now) : 0;
    });
  }
  return count;
}

interface Recipient {
  subscriber_id: number;
  manage_token: string;
  channel: AlertChannel;
  language: Locale;
}

/** Who an alert about interruption `id` reaches: one row per subscriber and confirmed channel. */
function recipientsOf(id: number, reason: AlertReason) {
  return sql`
      select s.id as subscriber_id, s.manage_token, e.channel, s.language
      from alert_subscribers s
      join alert_endpoints e on e.subscriber_id = s.id and e.confirmed_at is not null and e.removed_at is null
      where s.stopped_at is null
        ${reason === "finished" ? sql`and s.notify_finished` : sql``}
        and exists (
          select 1 from alert_subscriber_areas a
          where a.subscriber_id = s.id and (
            -- a whole town the interruption touches
            (a.barangay_id is null and a.town in (select town from power_interruption_towns where interruption_id = ${id}))
            -- the very barangay
            or a.barangay_id in (select barangay_id from power_interruption_barangays where interruption_id = ${id})
            -- a barangay of a town the interruption touches without naming barangays there (the whole town)
            or (a.barangay_id is not null and a.town in (
              select t.town from power_interruption_towns t
              where t.interruption_id = ${id} and not exists (
                select 1 from power_interruption_barangays pb join barangays b on b.id = pb.barangay_id
                where pb.interruption_id = ${id} and b.town = t.town)))
          ))`;
}

/** How many an alert about interruption `id` would reach per language and channel now (the cost preview: each language has its own SMS). */
export async function recipientCounts(db: DbOrTx, id: number, reason: AlertReason): Promise<Record<Locale, Record<AlertChannel, number>>> {
  const rows = await queryRows<{ channel: AlertChannel; language: string; n: number }>(
    db,
    sql`select r.channel, r.language, count(*)::int as n from (${recipientsOf(id, reason)}) r group by r.channel, r.language`,
  );
  const counts: Record<Locale, Record<AlertChannel, number>> = { en: { email: 0, sms: 0, push: 0 }, fil: { email: 0, sms: 0, push: 0 } };
  // As createDeliveries reads a subscriber's language: Filipino, or else English.
  for (const r of rows) counts[r.language === "fil" ? "fil" : "en"][r.channel] += Number(r.n);
  return counts;
}

async function createDeliveries(
  tx: Tx,
  i: AlertInterruption,
  reason: AlertReason,
  eventKey: string,
  opts: FanOutOptions,
  now: Date,
): Promise<number> {
  const recipients = await queryRows<Recipient>(tx, sql`${recipientsOf(i.id, reason)} order by s.id, e.channel`);
  if (recipients.length === 0) return 0;
  const smsAt = smsSendAt(now, reason, i.startsAt);
  // The same words for everyone of a language: made once per language, not per recipient.
  const byLanguage = new Map<Locale, { page: string; smsText: string; push: ReturnType<typeof alertPush> }>();
  const wordsIn = (language: Locale) => {
    let words = byLanguage.get(language);
    if (!words) {
      const page = interruptionUrl(opts.publicUrl, i.id, language);
      words = {
        page,
        smsText: alertSms(reason, i, `${opts.publicUrl}${localePath(language, "/news/power-interruptions")}`, language),
        push: alertPush(reason, i, page, language),
      };
      byLanguage.set(language, words);
    }
    return words;
  };
  const priority = alertPriority(reason, i.startsAt, now);
  let created = 0;
  for (let start = 0; start < recipients.length; start += 500) {
    const chunk = recipients.slice(start, start + 500);
    let values = chunk.map((r) => {
      const language: Locale = r.language === "fil" ? "fil" : "en";
      const { page, smsText, push } = wordsIn(language);
      const links = { interruption: page, manage: manageUrl(opts.publicUrl, r.manage_token, language) };
      const email = alertMessage(reason, i, links, language);
      const body = r.channel === "email" ? email.text : r.channel === "sms" ? smsText : JSON.stringify({ ...push, manage: links.manage });
      const held = r.channel === "sms" && smsAt.getTime() > now.getTime();
      const state = !opts.configured.has(r.channel) ? "not_configured" : opts.paused.has(r.channel) ? "paused" : held ? "held" : "queued";
      return {
        subscriberId: r.subscriber_id,
        interruptionId: i.id,
        eventKey,
        channel: r.channel,
        state,
        subject: email.subject,
        body,
        createdAt: now,
        updatedAt: now,
      } as const;
    });
    // The digest: folded into a message not sent yet, or held until the interval since the last one is over.
    const holdUntil = new Map<string, Date>();
    if (opts.digestMinutes) {
      const digest = await applyDigest(tx, i.id, values, opts.digestMinutes, now);
      values = values.filter((v) => !digest.folded.has(`${v.subscriberId}:${v.channel}`));
      for (const [key, at] of digest.holdUntil) holdUntil.set(key, at);
      values = values.map((v) => (holdUntil.has(`${v.subscriberId}:${v.channel}`) && v.state === "queued" ? { ...v, state: "held" } : v));
      if (values.length === 0) continue;
    }
    const inserted = await tx
      .insert(alertDeliveries)
      .values(values)
      .onConflictDoNothing({
        target: [alertDeliveries.subscriberId, alertDeliveries.interruptionId, alertDeliveries.eventKey, alertDeliveries.channel],
      })
      .returning({
        id: alertDeliveries.id,
        channel: alertDeliveries.channel,
        state: alertDeliveries.state,
        subscriberId: alertDeliveries.subscriberId,
      });
    created += inserted.length;
    const startAfterOf = (d: (typeof inserted)[number]) => {
      const digestAt = holdUntil.get(`${d.subscriberId}:${d.channel}`);
      const quietAt = d.channel === "sms" && smsAt.getTime() > now.getTime() ? smsAt : null;
      const at = [digestAt, quietAt].filter((x): x is Date => Boolean(x)).sort((a, b) => b.getTime() - a.getTime())[0];
      return at ? { startAfter: at } : {};
    };
    const jobs = inserted
      .filter((d) => d.state === "queued" || d.state === "held")
      .map((d) => ({ deliveryId: d.id, channel: d.channel, priority, ...startAfterOf(d) }));
    if (jobs.length) await opts.enqueue(tx, jobs);
  }
  return created;
}

/**
 * The major-event digest for one interruption. For each (subscriber, channel) about to get a
 * message: when a message of theirs about this interruption is still waiting (queued, held,
 * retrying, paused), it takes the new words and no new message is made (folded); when one went
 * out (or is going out) less than `minutes` ago, the new one is held until that interval is over.
 */
async function applyDigest(
  tx: Tx,
  interruptionId: number,
  values: readonly { subscriberId: number; channel: AlertChannel; subject: string; body: string }[],
  minutes: number,
  now: Date,
): Promise<{ folded: Set<string>; holdUntil: Map<string, Date> }> {
  const folded = new Set<string>();
  const holdUntil = new Map<string, Date>();
  const latest = await queryRows<{
    id: number;
    subscriber_id: number;
    channel: AlertChannel;
    state: string;
    sent_at: unknown;
    updated_at: unknown;
  }>(
    tx,
    sql`select distinct on (subscriber_id, channel) id, subscriber_id, channel, state, sent_at, updated_at
        from alert_deliveries
        where interruption_id = ${interruptionId} and subscriber_id in (${sql.join(
          [...new Set(values.map((v) => v.subscriberId))].map((id) => sql`${id}`),
          sql`, `,
        )})
        order by subscriber_id, channel, id desc`,
  );
  const byKey = new Map(values.map((v) => [`${v.subscriberId}:${v.channel}`, v]));
  const folds: SQL[] = [];
  const foldKey = new Map<number, string>();
  for (const d of latest) {
    const key = `${d.subscriber_id}:${d.channel}`;
    const v = byKey.get(key);
    if (!v) continue;
    if (["queued", "held", "retrying", "paused"].includes(d.state)) {
      foldKey.set(Number(d.id), key);
      folds.push(sql`(${Number(d.id)}::int, ${v.subject}::text, ${v.body}::text)`);
    } else if (d.state === "sent" || d.state === "sending") {
      const last = new Date((d.state === "sent" ? d.sent_at : d.updated_at) as string | Date);
      const next = new Date(last.getTime() + minutes * 60_000);
      if (next.getTime() > now.getTime()) holdUntil.set(key, next);
    }
  }
  if (folds.length) {
    const updated = await queryRows<{ id: number }>(
      tx,
      sql`
      update alert_deliveries d set subject = v.subject, body = v.body, updated_at = ${now}
      from (values ${sql.join(folds, sql`, `)}) as v(id, subject, body)
      where d.id = v.id and d.state in ('queued', 'held', 'retrying', 'paused')
      returning d.id`,
    );
    for (const { id } of updated) folded.add(foldKey.get(Number(id))!);
    // Taken by a worker meanwhile: that one goes out now; this one after the interval.
    for (const key of foldKey.values()) if (!folded.has(key)) holdUntil.set(key, new Date(now.getTime() + minutes * 60_000));
  }
  return { folded, holdUntil };
}

export async function loadInterruption(db: DbOrTx, id: number): Promise<AlertInterruption | null> {
  const [row] = await db.select().from(powerInterruptions).where(eq(powerInterruptions.id, id));
  if (!row) return null;
  const [towns, named] = await Promise.all([
    db.select({ town: powerInterruptionTowns.town }).from(powerInterruptionTowns).where(eq(powerInterruptionTowns.interruptionId, id)),
    db
      .select({ town: barangays.town, name: barangays.name })
      .from(powerInterruptionBarangays)
      .innerJoin(barangays, eq(barangays.id, powerInterruptionBarangays.barangayId))
      .where(eq(powerInterruptionBarangays.interruptionId, id))
      .orderBy(asc(barangays.name)),
  ]);
  const areas = towns
    .map(({ town }) => {
      const list = named.filter((b) => b.town === town).map((b) => b.name);
      return list.length ? `${town} (${list.join(", ")})` : `${town} (whole town)`;
    })
    .join("; ");
  // The newest public note (a reminder repeats it); an event's own note replaces it in fanOutEvent.
  const [latest] = await db
    .select({ note: interruptionEvents.note })
    .from(interruptionEvents)
    .where(and(eq(interruptionEvents.interruptionId, id), ne(interruptionEvents.note, "")))
    .orderBy(desc(interruptionEvents.occurredAt), desc(interruptionEvents.id))
    .limit(1);
  // Staff write the circuit and the work in a rich-text field: messages carry their words, never markup.
  return {
    id,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    circuitToBeOpened: toPlainText(row.circuitToBeOpened),
    activities: toPlainText(row.activities),
    activitiesFil: toPlainText(storedTranslations(row.translations).fil?.activities ?? ""),
    note: toPlainText(latest?.note ?? ""),
    areas,
    kind: row.kind,
    endKnown: row.endKnown,
  };
}

/** Deliveries waiting for a channel that now has settings or was resumed: back to queued. */
export async function requeueWaiting(
  db: Db,
  channel: AlertChannel,
  from: "not_configured" | "paused",
  enqueue: FanOutOptions["enqueue"],
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(alertDeliveries)
      .set({ state: "queued", updatedAt: now })
      .where(
        and(
          eq(alertDeliveries.channel, channel),
          eq(alertDeliveries.state, from),
          inArray(
            alertDeliveries.interruptionId,
            tx.select({ id: powerInterruptions.id }).from(powerInterruptions).where(gte(powerInterruptions.endsAt, now)),
          ),
        ),
      )
      .returning({ id: alertDeliveries.id });
    if (rows.length)
      await enqueue(
        tx,
        rows.map((r) => ({ deliveryId: r.id, channel })),
      );
    return rows.length;
  });
}
