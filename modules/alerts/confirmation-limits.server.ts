/**
 * Anyone may type anyone's e-mail address or mobile number into the alerts form, so the
 * confirmation messages it causes are capped per recipient, whatever the client's address:
 * 3 unconfirmed ones a day to one address or number, and a new SMS code at most once a
 * minute. Reserved before sending (modules/shared/attempt-limits.server.ts), so a burst of
 * subscribes or "send a new code" gets no more messages out; confirming starts the count again.
 * What a refused visitor reads is in the alerts catalog (`alerts.error.tooMany.*`, app/messages/alerts.ts).
 */
import type { Db } from "../../db/client";
import { type AttemptRule, clearAttempts, type Reservation, reserveAttempt } from "../shared/attempt-limits.server";

export const CONFIRMATIONS_PER_DAY = 3;
export const SMS_RESEND_AFTER_MS = 60_000;

export const CONFIRMATION_RULE: AttemptRule = {
  name: "alert-confirmation",
  free: CONFIRMATIONS_PER_DAY,
  windowMs: 24 * 3_600_000,
  firstWaitMs: 24 * 3_600_000,
  maxWaitMs: 24 * 3_600_000,
};

const recipientKey = (channel: "email" | "sms", address: string) => `${channel}:${address.trim().toLowerCase()}`;

/** Reserves one confirmation message to this recipient. */
export function reserveConfirmation(db: Db, channel: "email" | "sms", address: string, now = new Date()): Promise<Reservation> {
  return reserveAttempt(db, CONFIRMATION_RULE, [recipientKey(channel, address)], now);
}

/** The recipient confirmed: its count starts again. */
export function recipientConfirmed(db: Db, channel: "email" | "sms", address: string): Promise<void> {
  return clearAttempts(db, CONFIRMATION_RULE, [recipientKey(channel, address)]);
}
