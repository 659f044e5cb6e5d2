/**
 * The audit log in words: "News item published" for `news.published`, "Signed in" for
 * `sign_in.succeeded`, and a change as "Role: communications → dispatcher" instead of JSON.
 * The code stays beside the words (small), because the filter takes it.
 */
import { describeValue, fieldLabel } from "../../../modules/content/revision-diff";

/** Whole actions whose words are not "<thing> <what happened>". */
const ACTIONS: Record<string, string> = {
  "sign_in.succeeded": "Signed in",
  "sign_in.failed": "Sign-in failed (wrong password or code)",
  "sign_in.throttled": "Sign-in held back (too many tries)",
  "sign_in.refused": "Sign-in refused",
  sign_out: "Signed out",
  "access.denied": "Refused a page or action their role does not allow",
  "reauth.failed": "Password check failed",
  "reauth.throttled": "Password check held back (too many tries)",
  "factor.totp_added": "Added an authenticator app",
  "factor.passkey_added": "Added a passkey",
  "factor.suspended": "Second factor locked after 100 wrong codes in a row",
  "factor.unlocked": "Second factor unlocked",
  "agam.factor_suspended": "AGAM code and PIN locked after 100 wrong tries in a row",
  "agam.factor_unlocked": "AGAM code and PIN unlocked",
  "report.number_viewed": "Viewed a reporter's phone number",
  "user.enrolment_link_created": "Set-up link made for a staff account",
  "user.enrolment_password_set": "Password chosen through a set-up link",
};

/** The thing an action is about, by the action's (or the object type's) first part. */
const THINGS: Record<string, string> = {
  interruption: "Power interruption",
  announcement: "Announcement",
  news: "News item",
  career: "Job posting",
  rates: "Rates",
  "rate-schedule": "Rate schedule",
  rate_schedule: "Rate schedule",
  about: "About us text",
  gallery: "Gallery picture",
  partner: "Partner logo",
  branch: "Branch",
  "payment-place": "Place to pay",
  category: "News category",
  user: "Staff account",
  staff_user: "Staff account",
  sign_in: "Sign-in",
  factor: "Second factor",
  connection: "Connection application",
  connection_queue: "Connection queue",
  survey: "Survey answers",
  survey_answer: "Survey answer",
  report: "Outage report",
  report_photo: "Outage report photo",
  incident: "Incident",
  major_event: "Major event",
  data_subject: "A member's personal data",
  personal_data: "Personal data past its keeping time",
  member_roll: "Member roll",
  billing_token: "Billing token",
  bill_check: "Bill check",
  bills: "Bills",
  payments: "Payments",
  online_payments: "Online payments",
  online_payment: "Online payment",
  barangay_power: "Barangay power",
  audit: "Audit log",
  alert_delivery: "Alert message",
  alert_deliveries: "Alert messages",
  agam_window: "AGAM registration window",
  agam_tally: "AGAM tally",
  agam_registrations: "AGAM registrations",
  agam_registration: "AGAM registration",
};

/** What happened, where the code's last part is not already a word. */
const HAPPENED: Record<string, string> = {
  status_changed: "status changed",
  note_added: "note added",
  documents_changed: "documents changed",
  role_changed: "role changed",
  sessions_ended: "sessions ended",
  registered_at_office: "registered at the office",
  town_updated: "updated for a whole town",
  password_changed: "password changed",
  email_changed: "e-mail changed",
};

const words = (code: string) => code.replace(/[_-]+/g, " ").trim();

/** A thing's name: its known name, or its code in words. */
export function auditThing(code: string): string {
  const known = THINGS[code];
  if (known) return known;
  const w = words(code);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** An action code in words. */
export function auditActionWords(action: string): string {
  const whole = ACTIONS[action];
  if (whole) return whole;
  const dot = action.indexOf(".");
  if (dot < 0) return auditThing(action);
  const happened = action.slice(dot + 1);
  return `${auditThing(action.slice(0, dot))} ${HAPPENED[happened] ?? words(happened)}`;
}

/** The object in words: "News item 12". */
export function auditObjectWords(objectType: string, objectId: string | null): string {
  return `${auditThing(objectType)}${objectId ? ` ${objectId}` : ""}`;
}

const SHORT = 160;
const short = (text: string) => (text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text);
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * A change in lines of words: each field that differs as "Label: before → after" (only the
 * after when there was no before, only the before when it went), values shortened.
 */
export function auditChangeWords(before: unknown, after: unknown): string[] {
  if (before == null && after == null) return [];
  if (!isRecord(before) && !isRecord(after)) {
    const a = short(describeValue(before));
    const b = short(describeValue(after));
    return [a && b ? `${a} → ${b}` : a ? `Was: ${a}` : b];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const lines: string[] = [];
  for (const key of [...new Set([...Object.keys(from), ...Object.keys(to)])]) {
    // Ids and file keys say nothing to a reader.
    if (/(^id$|Ids?$|^attachments$|^alts$)/.test(key)) continue;
    const a = short(describeValue(from[key]).replace(/\n+/g, " / "));
    const b = short(describeValue(to[key]).replace(/\n+/g, " / "));
    if (a === b) continue;
    const label = fieldLabel(key);
    lines.push(a && b ? `${label}: ${a} → ${b}` : a ? `${label}: ${a} (removed)` : `${label}: ${b}`);
  }
  return lines;
}
