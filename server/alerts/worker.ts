/**
 * The alerts worker: pg-boss on the same database (PGlite through its adapter, PostgreSQL
 * through its own pool). It relays the outbox (interruption_events) into deliveries and their
 * jobs in one transaction, sends each delivery through its channel with retries and back-off,
 * records the dead letter, and sends the day-before reminder at 18:00 Manila time.
 * See docs/decisions/0007-alerts-delivery.md.
 */
import { and, inArray, sql } from "drizzle-orm";
import { fromPglite, type Job, PgBoss } from "pg-boss";
import type { DatabaseHandle } from "../../db/client";
import { alertDeliveries } from "../../db/schema";
import {
  type ClaimedDelivery,
  claimDeliveries,
  deliveriesInFlight,
  markDelivery,
  pausedChannels,
  requeueDelivery,
  type Settlement,
  setChannelPaused,
  settleDeliveries,
} from "../../modules/alerts/deliveries.server";
import {
  type DeliveryJob,
  type FanOutOptions,
  fanOutEvent,
  fanOutReminders,
  MAJOR_EVENT_DIGEST_MINUTES,
  pendingEventIds,
  requeueWaiting,
  type Tx,
} from "../../modules/alerts/fanout.server";
import { ALERT_CHANNELS, type AlertChannel } from "../../modules/alerts/messages";
import { removePushEndpoint } from "../../modules/alerts/subscriptions.server";
import { activeMajorEvent } from "../../modules/interruptions/restoration-hub.server";
import { sendEbills } from "../../modules/portal/ebills.server";
import { now as siteNow } from "../../modules/shared/clock";
import { TIME_ZONE } from "../../modules/shared/constants";
import { bossDatabase, ensureQueue } from "../job-queue";
import type { Channels } from "../messaging/channels";
import { startReportPhotoJob } from "../report-photos-job";

export const RETRY_LIMIT = 8;
export const DEAD_LETTER_QUEUE = "alerts-dead";
export const REMINDER_QUEUE = "alerts-reminder";
export const queueOf = (channel: AlertChannel) => `alerts-${channel}`;

export interface AlertsOptions {
  publicUrl: string;
  /** How often the relay looks at the outbox. */
  relayIntervalMs?: number;
  /** A claimed job not settled in this time (a crashed worker) is retried. */
  expireInSeconds?: number;
  /** First retry delay; doubled each time (pg-boss retryBackoff). */
  retryDelaySeconds?: number;
  batchSize?: number;
  /** pg-boss's monitor interval (how soon an expired job is noticed). */
  monitorIntervalSeconds?: number;
  /** Send deliveries (false: relay and queue only, e.g. a web process with a separate worker). */
  send?: boolean;
  /**
   * The time messages are made at (the SMS quiet hours depend on it): the site's clock
   * (modules/shared/clock.ts) unless given. Tests set a daytime clock so that what they check does not
   * depend on the hour they run at.
   */
  clock?: () => Date;
  log?: { info(o: object, m: string): void; error(o: object, m: string): void };
}

