/**
 * The alerts worker against real servers on loopback: SMTP (smtp-server), the SMS gateway
 * stand-in, and a push service (web-push-testing). The database is the test database (PGlite,
 * or PostgreSQL when DATABASE_URL is set).
 */

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, alertEndpoints, barangays } from "../../db/schema";
import { CONSENT_TEXT, isSingleGsmSegment } from "../../modules/alerts/messages";
import { checkSmsCode, confirmEmail, createSubscription, savePushSubscription } from "../../modules/alerts/subscriptions.server";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { daytimeInManila } from "../../tests/support/daytime";
import { changeInterruption, publishInterruption } from "../../tests/support/publish";
import { type PushStandIn, startPushService } from "../../tests/support/push-service";
import { type SmsGatewayStandIn, startSmsGateway } from "../../tests/support/sms-gateway";
import { type SmtpStandIn, startSmtpServer } from "../../tests/support/smtp";
import { waitUntil } from "../../tests/support/wait";
import { loadConfig } from "../config";
import { createChannels } from "../messaging/channels";
import { type Alerts, startAlerts } from "./worker";

let db: TestDatabase;
let smtp: SmtpStandIn;
let sms: SmsGatewayStandIn;
let push: PushStandIn;
let alerts: Alerts;
const tomorrowNoon = () => new Date(Date.now() + 30 * 3600_000);

async function barangayId(town: "Bani" | "Agno", name?: string) {
  const rows = await db.handle.db.select().from(barangays).where(eq(barangays.town, town));
  return (name ? rows.find((r) => r.name === name) : rows[0])!;
}

/** The worker as these tests run it: quick relay and retries, a daytime clock (no SMS held for the night). */
const startWorker = (channels: Alerts["channels"]) =>
  startAlerts(db.handle, channels, {
    publicUrl: "http://coop.test",
    relayIntervalMs: 200,
    retryDelaySeconds: 1,
    clock: () => daytimeInManila(),
  });

/** The failed delivery of an interruption, once the worker has tried it. */
const failedDelivery = (interruptionId: number) =>
  waitUntil(
    async () =>
      (
        await db.handle.db
          .select()
          .from(alertDeliveries)
          .where(and(eq(alertDeliveries.interruptionId, interruptionId), eq(alertDeliveries.state, "failed")))
      )[0],
  );

beforeAll(async () => {
  [db, smtp, sms, push] = await Promise.all([createTestDatabase(), startSmtpServer(), startSmsGateway(), startPushService()]);
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: db.dataDir,
    SMTP_URL: smtp.url,
    SMS_GATEWAY_URL: sms.url,
    SMS_API_KEY: sms.apiKey,
    SMS_SENDER_NAME: "WESPECO",
    // The loopback push service is named explicitly; no other private address is sent to.
    PUSH_SERVICE_ORIGINS: push.url,
  });
  const channels = createChannels(config);
  alerts = await startWorker(channels);
});

afterAll(async () => {
  await alerts?.stop();
  await alerts?.channels.close();
  await Promise.all([smtp?.close(), sms?.close(), push?.close()]);
  await db?.cleanup();
});

