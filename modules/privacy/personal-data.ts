/** Data-subject requests: what the console shows (no database here, safe for page components). */

export type SubjectKey = { kind: "account"; value: string } | { kind: "email"; value: string } | { kind: "mobile"; value: string };

export interface SubjectRecords {
  key: SubjectKey;
  survey: Record<string, unknown>[];
  preregistrations: Record<string, unknown>[];
  agamRegistrations: Record<string, unknown>[];
  alertSubscriptions: Record<string, unknown>[];
  outageReports: Record<string, unknown>[];
  /** The member roll's entry: the cooperative's membership record, shown but not erased here. */
  memberRoll: Record<string, unknown>[];
}

export const ERASABLE_KINDS = ["survey", "preregistrations", "agamRegistrations", "alertSubscriptions", "outageReports"] as const;
/** Every kind the search looks in: the erasable ones and the roll. */
export const ALL_KINDS = [...ERASABLE_KINDS, "memberRoll"] as const;
export const KIND_LABELS: Record<(typeof ERASABLE_KINDS)[number] | "memberRoll", string> = {
  survey: "Survey answers",
  preregistrations: "New-connection pre-registrations",
  agamRegistrations: "AGAM registrations",
  alertSubscriptions: "Alert subscriptions",
  outageReports: "Outage reports",
  memberRoll: "Member roll (membership record, kept)",
};

export const erasableCount = (r: SubjectRecords) => ERASABLE_KINDS.reduce((n, k) => n + r[k].length, 0);
