/**
 * The staff side of alerts through inject on the real pages: counts per town and channel, a
 * failed message sent again, a channel paused and resumed; only roles with alerts.manage; audited.
 */

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertChannelSettings, alertDeliveries, auditLog } from "../../db/schema";
import { CONSENT_TEXT } from "../../modules/alerts/messages";
import { checkSmsCode, createSubscription } from "../../modules/alerts/subscriptions.server";
import { setClock } from "../../modules/shared/clock";
import { createTestApp, type TestApp } from "../support/app";
import { daytimeInManila } from "../support/daytime";
import { publishInterruption } from "../support/publish";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";
import { signInAs } from "../support/staff";
import { waitUntil } from "../support/wait";

let t: TestApp;
let sms: SmsGatewayStandIn;

beforeAll(async () => {
  // Messages are made at the site's clock: a daytime one, so the SMS is not held for the night.
  setClock(daytimeInManila());
  sms = await startSmsGateway();
  t = await createTestApp({ withPages: true, env: { ALERTS_WORKER: "on", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey } });
});
afterAll(async () => {
  setClock(null);
  await t?.close();
  await sms?.close();
});

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

describe("/staff/alerts", () => {
  it("is for roles with alerts.manage only", async () => {
    const rates = await signInAs(t, "rates");
    const r = await t.app.inject({ url: "/staff/alerts", headers: { cookie: rates.cookie } });
    expect(r.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: "/staff/alerts" });
    expect(anonymous.statusCode).toBe(302);
  });

  it("counts subscribers, shows a failed message with its reason, sends it again, pauses a channel", async () => {
    const db = t.db.handle.db;
    const sub = await createSubscription(db, {
      areas: [{ town: "Anda", barangayId: null }],
      mobile: "639172220000",
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    await checkSmsCode(db, sub.manageToken, sub.smsCode!);
    sms.failNext(400);
    const id = await publishInterruption(db, { town: "Anda", barangays: [], startsAt: new Date(Date.now() + 5 * 3600_000) });
    const failed = await waitUntil(
      async () =>
        (
          await db
            .select()
            .from(alertDeliveries)
            .where(and(eq(alertDeliveries.interruptionId, id), eq(alertDeliveries.state, "failed")))
        )[0],
    );

    const d = await signInAs(t, "dispatcher");
    const overview = await t.app.inject({ url: "/staff/alerts", headers: { cookie: d.cookie } });
    expect(overview.statusCode).toBe(200);
    expect(overview.headers["cache-control"]).toContain("no-store");
    expect(overview.body).toMatch(/<th scope="row">Anda<\/th><td>0<\/td><td>1<\/td>/);
    expect(overview.body).toContain("1 failed");

    const detail = await t.app.inject({ url: `/staff/alerts/${id}`, headers: { cookie: d.cookie } });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain("0917 ••• 0000");
    expect(detail.body).not.toContain("639172220000");
    expect(detail.body).toContain("The number format is invalid.");
    const viewed = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "alert_deliveries.viewed"), eq(auditLog.actorId, d.id)));
    expect(viewed).toHaveLength(1);

    const resend = await t.app.inject({
      method: "POST",
      url: `/staff/alerts/${id}`,
      headers: { cookie: d.cookie, ...form({ delivery: String(failed.id) }).headers },
      payload: form({ delivery: String(failed.id) }).payload,
    });
    expect(resend.statusCode).toBe(200);
    await waitUntil(async () => sms.messages.find((m) => m.number === "639172220000" && /Scheduled power interruption/.test(m.message)));
    const again = await t.app.inject({
      method: "POST",
      url: `/staff/alerts/${id}`,
      headers: { cookie: d.cookie, ...form({}).headers },
      payload: form({ delivery: String(failed.id) }).payload,
    });
    expect(again.statusCode).toBe(409);

    // Pausing asks first (without JavaScript too): the button is a question, the page answers with it.
    expect(overview.body).toContain('name="confirm" value="pause-sms"');
    const ask = await t.app.inject({ url: "/staff/alerts?confirm=pause-sms", headers: { cookie: d.cookie } });
    expect(ask.body).toContain('<h2 id="confirm-title">Pause every SMS alert?</h2>');
    expect(ask.body).toContain("Yes, pause SMS");
    expect((await db.select().from(alertChannelSettings).where(eq(alertChannelSettings.channel, "sms")))[0]?.paused ?? false).toBe(false);
    const pause = await t.app.inject({
      method: "POST",
      url: "/staff/alerts",
      headers: { cookie: d.cookie, ...form({}).headers },
      payload: form({ channel: "sms", pause: "1" }).payload,
    });
    expect(pause.statusCode).toBe(200);
    expect((await db.select().from(alertChannelSettings).where(eq(alertChannelSettings.channel, "sms")))[0]!.paused).toBe(true);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "alert_channel.paused"));
    expect(audit).toHaveLength(1);
  });
});
