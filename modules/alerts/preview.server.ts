/**
 * The dispatcher's view before a send: who an alert about this interruption would reach per
 * channel now, the SMS exactly as it would go out, and what it costs at the configured rates.
 */
import type { DbOrTx } from "../../db/client";
import { type CostPreview, costPreview, type SendRates } from "./cost";
import { loadInterruption, recipientCounts } from "./fanout.server";
import { type AlertReason, alertSms } from "./messages";

export interface AlertPreview extends CostPreview {
  reason: AlertReason;
  smsText: string;
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
  const smsText = alertSms(reason, interruption, `${publicUrl}/news/power-interruptions`);
  const counts = await recipientCounts(db, interruptionId, reason);
  return { reason, smsText, ...costPreview(counts, smsText, rates) };
}
