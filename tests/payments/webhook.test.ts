/**
 * Online payments, exactly once, against the stand-in gateway on loopback (PayMongo's API and
 * signed webhooks) and the real database: a checkout per bill however many taps; the webhook
 * refuses what is unsigned, wrongly signed or stale; a repeated, late or out-of-order event
 * changes nothing twice; an amount other than the checkout's is recorded, not applied; a second
 * payment for a paid bill is recorded as a refund due.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentCheckouts, paymentEvents } from "../../db/schema";
import { importFile } from "../../modules/bills/import.server";
import { applyGatewayEvent, openCheckout } from "../../modules/payments/checkouts.server";
import { readPayMongoEvent } from "../../modules/payments/paymongo.server";
import { signatureHeader } from "../../modules/payments/webhook-signature.server";
import { paymentSettings } from "../../server/payments/settings";
import { type StandInGateway, startStandInGateway } from "../../server/payments/stand-in";
import { createTestApp, type TestApp } from "../support/app";
import { billFile, testBill } from "../support/bills";
import { addToRoll } from "../support/roll";

const SECRET_KEY = "sk_test_stand_in_key";
const WEBHOOK_SECRET = "whsk_test_stand_in_secret";
const ACCOUNT = "05-7100-0001";

let t: TestApp;
let gateway: StandInGateway;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  gateway = await startStandInGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, retryDelaysMs: [50, 100, 200] });
  t = await createTestApp({
    env: { PAYMENT_GATEWAY_URL: gateway.url, PAYMENT_SECRET_KEY: SECRET_KEY, PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, RATE_LIMIT: "off" },
  });
  gateway.webhookUrl = `${await t.listen()}/api/v1/payments/webhook`;
  await addToRoll(db(), [ACCOUNT]);
  const bills = await Promise.all(["B-9000001", "B-9000002", "B-9000003", "B-9000004"].map((n) => testBill(db(), ACCOUNT, n, 120)));
  const stored = await importFile(db(), "bills", billFile(...bills));
  expect(stored.ok).toBe(true);
});
afterAll(async () => {
  await gateway?.close();
  await t?.close();
});

const settings = () => paymentSettings(t.config)!;
const open = (billNumber: string, amount = 150_000) =>
  openCheckout(db(), settings().gateway, {
    accountNumber: ACCOUNT,
    billNumber,
    billLabel: "March 2025 electric bill",
    amount,
    fee: 0,
    language: "en",
    description: `Electric bill ${billNumber}`,
    returnUrls: (ref) => ({ success: `${t.url}/mco/pay/${ref}`, cancel: `${t.url}/mco/pay/${ref}?cancelled=1` }),
  });

const row = async (reference: string) => (await db().select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference)))[0]!;

function postWebhook(body: string, signature?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/payments/webhook",
    headers: { "content-type": "application/json", ...(signature ? { "paymongo-signature": signature } : {}) },
    payload: body,
  });
}

/** A paid event for a session as the gateway would write it, with the given amount. */
function paidEvent(sessionId: string, reference: string, amount: number, eventId = `evt_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    data: {
      id: eventId,
      type: "event",
      attributes: {
        type: "checkout_session.payment.paid",
        livemode: false,
        data: {
          id: sessionId,
          type: "checkout_session",
          attributes: { reference_number: reference, payments: [{ id: `pay_${eventId}`, attributes: { amount, status: "paid" } }] },
        },
      },
    },
  });
}

describe("a checkout per bill", () => {
  it("30 taps at once on one bill make one gateway session, all sent to the same page", async () => {
    const before = gateway.sessions.size;
    const results = await Promise.all(Array.from({ length: 30 }, () => open("B-9000001")));
    expect(results.every((r) => r.ok)).toBe(true);
    const urls = new Set(results.map((r) => (r.ok ? r.checkout.checkoutUrl : "")));
    expect(urls.size).toBe(1);
    expect(gateway.sessions.size - before).toBe(1);
    const rows = await db().select().from(paymentCheckouts).where(eq(paymentCheckouts.billNumber, "B-9000001"));
    expect(rows.filter((r) => r.status === "open")).toHaveLength(1);
  });

  it("another amount replaces the open checkout", async () => {
    const first = await open("B-9000002", 100_000);
    const second = await open("B-9000002", 120_000);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.checkout.reference).not.toBe(first.checkout.reference);
    expect((await row(first.checkout.reference)).status).toBe("replaced");
    expect((await row(second.checkout.reference)).status).toBe("open");
  });
});

describe("the webhook", () => {
  it("applies a paid event from the stand-in once, however many times it is delivered", async () => {
    const opened = await open("B-9000003");
    if (!opened.ok) throw new Error("no checkout");
    const { eventId } = await gateway.settle(opened.checkout.gatewaySessionId!, "paid");
    await gateway.idle();
    expect((await row(opened.checkout.reference)).status).toBe("paid");
    // The same event again, twice at once and once late.
    const again = await Promise.all([gateway.redeliver(eventId), gateway.redeliver(eventId)]);
    expect(again).toEqual([200, 200]);
    expect(await gateway.redeliver(eventId)).toBe(200);
    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    expect(events).toHaveLength(1);
    expect(events[0]!.outcome).toBe("applied");
    const paid = await row(opened.checkout.reference);
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(paid.refundDue).toBe(false);
  });

  it("a failure arriving after the payment (out of order) does not undo it", async () => {
    const opened = await open("B-9000004");
    if (!opened.ok) throw new Error("no checkout");
    const s = opened.checkout;
    const paid = paidEvent(s.gatewaySessionId!, s.reference, s.amount);
    expect((await postWebhook(paid, signatureHeader(WEBHOOK_SECRET, paid, false))).json().data.outcome).toBe("applied");
    const failed = JSON.stringify({
      data: {
        id: "evt_late_failure",
        type: "event",
        attributes: {
          type: "payment.failed",
          livemode: false,
          data: {
            id: "pay_x",
            type: "payment",
            attributes: { amount: s.amount, status: "failed", metadata: { reference_number: s.reference } },
          },
        },
      },
    });
    const answer = await postWebhook(failed, signatureHeader(WEBHOOK_SECRET, failed, false));
    expect(answer.json().data.outcome).toBe("ignored");
    expect((await row(s.reference)).status).toBe("paid");
  });

  it("refuses an unsigned event, a wrong signature, a stale timestamp and a live event on a test site", async () => {
    const opened = await open("B-9000001");
    if (!opened.ok) throw new Error("no checkout");
    const s = opened.checkout;
    const body = paidEvent(s.gatewaySessionId!, s.reference, s.amount);
    const unsigned = await postWebhook(body);
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.code).toBe("unauthorized");
    const wrong = await postWebhook(body, signatureHeader("not the secret", body, false));
    expect(wrong.statusCode).toBe(401);
    const stale = await postWebhook(body, signatureHeader(WEBHOOK_SECRET, body, false, Date.now() - 6 * 60_000));
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.message).toContain("too old");
    // Signed over another body: the signature is of the raw bytes.
    const tampered = body.replace(String(s.amount), String(s.amount - 100));
    expect((await postWebhook(tampered, signatureHeader(WEBHOOK_SECRET, body, false))).statusCode).toBe(401);
    // The live signature slot on a test-mode site.
    expect((await postWebhook(body, signatureHeader(WEBHOOK_SECRET, body, true))).statusCode).toBe(401);
    expect((await postWebhook("{not json", signatureHeader(WEBHOOK_SECRET, "{not json", false))).statusCode).toBe(400);
    expect((await row(s.reference)).status).toBe("open");
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.reference, s.reference))).toHaveLength(0);
  });

  it("records an amount other than the checkout's without applying it", async () => {
    const opened = await open("B-9000001");
    if (!opened.ok) throw new Error("no checkout");
    const s = opened.checkout;
    const body = paidEvent(s.gatewaySessionId!, s.reference, s.amount - 1, "evt_short_by_one");
    const answer = await postWebhook(body, signatureHeader(WEBHOOK_SECRET, body, false));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.outcome).toBe("amount-differs");
    expect((await row(s.reference)).status).toBe("open");
    const [event] = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, "evt_short_by_one"));
    expect(event?.amount).toBe(s.amount - 1);
  });

  it("a payment for a bill already paid is recorded and listed as a refund due", async () => {
    // B-9000003 was paid in full above; a late payment of another checkout for it comes in.
    const opened = await open("B-9000003", 50_000);
    if (!opened.ok) throw new Error("no checkout");
    const s = opened.checkout;
    const body = paidEvent(s.gatewaySessionId!, s.reference, s.amount);
    const answer = await postWebhook(body, signatureHeader(WEBHOOK_SECRET, body, false));
    expect(answer.json().data.outcome).toBe("refund-due");
    const stored = await row(s.reference);
    expect(stored.status).toBe("paid");
    expect(stored.refundDue).toBe(true);
  });

  it("thirty deliveries of one event at once apply it once", async () => {
    const opened = await open("B-9000002", 120_000);
    if (!opened.ok) throw new Error("no checkout");
    const s = opened.checkout;
    const body = paidEvent(s.gatewaySessionId!, s.reference, s.amount, "evt_thirty_at_once");
    const answers = await Promise.all(Array.from({ length: 30 }, () => postWebhook(body, signatureHeader(WEBHOOK_SECRET, body, false))));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const outcomes = answers.map((a) => a.json().data.outcome);
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(29);
  });

  it("reads PayMongo's event shape", () => {
    const e = readPayMongoEvent(JSON.parse(paidEvent("cs_1", "WP-ABC", 12345, "evt_1")));
    expect(e).toEqual({
      id: "evt_1",
      type: "checkout_session.payment.paid",
      livemode: false,
      sessionId: "cs_1",
      reference: "WP-ABC",
      payment: { id: "pay_evt_1", amount: 12345, status: "paid" },
    });
    expect(readPayMongoEvent({ data: {} })).toBeNull();
  });

  it("applying the same event directly twice is a duplicate the second time", async () => {
    const opened = await open("B-9000004", 20_000);
    if (!opened.ok) throw new Error("no checkout");
    const s = opened.checkout;
    const body = JSON.parse(paidEvent(s.gatewaySessionId!, s.reference, s.amount, "evt_direct"));
    const event = readPayMongoEvent(body)!;
    expect((await applyGatewayEvent(db(), event, body)).outcome).not.toBe("duplicate");
    expect(await applyGatewayEvent(db(), event, body)).toEqual({ outcome: "duplicate", reference: s.reference });
  });
});
