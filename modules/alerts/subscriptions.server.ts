/**
 * Subscriptions without an account: the areas, the channels and their confirmation, consent,
 * and stopping. The subscriber is known only by the secret in their change/stop link.
 */
import crypto from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { alertConsents, alertEndpoints, alertSubscriberAreas, alertSubscribers, barangays } from "../../db/schema";
import type { Town } from "../shared/constants";
import type { Locale } from "../shared/i18n";
import { recipientConfirmed, reserveConfirmation, SMS_RESEND_AFTER_MS } from "./confirmation-limits.server";
import type { AlertChannel } from "./messages";

export const EMAIL_LINK_VALID_MS = 48 * 3600_000;
export const SMS_CODE_VALID_MS = 10 * 60_000;
export const SMS_CODE_TRIES = 5;

export interface AreaChoice {
  town: Town;
  /** null: the whole town. */
  barangayId: number | null;
}

export const hashSecret = (secret: string) => crypto.createHash("sha256").update(secret).digest("base64url");
const newToken = () => crypto.randomBytes(32).toString("base64url");
const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");

export interface NewSubscription {
  areas: AreaChoice[];
  email?: string;
  /** Already normalized: 639XXXXXXXXX. */
  mobile?: string;
  notifyFinished: boolean;
  consentText: string;
  /** The interface language they subscribed in: their confirmation, codes and alerts come in it. */
  language?: Locale;
  now?: Date;
}

export interface CreatedSubscription {
  subscriberId: number;
  manageToken: string;
  /** The secret of the e-mail confirmation link, to send (never stored in clear). */
  emailToken?: string;
  /** The SMS code to send (stored hashed). */
  smsCode?: string;
}

export async function createSubscription(db: Db, input: NewSubscription): Promise<CreatedSubscription> {
  const now = input.now ?? new Date();
  const manageToken = newToken();
  const emailToken = input.email ? newToken() : undefined;
  const smsCode = input.mobile ? newCode() : undefined;
  return db.transaction(async (tx) => {
    const [subscriber] = await tx
      .insert(alertSubscribers)
      .values({ manageToken, notifyFinished: input.notifyFinished, createdAt: now, language: input.language ?? "en" })
      .returning({ id: alertSubscribers.id });
    const subscriberId = subscriber!.id;
    await tx.insert(alertSubscriberAreas).values(input.areas.map((a) => ({ subscriberId, town: a.town, barangayId: a.barangayId })));
    const channels: AlertChannel[] = [];
    if (input.email && emailToken) {
      channels.push("email");
      await tx.insert(alertEndpoints).values({
        subscriberId,
        channel: "email",
        address: input.email.toLowerCase(),
        secretHash: hashSecret(emailToken),
        secretExpiresAt: new Date(now.getTime() + EMAIL_LINK_VALID_MS),
      });
    }
    if (input.mobile && smsCode) {
      channels.push("sms");
      await tx.insert(alertEndpoints).values({
        subscriberId,
        channel: "sms",
        address: input.mobile,
        secretHash: hashSecret(smsCode),
        secretExpiresAt: new Date(now.getTime() + SMS_CODE_VALID_MS),
      });
    }
    if (channels.length)
      await tx.insert(alertConsents).values(channels.map((channel) => ({ subscriberId, channel, text: input.consentText, givenAt: now })));
    return { subscriberId, manageToken, emailToken, smsCode };
  });
}

export type EmailConfirmation = { status: "confirmed"; manageToken: string } | { status: "expired" | "unknown" };

