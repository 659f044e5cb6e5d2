/**
 * Before a save sends alerts, the dispatcher sees on the editor page who they reach per channel,
 * the SMS's segments and credits, and how long delivery takes at the configured rates.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertEndpoints, alertSubscriberAreas, alertSubscribers } from "../../db/schema";
import { createInterruption, interruptionFormSchema } from "../../modules/interruptions/editor.server";
import { manilaFormParts } from "../../modules/shared/dates";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs } from "../support/staff";

let t: TestApp;

beforeAll(async () => {
  // Rates as configured: 2 numbers a gateway call, 6 calls a minute, 1 e-mail a second, 2 credits a segment.
  t = await createTestApp({
    withPages: true,
    env: {
      SMS_GATEWAY_URL: "http://127.0.0.1:9/unused",
      SMS_API_KEY: "k",
      SMS_BULK_LIMIT: "2",
      SMS_RATE_PER_MINUTE: "6",
      SMS_CREDITS_PER_SEGMENT: "2",
      SMTP_URL: "smtp://127.0.0.1:9/?tls=off",
      SMTP_RATE_PER_SECOND: "1",
    },
  });
  const db = t.db.handle.db;
  const channels = ["sms", "sms", "sms", "sms", "sms", "email", "email", "push"] as const;
  await db.transaction(async (tx) => {
    const subs = await tx
      .insert(alertSubscribers)
      .values(channels.map(() => ({ manageToken: crypto.randomBytes(32).toString("base64url") })))
      .returning({ id: alertSubscribers.id });
    await tx.insert(alertSubscriberAreas).values(subs.map((s) => ({ subscriberId: s.id, town: "Dasol" as const, barangayId: null })));
    await tx.insert(alertEndpoints).values(
      subs.map((s, i) => ({
        subscriberId: s.id,
        channel: channels[i]!,
        address: channels[i] === "sms" ? `63918000000${i}` : channels[i] === "email" ? `m${i}@example.test` : `https://push.test/${i}`,
        confirmedAt: new Date(),
      })),
    );
  });
});
afterAll(async () => {
  await t?.close();
});

describe("alert cost preview on the interruption editor", () => {
  it("shows recipients per channel, SMS segments and credits, and the time at the configured rates", async () => {
    const id = await createInterruption(
      { db: t.db.handle.db, actor: { id: "u", name: "Dana" }, contentChanged: async () => {} },
      interruptionFormSchema.parse({
        date: manilaFormParts(new Date(Date.now() + 2 * 86_400_000)).date,
        start: "08:00",
        end: "17:00",
        activities: "Line work",
        circuit: "Dasol Feeder 2",
        wholeTown: ["Dasol"],
        publish: "draft",
      }),
    );
    const dispatcher = await signInAs(t, "dispatcher");
    const r = await t.app.inject({ url: `/staff/interruptions/${id}`, headers: { cookie: dispatcher.cookie } });
    expect(r.statusCode).toBe(200);
    const text = r.body
      .replace(/<!--.*?-->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(text).toContain("Alerts when this is published");
    // 5 numbers; the text names the work too (over 160 characters), so two GSM-7 segments each at
    // 2 credits a segment; 3 calls of 2 at 6 a minute: the last 20 s after the first.
    // All five in English here (the cost preview counts each language's text on its own).
    expect(text).toMatch(/SMS 5 English: 5 × 2 segments \(GSM-7, \d+ characters\); 20 credits; 3 gateway calls, under a minute/);
    expect(text).toContain("E-mail 2 under a minute");
    expect(text).toContain("Push 1 no cost");
    expect(text).toContain("Dasol (whole town)");
  });
});
