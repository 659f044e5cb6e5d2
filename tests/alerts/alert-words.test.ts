/**
 * The words an alert carries, from the stored interruption: the circuit and the work as staff
 * typed them in rich-text fields arrive as text (no markup), with the dispatcher's public note.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries } from "../../db/schema";
import { fanOutEvent, pendingEventIds } from "../../modules/alerts/fanout.server";
import { CONSENT_TEXT } from "../../modules/alerts/messages";
import { checkSmsCode, confirmEmail, createSubscription } from "../../modules/alerts/subscriptions.server";
import { changeInterruptionStatus, createInterruption, interruptionFormSchema } from "../../modules/interruptions/editor.server";
import { manilaFormParts } from "../../modules/shared/dates";
import { createTestApp, type TestApp } from "../support/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("alert words", () => {
  it("e-mail and SMS say the circuit and the work as text, and the dispatcher's note", async () => {
    const db = t.db.handle.db;
    const sub = await createSubscription(db, {
      areas: [{ town: "Anda", barangayId: null }],
      email: "member@example.test",
      mobile: "639172220001",
      notifyFinished: false,
      consentText: CONSENT_TEXT,
    });
    await checkSmsCode(db, sub.manageToken, sub.smsCode!);
    await confirmEmail(db, sub.emailToken!);
    // Whatever the demo data left in the outbox is not this test's.
    for (const id of await pendingEventIds(db, 1000)) await fanOutEvent(db, id, noQueue);

    const ctx = { db, actor: { id: "dispatcher", name: "Dispatcher" }, contentChanged: async () => {} };
    const today = manilaFormParts(new Date()).date;
    const tomorrow = manilaFormParts(new Date(Date.now() + 86_400_000)).date;
    const id = await createInterruption(
      ctx,
      interruptionFormSchema.parse({
        date: today,
        endDate: tomorrow,
        start: "00:05",
        end: "23:00",
        activities: "<p>Replacement of a <strong>rotten pole</strong></p>",
        circuit: "<p>Anda Substation Feeder 1</p>",
        wholeTown: ["Anda"],
        publish: "now",
      }),
    );
    await changeInterruptionStatus(ctx, id, { status: "cancelled", note: "Moved to next week: the crew is on typhoon duty", newEnd: "" });
    for (const e of await pendingEventIds(db, 1000)) await fanOutEvent(db, e, noQueue);

    const rows = await db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.interruptionId, id)));
    const email = rows.filter((r) => r.channel === "email");
    const sms = rows.filter((r) => r.channel === "sms");
    expect(email.length).toBe(2);
    expect(sms.length).toBe(2);
    for (const r of [...email, ...sms]) {
      expect(r.body).not.toMatch(/<\/?[a-z]/i);
      expect(r.body).toContain("Replacement of a rotten pole");
    }
    for (const r of email) expect(r.body).toContain("Circuit: Anda Substation Feeder 1");
    const cancelled = [...email, ...sms].filter((r) => /CANCELLED/.test(r.body));
    expect(cancelled.length).toBe(2);
    for (const r of cancelled) expect(r.body).toContain("Note: Moved to next week: the crew is on typhoon duty");
  });
});

const noQueue = {
  publicUrl: "https://wespeco.example.ph",
  configured: new Set<"email" | "sms" | "push">(["email", "sms"]),
  paused: new Set<"email" | "sms" | "push">(),
  enqueue: async () => {},
};