describe("alerts through real servers", () => {
  it("e-mails only confirmed subscribers of the affected barangay, once, with a plain-text part and a stop link", async () => {
    const [b1, all] = [await barangayId("Bani"), await db.handle.db.select().from(barangays).where(eq(barangays.town, "Bani"))];
    const other = all.find((b) => b.id !== b1.id)!;
    const here = await createSubscription(db.handle.db, {
      areas: [{ town: "Bani", barangayId: b1.id }],
      email: "here@example.test",
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    const unconfirmed = await createSubscription(db.handle.db, {
      areas: [{ town: "Bani", barangayId: b1.id }],
      email: "later@example.test",
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    const elsewhere = await createSubscription(db.handle.db, {
      areas: [{ town: "Bani", barangayId: other.id }],
      email: "elsewhere@example.test",
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    expect((await confirmEmail(db.handle.db, here.emailToken!)).status).toBe("confirmed");
    expect((await confirmEmail(db.handle.db, elsewhere.emailToken!)).status).toBe("confirmed");
    expect(unconfirmed.emailToken).toBeTruthy();

    const id = await publishInterruption(db.handle.db, { town: "Bani", barangays: [b1.name], startsAt: tomorrowNoon() });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe("here@example.test");
    expect(mail!.subject).toMatch(/Scheduled power interruption/);
    expect(mail!.text).toContain(`Bani (${b1.name})`);
    expect(mail!.text).toContain("Feeder 3");
    expect(mail!.text).toContain(`http://coop.test/alerts/manage/${here.manageToken}`);
    expect(JSON.stringify(mail!.headers.get("list"))).toContain(`/alerts/manage/${here.manageToken}/stop`);

    // The relay runs again and again: nothing more is sent for the same event.
    await alerts.relayNow();
    await alerts.relayNow();
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.messages.filter((m) => m.to === "here@example.test")).toHaveLength(1);
    expect(smtp.messages.some((m) => m.to !== "here@example.test")).toBe(false);
    const rows = await db.handle.db.select().from(alertDeliveries).where(eq(alertDeliveries.interruptionId, id));
    expect(rows.map((r) => r.state)).toEqual(["sent"]);

    // Cancelled: a second message, about the cancellation.
    await changeInterruption(db.handle.db, id, "cancelled", { status: "cancelled" });
    const mails = await smtp.waitFor(2);
    expect(mails[1]!.subject).toMatch(/CANCELLED/);
  });

  it("texts a confirmed number in one GSM segment, retries a rate limit, and refuses nothing twice", async () => {
    const b = await barangayId("Agno");
    const sub = await createSubscription(db.handle.db, {
      areas: [{ town: "Agno", barangayId: null }],
      mobile: "639171234567",
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    expect(
      await checkSmsCode(
        db.handle.db,
        sub.manageToken,
        "000000".replace(/0/g, (_, i) => (sub.smsCode![i] === "0" ? "1" : "0")),
      ),
    ).toMatchObject({ status: "wrong", triesLeft: 4 });
    expect(await checkSmsCode(db.handle.db, sub.manageToken, sub.smsCode!)).toEqual({ status: "confirmed" });
    sms.failNext(429);
    await publishInterruption(db.handle.db, { town: "Agno", barangays: [b.name], startsAt: new Date(Date.now() + 3 * 3600_000) });
    const text = await waitUntil(async () => sms.messages.find((m) => m.number === "639171234567"));
    expect(isSingleGsmSegment(text.message)).toBe(true);
    expect(text.message).toMatch(/STOP/);
    expect(text.sendername).toBe("WESPECO");
    await new Promise((r) => setTimeout(r, 1000));
    expect(sms.messages.filter((m) => m.number === "639171234567")).toHaveLength(1);
  });

  it("a refused number is a dead letter with the gateway's reason", async () => {
    const sub = await createSubscription(db.handle.db, {
      areas: [{ town: "Dasol" as never, barangayId: null }],
      mobile: "639181234567",
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    await checkSmsCode(db.handle.db, sub.manageToken, sub.smsCode!);
    sms.failNext(400);
    const id = await publishInterruption(db.handle.db, {
      town: "Dasol" as never,
      barangays: [],
      startsAt: new Date(Date.now() + 3 * 3600_000),
    });
    const row = await failedDelivery(id);
    expect(row.lastError).toMatch(/number format is invalid/);
    expect(row.attempts).toBe(1);
    expect(await alerts.resend(row.id)).toBe(true);
    await waitUntil(
      async () =>
        (
          await db.handle.db
            .select()
            .from(alertDeliveries)
            .where(and(eq(alertDeliveries.id, row.id), eq(alertDeliveries.state, "sent")))
        )[0],
    );
  });

  it("a restart finds its queues and carries on", async () => {
    const channels = alerts.channels;
    await alerts.stop();
    alerts = await startWorker(channels);
    const sub = await createSubscription(db.handle.db, {
      areas: [{ town: "Mabini" as never, barangayId: null }],
      email: "restart@example.test",
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    await confirmEmail(db.handle.db, sub.emailToken!);
    await publishInterruption(db.handle.db, { town: "Mabini" as never, barangays: [], startsAt: tomorrowNoon() });
    await waitUntil(async () => smtp.messages.find((m) => m.to === "restart@example.test"));
  });

  it("pushes through the push service, and a 410 removes the subscription", async () => {
    const sub = await createSubscription(db.handle.db, {
      areas: [{ town: "Burgos" as never, barangayId: null }],
      notifyFinished: true,
      consentText: CONSENT_TEXT,
    });
    const browser = await push.subscribe(alerts.channels.vapidPublicKey);
    expect(await savePushSubscription(db.handle.db, sub.manageToken, browser, CONSENT_TEXT)).toBe(true);
    const id = await publishInterruption(db.handle.db, { town: "Burgos" as never, barangays: [], startsAt: tomorrowNoon() });
    const messages = await waitUntil(async () => {
      const m = await push.notifications(browser.clientHash);
      return m.length ? m : null;
    });
    const payload = JSON.parse(messages[0]!);
    expect(payload.title).toBe("Scheduled power interruption");
    expect(payload.url).toBe(`http://coop.test/news/power-interruptions#interruption-${id}`);

    await push.expire(browser.clientHash);
    await changeInterruption(db.handle.db, id, "extended", { status: "extended" });
    const failed = await failedDelivery(id);
    expect(failed.lastError).toMatch(/410/);
    const [endpoint] = await db.handle.db.select().from(alertEndpoints).where(eq(alertEndpoints.address, browser.endpoint));
    expect(endpoint!.removedAt).not.toBeNull();
  });
});