/** Follows the e-mail link: confirms the address when the link is known and under 48 hours old. */
export async function confirmEmail(db: Db, token: string, now = new Date()): Promise<EmailConfirmation> {
  const [row] = await db
    .select({
      id: alertEndpoints.id,
      address: alertEndpoints.address,
      expiresAt: alertEndpoints.secretExpiresAt,
      manageToken: alertSubscribers.manageToken,
    })
    .from(alertEndpoints)
    .innerJoin(alertSubscribers, eq(alertSubscribers.id, alertEndpoints.subscriberId))
    .where(and(eq(alertEndpoints.channel, "email"), eq(alertEndpoints.secretHash, hashSecret(token)), isNull(alertEndpoints.removedAt)));
  if (!row) return { status: "unknown" };
  if (!row.expiresAt || row.expiresAt.getTime() < now.getTime()) return { status: "expired" };
  await db.update(alertEndpoints).set({ confirmedAt: now, secretHash: null, secretExpiresAt: null }).where(eq(alertEndpoints.id, row.id));
  await recipientConfirmed(db, "email", row.address);
  return { status: "confirmed", manageToken: row.manageToken };
}

export type SmsCodeCheck = { status: "confirmed" } | { status: "wrong"; triesLeft: number } | { status: "expired" | "locked" | "none" };

/** Checks a 6-digit SMS code: 10 minutes, 5 tries, then a new code is needed. */
export async function checkSmsCode(db: Db, manageToken: string, code: string, now = new Date()): Promise<SmsCodeCheck> {
  const result = await db.transaction(async (tx) => {
    const endpoint = await endpointFor(tx, manageToken, "sms", true);
    if (!endpoint || endpoint.confirmedAt || !endpoint.secretHash) return { status: "none" } as const;
    if (endpoint.tries >= SMS_CODE_TRIES) return { status: "locked" } as const;
    if (!endpoint.secretExpiresAt || endpoint.secretExpiresAt.getTime() < now.getTime()) return { status: "expired" } as const;
    const given = Buffer.from(hashSecret(code.trim()));
    const expected = Buffer.from(endpoint.secretHash);
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) {
      await tx
        .update(alertEndpoints)
        .set({ confirmedAt: now, secretHash: null, secretExpiresAt: null, tries: 0 })
        .where(eq(alertEndpoints.id, endpoint.id));
      return { status: "confirmed", mobile: endpoint.address } as const;
    }
    const tries = endpoint.tries + 1;
    await tx.update(alertEndpoints).set({ tries }).where(eq(alertEndpoints.id, endpoint.id));
    return tries >= SMS_CODE_TRIES ? ({ status: "locked" } as const) : ({ status: "wrong", triesLeft: SMS_CODE_TRIES - tries } as const);
  });
  if (result.status !== "confirmed") return result;
  await recipientConfirmed(db, "sms", result.mobile);
  return { status: "confirmed" };
}

export type RenewedCode =
  | { status: "renewed"; code: string; mobile: string; language: Locale }
  | { status: "wait" | "limit"; retryAfterSeconds: number }
  | { status: "none" };

/**
 * A fresh SMS code (the old one stops working, the tries start again): at most once a minute
 * (the minute claimed by one conditional update, so simultaneous asks renew once) and within
 * the number's daily cap of confirmation messages.
 */