export interface Alerts {
  boss: PgBoss;
  channels: Channels;
  /** Sends the queued new-bill notices (e-bills, bill texts) now (the relay loop does this on its own); how many went. */
  ebillsNow(): Promise<number>;
  /** Fans out every pending outbox event now (the relay loop does this on its own). */
  relayNow(): Promise<number>;
  /** Queues the report photos stored as sent for re-encoding now (the relay loop does this on its own); how many. */
  photosNow(): Promise<number>;
  remindNow(now?: Date): Promise<number>;
  /** Staff: a failed delivery sent again; `audit` runs in the same transaction. */
  resend(deliveryId: number, audit?: (tx: Tx) => Promise<void>): Promise<boolean>;
  /** Staff: pause or resume a channel (resuming queues what waited); `audit` runs in the same transaction. */
  setPaused(channel: AlertChannel, paused: boolean, actorId: string, audit?: (tx: Tx) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export async function startAlerts(database: DatabaseHandle, channels: Channels, opts: AlertsOptions): Promise<Alerts> {
  const db = database.db;
  const log = opts.log ?? { info: () => {}, error: () => {} };
  const boss =
    database.kind === "pglite"
      ? new PgBoss({
          db: fromPglite(database.pglite!),
          backend: "pglite",
          monitorIntervalSeconds: opts.monitorIntervalSeconds ?? 30,
          superviseIntervalSeconds: opts.monitorIntervalSeconds ?? 30,
        })
      : new PgBoss({
          connectionString: database.url!,
          max: 4,
          monitorIntervalSeconds: opts.monitorIntervalSeconds ?? 30,
          superviseIntervalSeconds: opts.monitorIntervalSeconds ?? 30,
        });
  boss.on("error", (err) => log.error({ err }, "alerts queue error"));
  await boss.start();

  const expireInSeconds = opts.expireInSeconds ?? 120;
  await ensureQueue(boss, DEAD_LETTER_QUEUE, {});
  for (const channel of ALERT_CHANNELS) {
    await ensureQueue(boss, queueOf(channel), {
      retryLimit: RETRY_LIMIT,
      retryDelay: opts.retryDelaySeconds ?? 10,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds,
      deadLetter: DEAD_LETTER_QUEUE,
    });
  }
  await ensureQueue(boss, REMINDER_QUEUE, { retryLimit: 3, expireInSeconds: 600 });
  const photos = await startReportPhotoJob(boss, db, {
    expireInSeconds,
    ...(opts.retryDelaySeconds !== undefined ? { retryDelaySeconds: opts.retryDelaySeconds } : {}),
    work: opts.send !== false,
  });

  /** Jobs go in through the caller's transaction: they exist exactly when the deliveries do. */
  const enqueue = async (tx: Tx, jobs: DeliveryJob[]) => {
    for (const channel of ALERT_CHANNELS) {
      const mine = jobs.filter((j) => j.channel === channel);
      if (mine.length === 0) continue;
      await boss.insert(
        queueOf(channel),
        mine.map((j) => ({
          data: { deliveryId: j.deliveryId },
          ...(j.startAfter ? { startAfter: j.startAfter } : {}),
          ...(j.priority ? { priority: j.priority } : {}),
        })),
        { db: bossDatabase(tx) },
      );
    }
  };

  const fanOutOptions = async (): Promise<FanOutOptions> => ({
    now: (opts.clock ?? siteNow)(),
    publicUrl: opts.publicUrl,
    configured: channels.configured,
    paused: await pausedChannels(db),
    // A major event declared on the hub: updates come every few minutes, members get a digest.
    ...((await activeMajorEvent(db)) ? { digestMinutes: MAJOR_EVENT_DIGEST_MINUTES } : {}),
    enqueue,
  });

  let relaying: Promise<number> | null = null;
  const relayNow = () =>
    (relaying ??= (async () => {
      let total = 0;
      try {
        for (let ids = await pendingEventIds(db); ids.length; ids = await pendingEventIds(db)) {
          const options = await fanOutOptions();
          for (const id of ids) total += await fanOutEvent(db, id, options);
        }
      } finally {
        relaying = null;
      }
      return total;
    })());

  let ebilling: Promise<number> | null = null;
  const ebillsNow = () =>
    (ebilling ??= (async () => {
      try {
        if (opts.send === false) return 0;
        // A paused SMS channel holds the bill texts as it holds the alerts.
        const paused = await pausedChannels(db);
        const senders = {
          email: paused.has("email") ? undefined : channels.senders.email,
          sms: paused.has("sms") ? undefined : channels.senders.sms,
        };
        return await sendEbills(db, senders, opts.publicUrl, {
          staleBefore: new Date(Date.now() - 2 * expireInSeconds * 1000),
          siteTime: (opts.clock ?? siteNow)(),
        });
      } finally {
        ebilling = null;
      }
    })());

  const remindNow = async (now = (opts.clock ?? siteNow)()) => fanOutReminders(db, { ...(await fanOutOptions()), now });

  const workIds: string[] = []; // kept for debugging; stop() ends every worker
  if (opts.send !== false) {
    // Messages kept while a channel had no settings go out once it has them.
    for (const channel of channels.configured) {
      const n = await requeueWaiting(db, channel, "not_configured", enqueue);
      if (n) log.info({ channel, n }, "alerts: queued messages kept while the channel was not configured");
    }
    for (const channel of ALERT_CHANNELS) {
      const sender = channels.senders[channel];
      workIds.push(
        await boss.work<{ deliveryId: number }>(
          queueOf(channel),
          // SMS: a gateway call carries up to its bulk limit of numbers, so a batch as big.
          {
            batchSize: channel === "sms" && sender?.sendMany ? (channels.sms?.bulkLimit ?? 1000) : (opts.batchSize ?? 20),
            pollingIntervalSeconds: 1,
            burstWhenBatchFull: true,
          },
          async (jobs) => {
            await deliverBatch(jobs, channel, sender);
          },
        ),
      );
    }
    // A job that ran out of attempts or kept crashing its worker: its delivery is the dead letter.
    workIds.push(
      await boss.work<{ deliveryId: number }>(DEAD_LETTER_QUEUE, async (jobs) => {
        for (const job of jobs) {
          await db
            .update(alertDeliveries)
            .set({ state: "failed", lastError: sql`coalesce(${alertDeliveries.lastError}, 'out of attempts')`, updatedAt: new Date() })
            .where(sql`${alertDeliveries.id} = ${job.data.deliveryId} and ${alertDeliveries.state} <> 'sent'`);
        }
      }),
    );
    workIds.push(await boss.work(REMINDER_QUEUE, async () => void (await remindNow())));
    await boss.schedule(REMINDER_QUEUE, "0 18 * * *", null, { tz: TIME_ZONE });
  }

  async function deliverBatch(jobs: Job<{ deliveryId: number }>[], channel: AlertChannel, sender: Channels["senders"][AlertChannel]) {
    if (!sender) return; // not configured since the jobs were queued: the rows say so already
    const ids = jobs.map((j) => j.data.deliveryId);
    if ((await pausedChannels(db)).has(channel)) {
      await db
        .update(alertDeliveries)
        .set({ state: "paused", updatedAt: new Date() })
        .where(and(inArray(alertDeliveries.id, ids), inArray(alertDeliveries.state, ["queued", "retrying", "held"])));
      return;
    }
    // Already sent, failed or paused deliveries are not claimed: never twice. Nor one another
    // worker is sending now: these jobs fail and come back after the claim has gone stale, so a
    // worker that died meanwhile still has its message sent.
    const staleBefore = new Date(Date.now() - 2 * expireInSeconds * 1000);
    const claimed = new Map((await claimDeliveries(db, ids, staleBefore)).map((d) => [d.id, d]));
    const inFlight = await deliveriesInFlight(
      db,
      ids.filter((id) => !claimed.has(id)),
      staleBefore,
    );
    const busy = jobs.filter((job) => !claimed.has(job.data.deliveryId) && inFlight.has(job.data.deliveryId)).map((j) => j.id);
    if (busy.length) await boss.fail(queueOf(channel), busy, { message: "being sent by another worker; trying again later" });
    if (sender.sendMany) return deliverBulk(jobs, claimed, channel, sender);
    // Each slot hands over one message, writes down its outcome, then takes the next.
    const queue = jobs.filter((job) => claimed.has(job.data.deliveryId));
    const slots = Array.from({ length: Math.min(queue.length, sender.concurrency ?? queue.length) }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await deliver(job, claimed.get(job.data.deliveryId)!, channel, sender);
    });
    await Promise.all(slots);
  }

  /**
   * SMS: the claimed deliveries with one text go to the gateway in its bulk form; each number's
   * row is settled from that call's answer, in one statement right after it. A number the
   * gateway did not take goes back to pg-boss for a later attempt, alone: the accepted ones are
   * `sent` and never claimed again.
   */
  async function deliverBulk(
    jobs: Job<{ deliveryId: number }>[],
    claimed: Map<number, ClaimedDelivery>,
    channel: AlertChannel,
    sender: NonNullable<Channels["senders"][AlertChannel]>,
  ) {
    const jobOf = new Map(jobs.map((j) => [j.data.deliveryId, j]));
    const stopped: Settlement[] = [];
    const byText = new Map<string, ClaimedDelivery[]>();
    for (const d of claimed.values()) {
      if (!d.endpoint) stopped.push({ id: d.id, state: "failed", error: "stopped by the subscriber" });
      else byText.set(d.body, [...(byText.get(d.body) ?? []), d]);
    }
    if (stopped.length) await settleDeliveries(db, stopped);
    await Promise.all(
      [...byText].map(async ([body, all]) => {
        const settled: Settlement[] = [];
        const again: string[] = [];
        // Tried before: the worker may have died after the gateway took them. Its log says which
        // numbers it has; those are settled as sent, not texted again. Unreadable: they wait.
        const tried = all.filter((d) => d.attempts > 1);
        let group = all;
        if (tried.length && sender.alreadySent) {
          const since = new Date(Math.min(...tried.map((d) => d.createdAt.getTime())));
          const taken = await sender.alreadySent(
            tried.map((d) => d.endpoint!.address),
            body,
            since,
          );
          if (!taken) {
            for (const d of tried) {
              settled.push({ id: d.id, state: "retrying", error: "sms: the gateway's log could not be read to rule out a repeat" });
              again.push(jobOf.get(d.id)!.id);
            }
            group = all.filter((d) => d.attempts <= 1);
          } else {
            for (const d of tried) {
              const gatewayId = taken.get(d.endpoint!.address);
              if (gatewayId !== undefined) settled.push({ id: d.id, state: "sent", gatewayId });
            }
            group = all.filter((d) => d.attempts <= 1 || !taken.has(d.endpoint!.address));
          }
        }
        const outcomes = await sender.sendMany!(
          group.map((d) => d.endpoint!.address),
          body,
        );
        for (const d of group) {
          const o = outcomes.get(d.endpoint!.address)!;
          const job = jobOf.get(d.id)!;
          if (o.ok) settled.push({ id: d.id, state: "sent", gatewayId: o.id });
          else if (!o.retryable || job.retryCount >= RETRY_LIMIT) settled.push({ id: d.id, state: "failed", error: o.error });
          else {
            settled.push({ id: d.id, state: "retrying", error: o.error });
            again.push(job.id);
          }
        }
        await settleDeliveries(db, settled);
        if (again.length) await boss.fail(queueOf(channel), again, { message: "not accepted by the gateway" });
      }),
    );
  }

  async function deliver(
    job: Job<{ deliveryId: number }>,
    d: ClaimedDelivery,
    channel: AlertChannel,
    sender: NonNullable<Channels["senders"][AlertChannel]>,
  ) {
    const id = d.id;
    if (!d.endpoint) return markDelivery(db, id, "failed", { error: "stopped by the subscriber" });
    const stopUrl = `${opts.publicUrl}/alerts/manage/${d.manageToken}/stop`;
    const outcome = await sender.send({
      idempotencyKey: `alert-${id}`,
      to: d.endpoint.address,
      keys: d.endpoint.keys,
      subject: d.subject,
      body: d.body,
      stopUrl,
    });
    if (outcome.ok) return markDelivery(db, id, "sent", { gatewayId: outcome.id });
    if (outcome.gone) {
      if (channel === "push") await removePushEndpoint(db, d.endpoint.address);
      return markDelivery(db, id, "failed", { error: outcome.error });
    }
    if (!outcome.retryable || job.retryCount >= RETRY_LIMIT) return markDelivery(db, id, "failed", { error: outcome.error });
    await markDelivery(db, id, "retrying", { error: outcome.error });
    // Back to pg-boss for a later attempt (exponential back-off from the queue's settings).
    await boss.fail(queueOf(channel), job.id, { message: outcome.error });
  }

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const loop = async () => {
    try {
      await relayNow();
    } catch (err) {
      log.error({ err }, "alerts relay failed; will try again");
    }
    try {
      await ebillsNow();
    } catch (err) {
      log.error({ err }, "e-bills failed; will try again");
    }
    try {
      await photos.queueNow();
    } catch (err) {
      log.error({ err }, "report photos could not be queued; will try again");
    }
    if (!stopped) timer = setTimeout(loop, opts.relayIntervalMs ?? 2000);
  };
  timer = setTimeout(loop, 0);

  return {
    boss,
    channels,
    relayNow,
    ebillsNow,
    photosNow: () => photos.queueNow(),
    remindNow,
    async resend(deliveryId, audit) {
      return db.transaction(async (tx) => {
        const d = await requeueDelivery(tx, deliveryId);
        if (!d) return false;
        await enqueue(tx, [{ deliveryId: d.id, channel: d.channel }]);
        await audit?.(tx);
        return true;
      });
    },
    async setPaused(channel, paused, actorId, audit) {
      await db.transaction(async (tx) => {
        await setChannelPaused(tx, channel, paused, actorId);
        await audit?.(tx);
      });
      if (!paused) await requeueWaiting(db, channel, "paused", enqueue);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await relaying?.catch(() => {});
      await boss.stop({ graceful: true, timeout: 5000, close: true });
    },
  };
}
