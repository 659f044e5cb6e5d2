/**
 * How long each kind of personal data is kept (Republic Act 10173: no longer than needed
 * for its purpose). Set in the environment (server/config.ts), defaults in the README; the
 * daily purge (modules/privacy/personal-data.server.ts) and the privacy policy page read the same values.
 */
export interface RetentionPolicy {
  /** Survey answers: names and contacts removed after this many days (the ratings stay for the statistics). */
  surveyDays: number;
  /** New-connection pre-registrations: deleted this many days after the last change. */
  preregistrationDays: number;
  /** AGAM registrations: anonymized this many days after the assembly they were for. */
  agamDaysAfterAssembly: number;
  /** The next (or last) assembly's date, Manila, "YYYY-MM-DD"; null when not set (no AGAM registration expires). */
  assemblyDate: string | null;
}

export const DEFAULT_RETENTION: RetentionPolicy = {
  surveyDays: 730,
  preregistrationDays: 365,
  agamDaysAfterAssembly: 365,
  assemblyDate: null,
};

export interface RetentionLine {
  kind: string;
  what: string;
  why: string;
  howLong: string;
}

const years = (days: number) => (days % 365 === 0 ? `${days / 365} year${days === 365 ? "" : "s"}` : `${days} day${days === 1 ? "" : "s"}`);

/** What the privacy policy page lists: what is kept, why, and for how long. */
export function retentionLines(policy: RetentionPolicy): RetentionLine[] {
  return [
    {
      kind: "Customer satisfaction survey",
      what: "Your account number, name, the respondent's name, town, e-mail, contact number, ratings and suggestions.",
      why: "To measure and improve our service, and to reply to you when you ask.",
      howLong: `${years(policy.surveyDays)} after you answer; then your name, contacts, account number and suggestions are removed and only the ratings and town stay, for statistics.`,
    },
    {
      kind: "New service connection pre-registration",
      what: "Your name, address, birth date, contact numbers and the other details on the form.",
      why: "To process your application for a new connection.",
      howLong: `While your application is active; ${years(policy.preregistrationDays)} after its last change when it was declined or abandoned.`,
    },
    {
      kind: "AGAM registration",
      what: "Your account number, the phone and e-mail you gave, when you registered, and your decision and reason on each topic.",
      why: "To count the quorum and the members' decisions for the Annual General Membership Assembly.",
      howLong: `Until the assembly${policy.assemblyDate ? ` (${policy.assemblyDate})` : ""} plus ${years(policy.agamDaysAfterAssembly)}; then your name is separated from your votes, which stay in the tally without anything that identifies you.`,
    },
  ];
}
