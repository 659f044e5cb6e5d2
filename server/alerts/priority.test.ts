/**
 * Long queues go urgent first: power restored and what starts within hours before planned
 * notices, and the day-before reminders last (pg-boss job priority), through a real SMTP server.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertEndpoints, alertSubscriberAreas, alertSubscribers } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { daytimeInManila } from "../../tests/support/daytime";
import { publishInterruption } from "../../tests/support/publish";
import { type SmtpStandIn, startSmtpServer } from "../../tests/support/smtp";
import { loadConfig } from "../config";
import { type Channels, createChannels } from "../messaging/channels";
import { startAlerts } from "./worker";

let db: TestDatabase;
let smtp: SmtpStandIn;
let channels: Channels;

beforeAll(async () => {
  [db, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
  await db.handle.db.transaction(async (tx) => {
    const subs = await tx
      .insert(alertSubscribers)
      .values(Array.from({ length: 3 }, () => ({ manageToken: crypto.randomBytes(32).toString("base64url") })))
      .returning({ id: alertSubscribers.id });
    await tx.insert(alertSubscriberAreas).values(subs.map((s) => ({ subscriberId: s.id, town: "Anda" as const, barangayId: null })));
    await tx
      .insert(alertEndpoints)
      .values(
        subs.map((s, i) => ({ subscriberId: s.id, channel: "email" as const, address: `p${i}@example.test`, confirmedAt: new Date() })),
      );
  });
  channels = createChannels(loadConfig({ NODE_ENV: "test", DATA_DIR: db.dataDir, SMTP_URL: smtp.url, SMTP_MAX_CONNECTIONS: "1" }));
});

afterAll(async () => {
  await channels?.close();
  await smtp?.close();
  await db?.cleanup();
});

describe("alert priorities", () => {
  it("sends what starts within hours before a planned notice, and the day-before reminder last", async () => {
    const opts = { publicUrl: "http://coop.test", relayIntervalMs: 60_000, clock: () => daytimeInManila() };
    // A process that only queues: the planned notice and its reminder first, then the urgent one.
    const queuing = await startAlerts(db.handle, channels, { ...opts, send: false });
    const tomorrow = new Date(Date.now() + 30 * 3600_000);
    const planned = await publishInterruption(db.handle.db, { town: "Anda", barangays: [], startsAt: tomorrow });
    await queuing.relayNow();
    // Reminders go for what starts tomorrow on Manila's calendar: asked exactly a day before the
    // start, that holds at any hour the test runs (20 hours before failed from 14:00 to 18:00 Manila).
    expect(await queuing.remindNow(new Date(tomorrow.getTime() - 24 * 3600_000))).toBe(3);
    const soon = await publishInterruption(db.handle.db, { town: "Anda", barangays: [], startsAt: new Date(Date.now() + 3600_000) });
    await queuing.relayNow();
    await queuing.stop();

    // One at a time, so the order they arrive in is the order they were taken.
    const sending = await startAlerts(db.handle, channels, { ...opts, batchSize: 1 });
    try {
      const mails = await smtp.waitFor(9);
      const what = mails.map(
        (m) => `${m.subject.startsWith("Reminder") ? "reminder" : "notice"} ${/#interruption-(\d+)/.exec(m.text)?.[1]}`,
      );
      expect(what).toEqual([
        ...Array(3).fill(`notice ${soon}`),
        ...Array(3).fill(`notice ${planned}`),
        ...Array(3).fill(`reminder ${planned}`),
      ]);
    } finally {
      await sending.stop();
    }
  });
});