export async function renewSmsCode(db: Db, manageToken: string, now = new Date()): Promise<RenewedCode> {
  const endpoint = await endpointFor(db, manageToken, "sms");
  if (!endpoint || endpoint.confirmedAt) return { status: "none" };
  // The last code was made SMS_CODE_VALID_MS before it expires; a new one only a minute after it.
  const lastSentBefore = new Date(now.getTime() + SMS_CODE_VALID_MS - SMS_RESEND_AFTER_MS);
  const waitMs = (endpoint.secretExpiresAt?.getTime() ?? 0) - lastSentBefore.getTime();
  // The minute is the nearer wait: say it without touching the day's count (the conditional
  // update below is what holds under a burst; this only picks the message a member sees).
  if (waitMs > 0) return { status: "wait", retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  const daily = await reserveConfirmation(db, "sms", endpoint.address, now);
  if (!daily.ok) return { status: "limit", retryAfterSeconds: Math.ceil(daily.waitMs / 1000) };
  const code = newCode();
  const renewed = await db
    .update(alertEndpoints)
    .set({ secretHash: hashSecret(code), secretExpiresAt: new Date(now.getTime() + SMS_CODE_VALID_MS), tries: 0 })
    .where(
      and(
        eq(alertEndpoints.id, endpoint.id),
        sql`(${alertEndpoints.secretExpiresAt} is null or ${alertEndpoints.secretExpiresAt} <= ${lastSentBefore.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: alertEndpoints.id });
  if (renewed.length === 0) {
    await daily.release();
    const wait = endpoint.secretExpiresAt ? endpoint.secretExpiresAt.getTime() - lastSentBefore.getTime() : SMS_RESEND_AFTER_MS;
    return { status: "wait", retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
  }
  return { status: "renewed", code, mobile: endpoint.address, language: endpoint.language };
}

async function endpointFor(db: Db, manageToken: string, channel: AlertChannel, forUpdate = false) {
  const query = db
    .select({
      id: alertEndpoints.id,
      address: alertEndpoints.address,
      confirmedAt: alertEndpoints.confirmedAt,
      secretHash: alertEndpoints.secretHash,
      secretExpiresAt: alertEndpoints.secretExpiresAt,
      tries: alertEndpoints.tries,
      language: sql<Locale>`${alertSubscribers.language}`,
    })
    .from(alertEndpoints)
    .innerJoin(alertSubscribers, eq(alertSubscribers.id, alertEndpoints.subscriberId))
    .where(
      and(
        eq(alertSubscribers.manageToken, manageToken),
        eq(alertEndpoints.channel, channel),
        isNull(alertEndpoints.removedAt),
        isNull(alertSubscribers.stoppedAt),
      ),
    );
  const [row] = forUpdate ? await query.for("update", { of: alertEndpoints }) : await query;
  return row;
}

export interface SubscriptionView {
  id: number;
  manageToken: string;
  notifyFinished: boolean;
  stopped: boolean;
  areas: { town: Town; barangayId: number | null; barangay: string | null }[];
  endpoints: { channel: AlertChannel; address: string; confirmed: boolean; codeExpiresAt: Date | null; triesLeft: number }[];
}

export async function getSubscription(db: Db, manageToken: string): Promise<SubscriptionView | null> {
  const [s] = await db.select().from(alertSubscribers).where(eq(alertSubscribers.manageToken, manageToken));
  if (!s) return null;
  const [areas, endpoints] = await Promise.all([
    db
      .select({ town: alertSubscriberAreas.town, barangayId: alertSubscriberAreas.barangayId, barangay: barangays.name })
      .from(alertSubscriberAreas)
      .leftJoin(barangays, eq(barangays.id, alertSubscriberAreas.barangayId))
      .where(eq(alertSubscriberAreas.subscriberId, s.id))
      .orderBy(asc(alertSubscriberAreas.town), asc(barangays.name)),
    db
      .select()
      .from(alertEndpoints)
      .where(and(eq(alertEndpoints.subscriberId, s.id), isNull(alertEndpoints.removedAt))),
  ]);
  return {
    id: s.id,
    manageToken: s.manageToken,
    notifyFinished: s.notifyFinished,
    stopped: s.stoppedAt !== null,
    areas,
    endpoints: endpoints.map((e) => ({
      channel: e.channel,
      address: e.address,
      confirmed: e.confirmedAt !== null,
      codeExpiresAt: e.secretExpiresAt,
      triesLeft: Math.max(0, SMS_CODE_TRIES - e.tries),
    })),
  };
}

/** Replaces the areas and the "finished" choice. */
export async function updateSubscription(
  db: Db,
  manageToken: string,
  change: { areas: AreaChoice[]; notifyFinished: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [s] = await tx
      .update(alertSubscribers)
      .set({ notifyFinished: change.notifyFinished })
      .where(and(eq(alertSubscribers.manageToken, manageToken), isNull(alertSubscribers.stoppedAt)))
      .returning({ id: alertSubscribers.id });
    if (!s) return false;
    await tx.delete(alertSubscriberAreas).where(eq(alertSubscriberAreas.subscriberId, s.id));
    await tx.insert(alertSubscriberAreas).values(change.areas.map((a) => ({ subscriberId: s.id, town: a.town, barangayId: a.barangayId })));
    return true;
  });
}

/** Stops one channel, or everything (the one-click link). Idempotent. */
export async function stopSubscription(db: Db, manageToken: string, channel?: AlertChannel, now = new Date()): Promise<boolean> {
  const [s] = await db.select({ id: alertSubscribers.id }).from(alertSubscribers).where(eq(alertSubscribers.manageToken, manageToken));
  if (!s) return false;
  if (channel) {
    await db
      .update(alertEndpoints)
      .set({ removedAt: now })
      .where(and(eq(alertEndpoints.subscriberId, s.id), eq(alertEndpoints.channel, channel), isNull(alertEndpoints.removedAt)));
  } else {
    await db.transaction(async (tx) => {
      await tx
        .update(alertSubscribers)
        .set({ stoppedAt: now })
        .where(and(eq(alertSubscribers.id, s.id), isNull(alertSubscribers.stoppedAt)));
      await tx
        .update(alertEndpoints)
        .set({ removedAt: now })
        .where(and(eq(alertEndpoints.subscriberId, s.id), isNull(alertEndpoints.removedAt)));
    });
  }
  return true;
}

/**
 * STOP by SMS: every subscription on that number stops its SMS. Returns how many, and the
 * language of the latest of them (the acknowledgement is sent in it).
 */
export async function stopMobile(db: Db, mobile: string, now = new Date()): Promise<{ stopped: number; language: Locale }> {
  const rows = await db
    .update(alertEndpoints)
    .set({ removedAt: now })
    .where(and(eq(alertEndpoints.channel, "sms"), eq(alertEndpoints.address, mobile), isNull(alertEndpoints.removedAt)))
    .returning({ id: alertEndpoints.id, subscriberId: alertEndpoints.subscriberId });
  if (rows.length === 0) return { stopped: 0, language: "en" };
  const latest = Math.max(...rows.map((r) => r.subscriberId));
  const [subscriber] = await db
    .select({ language: alertSubscribers.language })
    .from(alertSubscribers)
    .where(eq(alertSubscribers.id, latest));
  return { stopped: rows.length, language: (subscriber?.language ?? "en") as Locale };
}

/**
 * Keeps the browser's push subscription (it is confirmed by the browser's own permission
 * prompt). The consent stored is the one the page showed: in the subscriber's language when
 * a text per language is given.
 */
export async function savePushSubscription(
  db: Db,
  manageToken: string,
  push: { endpoint: string; keys: { p256dh: string; auth: string } },
  consentText: string | Record<Locale, string>,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [s] = await tx
      .select({ id: alertSubscribers.id, language: alertSubscribers.language })
      .from(alertSubscribers)
      .where(and(eq(alertSubscribers.manageToken, manageToken), isNull(alertSubscribers.stoppedAt)));
    if (!s) return false;
    const text = typeof consentText === "string" ? consentText : consentText[s.language === "fil" ? "fil" : "en"];
    await tx
      .insert(alertEndpoints)
      .values({ subscriberId: s.id, channel: "push", address: push.endpoint, keys: push.keys, confirmedAt: now })
      .onConflictDoUpdate({
        target: [alertEndpoints.subscriberId, alertEndpoints.channel],
        set: { address: push.endpoint, keys: push.keys, confirmedAt: now, removedAt: null },
      });
    await tx.insert(alertConsents).values({ subscriberId: s.id, channel: "push", text, givenAt: now });
    return true;
  });
}

/** The push service said the subscription is gone (404 or 410): never send to it again. */
export async function removePushEndpoint(db: Db, endpoint: string, now = new Date()): Promise<void> {
  await db
    .update(alertEndpoints)
    .set({ removedAt: now })
    .where(and(eq(alertEndpoints.channel, "push"), eq(alertEndpoints.address, endpoint), isNull(alertEndpoints.removedAt)));
}

/** Every town with its barangays, for the area checkboxes. */
export async function areaChoices(db: Db): Promise<{ town: Town; barangays: { id: number; name: string }[] }[]> {
  const rows = await db.select().from(barangays).orderBy(asc(barangays.town), asc(barangays.name));
  const byTown = new Map<Town, { id: number; name: string }[]>();
  for (const r of rows) byTown.set(r.town, [...(byTown.get(r.town) ?? []), { id: r.id, name: r.name }]);
  return [...byTown].map(([town, list]) => ({ town, barangays: list }));
}

/** Subscribers still active, per town and confirmed channel (staff counts). */
export async function subscriberCounts(db: Db): Promise<{ town: Town; channel: AlertChannel; subscribers: number }[]> {
  return queryRows<{ town: Town; channel: AlertChannel; subscribers: number }>(
    db,
    sql`
    select a.town, e.channel, count(distinct s.id)::int as subscribers
    from alert_subscribers s
    join alert_subscriber_areas a on a.subscriber_id = s.id
    join alert_endpoints e on e.subscriber_id = s.id and e.confirmed_at is not null and e.removed_at is null
    where s.stopped_at is null
    group by a.town, e.channel
    order by a.town, e.channel`,
  );
}

/**
 * The subscription whose confirmed, not stopped endpoint is this address (the portal's contact),
 * with the whole towns it follows; null when there is none.
 */
export async function subscriptionOfAddress(db: Db, channel: "email" | "sms", address: string) {
  const [row] = await queryRows<{ id: number; manage_token: string }>(
    db,
    sql`select s.id, s.manage_token from alert_subscribers s
      join alert_endpoints e on e.subscriber_id = s.id and e.channel = ${channel} and e.address = ${address.toLowerCase()}
        and e.confirmed_at is not null and e.removed_at is null
      where s.stopped_at is null order by s.id limit 1`,
  );
  if (!row) return null;
  const areas = await db
    .select({ town: alertSubscriberAreas.town, barangayId: alertSubscriberAreas.barangayId })
    .from(alertSubscriberAreas)
    .where(eq(alertSubscriberAreas.subscriberId, Number(row.id)));
  return { subscriberId: Number(row.id), manageToken: row.manage_token, areas };
}

/**
 * One step for a contact already confirmed elsewhere (the member portal's code): the area (a
 * barangay of the town, or the whole town when `barangayId` is null) is added to the
 * subscription of that address, or a subscription is made with the endpoint confirmed now and
 * the consent recorded. No confirmation message is sent.
 */
export async function subscribeConfirmed(
  db: Db,
  input: {
    town: Town;
    barangayId?: number | null;
    channel: "email" | "sms";
    address: string;
    consentText: string;
    language?: Locale;
    now?: Date;
  },
): Promise<{ manageToken: string; created: boolean }> {
  const now = input.now ?? new Date();
  const barangayId = input.barangayId ?? null;
  const address = input.address.toLowerCase();
  return db.transaction(async (tx) => {
    const existing = await subscriptionOfAddress(tx as unknown as Db, input.channel, address);
    if (existing) {
      await tx
        .insert(alertSubscriberAreas)
        .values({ subscriberId: existing.subscriberId, town: input.town, barangayId })
        .onConflictDoNothing();
      return { manageToken: existing.manageToken, created: false };
    }
    const manageToken = newToken();
    const [subscriber] = await tx
      .insert(alertSubscribers)
      .values({ manageToken, createdAt: now, language: input.language ?? "en" })
      .returning({ id: alertSubscribers.id });
    const subscriberId = subscriber!.id;
    await tx.insert(alertSubscriberAreas).values({ subscriberId, town: input.town, barangayId });
    await tx.insert(alertEndpoints).values({ subscriberId, channel: input.channel, address, confirmedAt: now });
    await tx.insert(alertConsents).values({ subscriberId, channel: input.channel, text: input.consentText, givenAt: now });
    return { manageToken, created: true };
  });
}
