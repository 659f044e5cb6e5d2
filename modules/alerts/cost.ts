/**
 * What a send will cost before it is made: SMS segments (GSM-7 or UCS-2), the gateway credits
 * they use, and how long delivery takes at the configured rates. Pure: the counts come in.
 */
import type { AlertChannel } from "./messages";

/** GSM 03.38 basic set; the extension set (second line) costs two septets each. */
const GSM_BASIC = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;
const GSM_EXTENDED = /[\^{}\\[~\]|€]/g;

export interface SmsSegments {
  encoding: "GSM-7" | "UCS-2";
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  length: number;
  segments: number;
}

/**
 * GSM-7: 160 septets in one segment, 153 a segment when concatenated. Any other character
 * (an emoji, "ñ" is fine but "ā" is not) makes the whole text UCS-2: 70, then 67 a segment.
 */
export function smsSegments(text: string): SmsSegments {
  if (GSM_BASIC.test(text)) {
    const length = text.length + (text.match(GSM_EXTENDED) ?? []).length;
    return { encoding: "GSM-7", length, segments: length <= 160 ? 1 : Math.ceil(length / 153) };
  }
  const length = text.length; // UTF-16 code units: an emoji is two
  return { encoding: "UCS-2", length, segments: length <= 70 ? 1 : Math.ceil(length / 67) };
}

export interface SendRates {
  /** Gateway calls a minute (Semaphore: 120). */
  smsCallsPerMinute: number;
  /** Numbers a call (Semaphore: 1,000). */
  smsBulkLimit: number;
  /** Credits a segment to one number (Semaphore: 1). */
  smsCreditsPerSegment: number;
  /** Messages a second the mail server takes from us. */
  emailPerSecond: number;
}

export interface CostPreview {
  recipients: Record<AlertChannel, number>;
  sms: SmsSegments & { credits: number; calls: number; seconds: number };
  email: { seconds: number };
  /** Until the last message is accepted (the channels go out side by side). */
  seconds: number;
}

export function costPreview(recipients: Record<AlertChannel, number>, smsText: string, rates: SendRates): CostPreview {
  const segments = smsSegments(smsText);
  const calls = Math.ceil(recipients.sms / rates.smsBulkLimit);
  // Calls are spaced evenly: the first goes at once, each next one a slot later.
  const smsSeconds = calls === 0 ? 0 : ((calls - 1) * 60) / rates.smsCallsPerMinute;
  const emailSeconds = recipients.email / rates.emailPerSecond;
  return {
    recipients,
    sms: { ...segments, credits: recipients.sms * segments.segments * rates.smsCreditsPerSegment, calls, seconds: smsSeconds },
    email: { seconds: emailSeconds },
    seconds: Math.max(smsSeconds, emailSeconds),
  };
}

/** "about 7 minutes", "under a minute": how a dispatcher reads a duration. */
export function describeDuration(seconds: number): string {
  if (seconds < 60) return "under a minute";
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round((seconds / 3600) * 10) / 10;
  return `about ${hours} hours`;
}
