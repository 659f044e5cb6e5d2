/**
 * A delivery's life: claimed by a worker (sending), then sent, retrying, or failed (the dead
 * letter). The claim is a conditional update, so a delivery already sent is never sent again,
 * whichever job or worker asks.
 */
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { alertChannelSettings, alertDeliveries, alertEndpoints, powerInterruptions } from "../../db/schema";
import type { AlertChannel } from "./messages";

export type DeliveryState = (typeof alertDeliveries.$inferSelect)["state"];

type PushKeys = { p256dh: string; auth: string };

export interface ClaimedDelivery {
  id: number;
  channel: AlertChannel;
  subject: string;
  body: string;
  attempts: number;
  interruptionId: number;
  createdAt: Date;
  /** The secret of the subscriber's change/stop link. */
  manageToken: string;
  /** Where to send it; null when the subscriber stopped that channel since. */
  endpoint: { address: string; keys: PushKeys | null } | null;
}

const CLAIMABLE: DeliveryState[] = ["queued", "retrying", "held"];

/**
 * Takes deliveries for sending, in one statement for a whole batch. A delivery "sending" since
 * before `staleBefore` is claimable again: the worker that claimed it died between claiming and
 * recording the outcome. One "sending" since later is left alone: its worker may be slow but
 * alive (its job expired under load), and taking it would send the message twice.
 * Deliveries already sent, failed or paused are not returned.
 */
