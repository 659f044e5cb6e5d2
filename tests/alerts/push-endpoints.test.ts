/**
 * Push endpoints cannot reach the server's own network. The API refuses endpoints that are
 * not https addresses of a browser's push service; the sender refuses them too (a row stored
 * before the rule) and never follows a redirect. Loopback listeners count what reaches them:
 * nothing may.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { CONSENT_TEXT } from "../../modules/alerts/messages";
import { isAllowedPushEndpoint } from "../../modules/alerts/push-endpoints";
import { createSubscription } from "../../modules/alerts/subscriptions.server";
import { pushSender } from "../../server/messaging/channels";
import { createTestApp, type TestApp } from "../support/app";

/** A loopback HTTP listener that counts requests and answers with `answer`. */
async function listener(answer: (res: http.ServerResponse) => void = (res) => res.writeHead(201).end()) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    answer(res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return { hits, port, url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

/** Keys a browser would send with its subscription (a P-256 public key and a 16-byte secret). */
function browserKeys() {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: crypto.randomBytes(16).toString("base64url") };
}

describe("push endpoints", () => {
  let t: TestApp;
  let inside: Awaited<ReturnType<typeof listener>>;
  beforeAll(async () => {
    inside = await listener();
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
  });
  afterAll(async () => {
    await t?.close();
    await inside?.close();
  });

  it("the API takes only https endpoints of the browsers' push services", async () => {
    const sub = await createSubscription(t.db.handle.db, {
      areas: [{ town: "Bani", barangayId: null }],
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    const save = (endpoint: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/alerts/push-subscriptions",
        payload: { token: sub.manageToken, subscription: { endpoint, keys: browserKeys() } },
      });
    const refused = [
      `${inside.url}/push`,
      "http://localhost/push",
      "https://localhost/push",
      "http://[::1]/push",
      "https://10.0.0.1/push",
      "http://169.254.169.254/latest/meta-data/",
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com.evil.example/fcm/send/abc",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
    ];
    const statuses = await Promise.all(refused.map(async (e) => (await save(e)).statusCode));
    console.info(
      `[figure] private or unknown push endpoints accepted by the API → ${statuses.filter((s) => s === 201).length} of ${refused.length}`,
    );
    expect(statuses).toEqual(refused.map(() => 422));
    expect((await save("https://fcm.googleapis.com/fcm/send/abc")).statusCode).toBe(201);
    expect((await save("https://updates.push.services.mozilla.com/wpush/v2/gAAAA")).statusCode).toBe(201);
    expect((await save("https://web.push.apple.com/QGuQyavXut")).statusCode).toBe(201);
    expect((await save("https://wns2-par02p.notify.windows.com/w/?token=BQYAAA")).statusCode).toBe(201);
    expect(inside.hits).toEqual([]);
  });

  it("the sender refuses a private endpoint and never follows a redirect: the loopback listeners receive nothing", async () => {
    const vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:test@example.org" };
    const message = (to: string) => ({ to, keys: browserKeys(), subject: "Alert", body: "Power interruption", idempotencyKey: "k1" });
    // A stored endpoint on loopback, sent to by the production rule: refused before any request.
    const strict = pushSender(vapid);
    const direct = await strict.send(message(`${inside.url}/push`) as never);
    expect(direct).toMatchObject({ ok: false, gone: true });
    // A push service named in the settings that answers with a redirect to the inside listener.
    const redirecting = await listener((res) => res.writeHead(307, { location: `${inside.url}/stolen` }).end());
    try {
      const named = pushSender(vapid, { extraOrigins: [redirecting.url] });
      const redirected = await named.send(message(`${redirecting.url}/push`) as never);
      expect(redirecting.hits).toHaveLength(1);
      expect(redirected).toMatchObject({ ok: false });
    } finally {
      await redirecting.close();
    }
    console.info(`[figure] requests reaching the private listener → ${inside.hits.length}`);
    expect(inside.hits).toEqual([]);
  });

  it("the rule itself", () => {
    expect(isAllowedPushEndpoint("https://fcm.googleapis.com/fcm/send/x")).toBe(true);
    expect(isAllowedPushEndpoint("https://user:pw@fcm.googleapis.com/fcm/send/x")).toBe(false);
    expect(isAllowedPushEndpoint("https://127.0.0.1/x")).toBe(false);
    expect(isAllowedPushEndpoint("http://localhost:4000/x", ["http://localhost:4000"])).toBe(true);
    expect(isAllowedPushEndpoint("http://localhost:4001/x", ["http://localhost:4000"])).toBe(false);
    expect(isAllowedPushEndpoint("not a url")).toBe(false);
  });
});
