/**
 * The dispatcher's view before a send: who an alert about this interruption would reach per
 * channel now, the SMS exactly as it would go out in each language (a Filipino subscriber's
 * carries the staff-written Filipino work when there is one), and what it costs at the
 * configured rates.
 */
import type { DbOrTx } from "../../db/client";
import { LOCALES, type Locale, localePath } from "../shared/i18n";
import { type CostPreview, costPreview, type SendRates, type SmsSegments, smsSegments } from "./cost";
import { loadInterruption, recipientCounts } from "./fanout.server";
import { type AlertReason, alertSms } from "./messages";

export interface AlertPreview extends CostPreview {
  reason: AlertReason;
  /** The English SMS (what most receive). */
  smsText: string;
  /** Each language's SMS, its segments and how many get it. */
  smsByLanguage: { language: Locale; text: string; recipients: number; segments: SmsSegments }[];
}

export async function alertPreview(
  db: DbOrTx,
  interruptionId: number,
  reason: AlertReason,
  publicUrl: string,
  rates: SendRates,
): Promise<AlertPreview | null> {
  const interruption = await loadInterruption(db, interruptionId);
  if (!interruption) return null;
  const byLanguage = await recipientCounts(db, interruptionId, reason);
  // The same words and link the fan-out sends (modules/alerts/fanout.server.ts).
  const smsByLanguage = LOCALES.map((language) => {
    const text = alertSms(reason, interruption, `${publicUrl}${localePath(language, "/news/power-interruptions")}`, language);
    return { language, text, recipients: byLanguage[language].sms, segments: smsSegments(text) };
  });
  const total = { email: 0, sms: 0, push: 0 };
  for (const l of LOCALES) for (const c of ["email", "sms", "push"] as const) total[c] += byLanguage[l][c];
  const smsText = smsByLanguage[0]!.text;
  const cost = costPreview(total, smsText, rates);
  // Each language's text is its own message: its own segments, credits and gateway calls.
  const credits = smsByLanguage.reduce((n, s) => n + s.recipients * s.segments.segments * rates.smsCreditsPerSegment, 0);
  const calls = smsByLanguage.reduce((n, s) => n + Math.ceil(s.recipients / rates.smsBulkLimit), 0);
  const smsSeconds = calls === 0 ? 0 : ((calls - 1) * 60) / rates.smsCallsPerMinute;
  return {
    ...cost,
    reason,
    smsText,
    smsByLanguage,
    sms: { ...cost.sms, credits, calls, seconds: smsSeconds },
    seconds: Math.max(smsSeconds, cost.email.seconds),
  };
}