export async function claimDeliveries(db: Db, ids: number[], staleBefore: Date, now = new Date()): Promise<ClaimedDelivery[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with claimed as (
      update alert_deliveries set state = 'sending', attempts = attempts + 1, updated_at = ${now}
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and (state in (${sql.join(
        CLAIMABLE.map((s) => sql`${s}`),
        sql`, `,
      )}) or (state = 'sending' and updated_at < ${staleBefore}))
      returning id, subscriber_id, channel, subject, body, attempts, interruption_id, created_at)
    select c.id, c.channel, c.subject, c.body, c.attempts, c.interruption_id, c.created_at, s.manage_token,
      case when s.stopped_at is null then e.address end as address, e.keys
    from claimed c
    join alert_subscribers s on s.id = c.subscriber_id
    left join alert_endpoints e on e.subscriber_id = c.subscriber_id and e.channel = c.channel and e.removed_at is null and e.confirmed_at is not null`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    channel: r.channel as AlertChannel,
    subject: String(r.subject),
    body: String(r.body),
    attempts: Number(r.attempts),
    interruptionId: Number(r.interruption_id),
    createdAt: new Date(r.created_at as string | Date),
    manageToken: String(r.manage_token),
    endpoint: r.address
      ? { address: String(r.address), keys: (typeof r.keys === "string" ? JSON.parse(r.keys) : (r.keys ?? null)) as PushKeys | null }
      : null,
  }));
}

export async function claimDelivery(db: Db, id: number, now = new Date()): Promise<ClaimedDelivery | null> {
  return (await claimDeliveries(db, [id], now))[0] ?? null;
}

export async function markDelivery(
  db: Db,
  id: number,
  state: Extract<DeliveryState, "sent" | "retrying" | "failed" | "paused">,
  detail: { error?: string; gatewayId?: string } = {},
  now = new Date(),
): Promise<void> {
  await db
    .update(alertDeliveries)
    .set({
      state,
      updatedAt: now,
      lastError: detail.error ?? null,
      ...(state === "sent" ? { sentAt: now, gatewayId: detail.gatewayId ?? null } : {}),
    })
    .where(eq(alertDeliveries.id, id));
}

export interface Settlement {
  id: number;
  state: Extract<DeliveryState, "sent" | "retrying" | "failed">;
  gatewayId?: string;
  error?: string;
}

/**
 * The outcomes of one gateway answer written in one statement, right after that answer (a bulk
 * SMS call settles up to 1,000 rows at once): a worker killed later leaves none of them to resend.
 */
export async function settleDeliveries(db: Db, outcomes: Settlement[], now = new Date()): Promise<void> {
  for (let i = 0; i < outcomes.length; i += 1000) {
    const rows = outcomes
      .slice(i, i + 1000)
      .map((o) => sql`(${o.id}::int, ${o.state}::text, ${o.gatewayId ?? null}::text, ${o.error?.slice(0, 500) ?? null}::text)`);
    await db.execute(sql`
      update alert_deliveries d set
        state = v.state::alert_delivery_state,
        updated_at = ${now},
        last_error = v.error,
        sent_at = case when v.state = 'sent' then ${now}::timestamptz else d.sent_at end,
        gateway_id = case when v.state = 'sent' then v.gateway_id else d.gateway_id end
      from (values ${sql.join(rows, sql`, `)}) as v(id, state, gateway_id, error)
      where d.id = v.id`);
  }
}

export async function pausedChannels(db: Db): Promise<Set<AlertChannel>> {
  const rows = await db.select().from(alertChannelSettings).where(eq(alertChannelSettings.paused, true));
  return new Set(rows.map((r) => r.channel));
}

export async function setChannelPaused(db: Db, channel: AlertChannel, paused: boolean, actorId: string, now = new Date()): Promise<void> {
  await db
    .insert(alertChannelSettings)
    .values({ channel, paused, changedAt: now, changedBy: actorId })
    .onConflictDoUpdate({ target: alertChannelSettings.channel, set: { paused, changedAt: now, changedBy: actorId } });
}

/** Staff: a failed (or not configured) delivery back to queued; null when it is not in such a state. */
export async function requeueDelivery(db: Db, id: number, now = new Date()): Promise<{ id: number; channel: AlertChannel } | null> {
  const [d] = await db
    .update(alertDeliveries)
    .set({ state: "queued", updatedAt: now, lastError: null })
    .where(and(eq(alertDeliveries.id, id), inArray(alertDeliveries.state, ["failed", "not_configured"])))
    .returning({ id: alertDeliveries.id, channel: alertDeliveries.channel });
  return d ?? null;
}

/** Staff: interruptions with messages, newest first, with counts per state. */
export async function interruptionsWithDeliveries(db: Db, limit = 30) {
  return queryRows<{ interruption_id: number; starts_at: string; state: DeliveryState; channel: AlertChannel; n: number }>(
    db,
    sql`
    select d.interruption_id, p.starts_at, d.channel, d.state, count(*)::int as n
    from alert_deliveries d join power_interruptions p on p.id = d.interruption_id
    where d.interruption_id in (select interruption_id from alert_deliveries group by interruption_id order by max(id) desc limit ${limit})
    group by d.interruption_id, p.starts_at, d.channel, d.state
    order by p.starts_at desc, d.channel, d.state`,
  );
}

/** Staff: the messages of one interruption with their delivery state (addresses masked by the caller). */
export async function deliveriesOf(db: Db, interruptionId: number) {
  return db
    .select({
      id: alertDeliveries.id,
      channel: alertDeliveries.channel,
      eventKey: alertDeliveries.eventKey,
      state: alertDeliveries.state,
      attempts: alertDeliveries.attempts,
      lastError: alertDeliveries.lastError,
      subject: alertDeliveries.subject,
      updatedAt: alertDeliveries.updatedAt,
      sentAt: alertDeliveries.sentAt,
      address: alertEndpoints.address,
    })
    .from(alertDeliveries)
    .leftJoin(
      alertEndpoints,
      and(eq(alertEndpoints.subscriberId, alertDeliveries.subscriberId), eq(alertEndpoints.channel, alertDeliveries.channel)),
    )
    .where(eq(alertDeliveries.interruptionId, interruptionId))
    .orderBy(asc(alertDeliveries.state), desc(alertDeliveries.id));
}

export async function interruptionExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: powerInterruptions.id }).from(powerInterruptions).where(eq(powerInterruptions.id, id));
  return Boolean(row);
}

/** The deliveries among `ids` that a worker is sending now (claimed since `staleBefore`). */
export async function deliveriesInFlight(db: Db, ids: number[], staleBefore: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(and(inArray(alertDeliveries.id, ids), eq(alertDeliveries.state, "sending"), gte(alertDeliveries.updatedAt, staleBefore)));
  return new Set(rows.map((r) => r.id));
}
