/**
 * The audit log in words: "News item published" for `news.published`, "Signed in" for
 * `sign_in.succeeded`, and a change as "Role: Communications → Dispatcher" instead of JSON:
 * fields by their names, statuses, roles and permissions by their words, ticked documents
 * by their names (never a code, a key or a list index).
 * The code stays beside the words (small), because the filter takes it.
 */
import { describeValue, fieldLabel } from "../../../modules/content/revision-diff";
import { INTERRUPTION_STATUS_LABELS } from "../../../modules/interruptions/model";
import { CONNECTION_CHECKLIST } from "../../../modules/members/connection-options";
import { CONNECTION_STATUS_LABELS } from "../../../modules/members/connection-queue";
import { INCIDENT_STATUS_LABELS } from "../../../modules/reports/model";
import { isRole, permissionLabels, roleLabels } from "../../../modules/staff/permissions";

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
  "agam.proof_from_portal": "AGAM proof given through the member portal",
  "billing_token.refused": "Billing system token refused",
  "portal.code_resent": "Member portal code sent again",
  "portal.contact_request_done": "Member portal contact request marked done",
  "portal.contact_requests_viewed": "Member portal contact requests viewed",
  "portal.failed_ebills_viewed": "Undelivered new-bill notices viewed",
  "portal.ebill_retried": "New-bill notice queued to be sent again",
  "portal.searched": "Member portal accounts searched",
  "portal.locked": "Member portal account locked",
  "portal.unlocked": "Member portal account unlocked",
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
  agam_account: "AGAM account",
  agam_topic: "AGAM topic",
  agam: "AGAM",
  alert_channel: "Alert channel",
  audit_log: "Audit log",
  bill_import: "Bill file",
  connection_preregistration: "Connection application",
  open311_key: "Open311 key",
  outage_report: "Outage report",
  path: "Page",
  portal: "Member portal",
  portal_account: "Member portal account",
  portal_contact_request: "Member portal contact request",
  portal_ebill: "New-bill notice",
  retention: "Keeping times",
  session: "Sign-in",
  survey_response: "Survey answer",
  town: "Town",
  barangay: "Barangay",
  advisory: "Advisory",
  bid: "Invitation to bid",
  reauth: "Password check",
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
  etr_changed: "estimated restoration changed",
  totp_removed: "authenticator app removed",
  passkey_removed: "passkey removed",
  backup_codes_renewed: "backup codes renewed",
  number_viewed: "phone number viewed",
};

const words = (code: string) => code.replace(/[_-]+/g, " ").trim();

/** A thing's name: its known name, or its code in words. */
export function auditThing(code: string): string {
  const known = THINGS[code];
  if (known) return known;
  const w = words(code);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** Whether a code has words of its own (the audit test fails on one that has not). */
export const auditThingKnown = (code: string): boolean => code in THINGS;
export const auditActionKnown = (action: string): boolean => {
  if (action in ACTIONS) return true;
  const dot = action.indexOf(".");
  return dot > 0 && auditThingKnown(action.slice(0, dot));
};

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

/** Names of the fields audit entries carry, where the field's own name is not already words. */
const AUDIT_FIELDS: Record<string, string> = {
  etr: "Estimated restoration",
  toleranceCentavos: "Bill check tolerance (centavos)",
  note: "Note",
  documents: "Documents",
  role: "Role",
  permission: "Permission needed",
  method: "Method",
  state: "Power",
  seminarDate: "Seminar date",
  inspectionDate: "Inspection date",
  declineReason: "Reason for declining",
  sessionsEnded: "Sessions ended",
  consumers: "Consumers",
  consumersOff: "Consumers without power",
  crews: "Crews",
  barangays: "Barangays",
  opensAt: "Opens",
  closesAt: "Closes",
  wrongInARow: "Wrong tries in a row",
  waitMs: "Held back for",
  wasLocked: "Was locked",
  wasSuspended: "Was locked (second factor)",
  sent: "Sent",
  listed: "Bills listed",
  registered: "Registered",
  rows: "Rows",
  via: "Through",
  file: "File",
  added: "Added",
  updated: "Updated",
  refused: "Refused",
  found: "Found",
  shown: "Shown",
  erased: "Erased",
  query: "Searched for",
  filter: "Filter",
  from: "From",
  to: "To",
  day: "Day",
  reason: "Reason",
  error: "Error",
  field: "Field",
  path: "Page",
  origin: "Where it came from",
  account: "Account",
  age: "Age",
  amountsDiffer: "Amounts that differ",
  notPosted: "Not posted",
  overdue: "Overdue",
  paid: "Paid",
  postedNotPaid: "Posted but not paid",
  refundsDue: "Refunds due",
  requests: "Requests",
  step: "Step",
  town: "Town",
  email: "E-mail",
  passkey: "Passkey",
  name: "Name",
  body: "Text",
  status: "Status",
};

/** The field's name in words. */
export const auditFieldLabel = (key: string): string => fieldLabel(key, AUDIT_FIELDS);
export const auditFieldKnown = (key: string): boolean => key in AUDIT_FIELDS;

/** Every status an audited thing can have, by its code (they agree where codes are shared). */
const STATUSES: Record<string, string> = { ...INTERRUPTION_STATUS_LABELS, ...CONNECTION_STATUS_LABELS, ...INCIDENT_STATUS_LABELS };
const POWER_STATES: Record<string, string> = { off: "Whole town without power", restored: "Restored" };

/** A checklist document by its name, shortened before its explanation in brackets. */
const documentName = (index: unknown): string => {
  const name = typeof index === "number" ? CONNECTION_CHECKLIST[index] : undefined;
  return name ? name.replace(/ \(.*$/, "") : `Document ${String(index)}`;
};

/** A value in words where the stored value is a code: statuses, roles, permissions. */
function valueWords(key: string, value: unknown): string {
  if (typeof value === "string") {
    if (key === "status") return STATUSES[value] ?? value;
    if (key === "role" && isRole(value)) return roleLabels[value];
    if (key === "permission") return (permissionLabels as Record<string, string>)[value] ?? value;
    if (key === "state") return POWER_STATES[value] ?? value;
  }
  if (key === "waitMs" && typeof value === "number") return `${Math.ceil(value / 60_000)} min`;
  return describeValue(value);
}

/** Ticked documents as names: "Documents ticked: Fire safety clearance, Electrical permit". */
function documentLines(before: unknown, after: unknown): string[] {
  const from = new Set(Array.isArray(before) ? before : []);
  const to = new Set(Array.isArray(after) ? after : []);
  const ticked = [...to].filter((d) => !from.has(d)).map(documentName);
  const unticked = [...from].filter((d) => !to.has(d)).map(documentName);
  return [
    ...(ticked.length ? [`Documents ticked: ${ticked.join(", ")}`] : []),
    ...(unticked.length ? [`Documents unticked: ${unticked.join(", ")}`] : []),
  ];
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
    if (key === "documents") {
      lines.push(...documentLines(from[key], to[key]));
      continue;
    }
    const a = short(valueWords(key, from[key]).replace(/\n+/g, " / "));
    const b = short(valueWords(key, to[key]).replace(/\n+/g, " / "));
    if (a === b) continue;
    const label = auditFieldLabel(key);
    lines.push(a && b ? `${label}: ${a} → ${b}` : a ? `${label}: ${a} (removed)` : `${label}: ${b}`);
  }
  return lines;
}
