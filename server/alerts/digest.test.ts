/**
 * During a major event (the hub's switch) a subscriber hears about one interruption on one
 * channel at most once every 30 minutes: an update right after a message is held until the
 * interval is over, and later updates fold into that held message instead of adding more.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, alertEndpoints, alertSubscriberAreas, alertSubscribers } from "../../db/schema";
import { MAJOR_EVENT_DIGEST_MINUTES } from "../../modules/alerts/fanout.server";
import { declareMajorEvent, endMajorEvent } from "../../modules/interruptions/restoration-hub.server";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { daytimeInManila } from "../../tests/support/daytime";
import { changeInterruption, publishInterruption } from "../../tests/support/publish";
import { type SmsGatewayStandIn, startSmsGateway } from "../../tests/support/sms-gateway";
import { type SmtpStandIn, startSmtpServer } from "../../tests/support/smtp";
import { waitUntil } from "../../tests/support/wait";
import { loadConfig } from "../config";
import { createChannels } from "../messaging/channels";
import { type Alerts, startAlerts } from "./worker";

let db: TestDatabase;
let smtp: SmtpStandIn;
let sms: SmsGatewayStandIn;
let alerts: Alerts;

beforeAll(async () => {
  [db, smtp, sms] = await Promise.all([createTestDatabase(), startSmtpServer(), startSmsGateway()]);
  await db.handle.db.transaction(async (tx) => {
    const [sub] = await tx
      .insert(alertSubscribers)
      .values({ manageToken: crypto.randomBytes(32).toString("base64url"), notifyFinished: true })
      .returning({ id: alertSubscribers.id });
    await tx.insert(alertSubscriberAreas).values({ subscriberId: sub!.id, town: "Bolinao", barangayId: null });
    await tx.insert(alertEndpoints).values([
      { subscriberId: sub!.id, channel: "sms", address: "639175550001", confirmedAt: new Date() },
      { subscriberId: sub!.id, channel: "email", address: "typhoon@example.test", confirmedAt: new Date() },
    ]);
  });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: db.dataDir,
    SMTP_URL: smtp.url,
    SMS_GATEWAY_URL: sms.url,
    SMS_API_KEY: sms.apiKey,
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
  await Promise.all([smtp?.close(), sms?.close()]);
  await db?.cleanup();
});

const deliveries = (interruptionId: number) =>
  db.handle.db.select().from(alertDeliveries).where(eq(alertDeliveries.interruptionId, interruptionId)).orderBy(alertDeliveries.id);

describe("major-event digest", () => {
  it("holds an update for 30 minutes after the last message, folds later ones into it, and ends with the event", async () => {
    await declareMajorEvent(db.handle.db, { title: "Typhoon Emong", message: "Crews are out.", actorId: "" });
    const id = await publishInterruption(db.handle.db, { town: "Bolinao", barangays: [], startsAt: new Date(Date.now() + 2 * 3600_000) });
    await waitUntil(async () => (await deliveries(id)).every((d) => d.state === "sent") && (await deliveries(id)).length === 2);
    const sentAt = Math.max(...(await deliveries(id)).map((d) => d.sentAt!.getTime()));

    // Minutes later: the update is held, one per channel, until 30 minutes after the last message.
    await changeInterruption(db.handle.db, id, "extended", { status: "extended" });
    await alerts.relayNow();
    const held = (await deliveries(id)).slice(2);
    expect(held.map((d) => [d.channel, d.state])).toEqual([
      ["email", "held"],
      ["sms", "held"],
    ]);
    const jobs = await alerts.boss.findJobs("alerts-sms", { data: { deliveryId: held[1]!.id } });
    expect(new Date(jobs[0]!.startAfter).getTime()).toBeGreaterThanOrEqual(sentAt + MAJOR_EVENT_DIGEST_MINUTES * 60_000 - 1000);

    // More updates fold into the held messages: no new ones, the newest words.
    await changeInterruption(db.handle.db, id, "finished", { status: "finished" });
    await alerts.relayNow();
    const after = await deliveries(id);
    expect(after).toHaveLength(4);
    expect(after[3]!.body).toMatch(/restored/i);
    expect(after[2]!.subject).toMatch(/restored/i);
    expect(sms.messages).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);

    // Without a major event, an update goes out at once.
    await endMajorEvent(db.handle.db);
    const other = await publishInterruption(db.handle.db, {
      town: "Bolinao",
      barangays: [],
      startsAt: new Date(Date.now() + 3 * 3600_000),
    });
    await waitUntil(async () => (await deliveries(other)).filter((d) => d.state === "sent").length === 2);
    await changeInterruption(db.handle.db, other, "cancelled", { status: "cancelled" });
    await waitUntil(async () => (await deliveries(other)).filter((d) => d.state === "sent").length === 4);
    expect(
      await db.handle.db
        .select()
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.interruptionId, id), eq(alertDeliveries.state, "held"))),
    ).toHaveLength(2);
  });
});
