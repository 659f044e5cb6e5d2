/**
 * SMS alerts in the gateway's bulk form, against the loopback gateway stand-in holding to a
 * bulk size and a call rate the way Semaphore answers them (400 beyond the size, 429 with a
 * wait beyond the rate).
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, alertEndpoints, alertSubscriberAreas, alertSubscribers } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { daytimeInManila } from "../../tests/support/daytime";
import { publishInterruption } from "../../tests/support/publish";
import { type SmsGatewayStandIn, startSmsGateway } from "../../tests/support/sms-gateway";
import { waitUntil } from "../../tests/support/wait";
import { loadConfig } from "../config";
import { createChannels } from "../messaging/channels";
import { type Alerts, startAlerts } from "./worker";

const SUBSCRIBERS = 25;
const BULK = 10;
let db: TestDatabase;
let sms: SmsGatewayStandIn;
let alerts: Alerts;

const numberOf = (i: number) => `63917${String(5550000 + i).padStart(7, "0")}`;

beforeAll(async () => {
  // Two calls a second at most; the service is told 600 a minute, so it meets the 429 and waits.
  [db, sms] = await Promise.all([createTestDatabase(), startSmsGateway({ bulkLimit: BULK, callsPerWindow: 2, windowMs: 1000 })]);
  await db.handle.db.transaction(async (tx) => {
    const subs = await tx
      .insert(alertSubscribers)
      .values(Array.from({ length: SUBSCRIBERS }, () => ({ manageToken: crypto.randomBytes(32).toString("base64url") })))
      .returning({ id: alertSubscribers.id });
    await tx.insert(alertSubscriberAreas).values(subs.map((s) => ({ subscriberId: s.id, town: "Infanta" as const, barangayId: null })));
    await tx
      .insert(alertEndpoints)
      .values(subs.map((s, i) => ({ subscriberId: s.id, channel: "sms" as const, address: numberOf(i), confirmedAt: new Date() })));
  });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: db.dataDir,
    SMS_GATEWAY_URL: sms.url,
    SMS_API_KEY: sms.apiKey,
    SMS_RATE_PER_MINUTE: "600",
    SMS_BULK_LIMIT: String(BULK),
  });
  alerts = await startAlerts(db.handle, createChannels(config), {
    publicUrl: "http://coop.test",
    relayIntervalMs: 200,
    retryDelaySeconds: 1,
    clock: () => daytimeInManila(),
  });
});

afterAll(async () => {
  await alerts?.stop();
  await alerts?.channels.close();
  await sms?.close();
  await db?.cleanup();
});

describe("bulk SMS alerts", () => {
  it("texts every subscriber once in calls of at most the bulk size, resending only the numbers a call did not take", async () => {
    // The first call takes only 4 of its numbers: the other 6 must come again, and only they.
    sms.acceptOnlyNext(4);
    const id = await publishInterruption(db.handle.db, { town: "Infanta", barangays: [], startsAt: new Date(Date.now() + 3 * 3600_000) });
    const rows = await waitUntil(async () => {
      const r = await db.handle.db.select().from(alertDeliveries).where(eq(alertDeliveries.interruptionId, id));
      return r.length === SUBSCRIBERS && r.every((d) => d.state === "sent") ? r : null;
    }, 30_000);

    const numbers = sms.messages.map((m) => m.number);
    expect(new Set(numbers).size).toBe(SUBSCRIBERS);
    expect(numbers).toHaveLength(SUBSCRIBERS); // nobody twice
    expect(sms.calls.every((c) => c.length <= BULK)).toBe(true);
    expect(sms.calls.length).toBeLessThan(SUBSCRIBERS); // bulk, not one call per number
    expect(sms.rateLimited).toBeGreaterThan(0); // the stand-in's rate was met, and waited out
    // Each row settled from the gateway's own answer: its message id for that number.
    const endpoints = await db.handle.db.select().from(alertEndpoints).where(eq(alertEndpoints.channel, "sms"));
    const addressOf = new Map(endpoints.map((e) => [e.subscriberId, e.address]));
    const idOf = new Map(sms.messages.map((m) => [m.number, String(m.id)]));
    for (const d of rows) expect(d.gatewayId).toBe(idOf.get(addressOf.get(d.subscriberId)!));
    const retried = rows.filter((d) => d.attempts === 2);
    expect(retried).toHaveLength(6);
  });
});
