/**
 * The alerts endpoints through inject: a browser's push subscription and the gateway's inbound
 * STOP. Bad input answers JSON 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_TEXT } from "../../modules/alerts/messages";
import { checkSmsCode, createSubscription, getSubscription } from "../../modules/alerts/subscriptions.server";
import { createTestApp, type TestApp } from "../support/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SMS_INBOUND_SECRET: "0123456789abcdef-secret" } });
});
afterAll(async () => t?.close());

const push = {
  endpoint: "https://fcm.googleapis.com/fcm/send/abc",
  keys: {
    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  },
};

describe("POST /api/v1/alerts/push-subscriptions", () => {
  it("keeps the browser's subscription for a known subscriber", async () => {
    const sub = await createSubscription(t.db.handle.db, {
      areas: [{ town: "Bani", barangayId: null }],
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    const r = await t.app.inject({
      method: "POST",
      url: "/api/v1/alerts/push-subscriptions",
      payload: { token: sub.manageToken, subscription: push },
    });
    expect(r.statusCode).toBe(201);
    expect(r.headers["cache-control"]).toContain("no-store");
    const view = await getSubscription(t.db.handle.db, sub.manageToken);
    expect(view!.endpoints).toMatchObject([{ channel: "push", address: push.endpoint, confirmed: true }]);
  });
  it("404 for an unknown token, 422 for a malformed subscription", async () => {
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/v1/alerts/push-subscriptions",
      payload: { token: "x".repeat(43), subscription: push },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("not_found");
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/v1/alerts/push-subscriptions",
      payload: { token: "x".repeat(43), subscription: { endpoint: "javascript:alert(1)" } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe("invalid_body");
  });
});

describe("POST /api/v1/alerts/sms-inbound", () => {
  it("STOP from a subscribed number ends its SMS alerts; other words change nothing", async () => {
    const sub = await createSubscription(t.db.handle.db, {
      areas: [{ town: "Agno", barangayId: null }],
      mobile: "639171110000",
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    await checkSmsCode(t.db.handle.db, sub.manageToken, sub.smsCode!);
    const send = (message: string, number = "0917-111-0000") =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/alerts/sms-inbound",
        headers: { "x-sms-secret": "0123456789abcdef-secret" },
        payload: { number, message },
      });
    expect((await send("hello")).json()).toEqual({ data: { stopped: 0 } });
    expect((await send("Stop")).json()).toEqual({ data: { stopped: 1 } });
    expect((await getSubscription(t.db.handle.db, sub.manageToken))!.endpoints).toEqual([]);
    expect((await send("STOP")).json()).toEqual({ data: { stopped: 0 } });
    const bad = await send("STOP", "12345");
    expect(bad.statusCode).toBe(422);
  });
  it("refuses a sender without the shared secret", async () => {
    const r = await t.app.inject({
      method: "POST",
      url: "/api/v1/alerts/sms-inbound",
      payload: { number: "09171110000", message: "STOP" },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().error.code).toBe("forbidden");
  });
});
