/**
 * The new-connection queue's steps, what each means to the applicant, and the rules of a
 * status change; pure (no database), shared by the console and the applicant's summary page.
 */

import { CONNECTION_STATUSES } from "../../db/schema/enum-values";
import { TOWNS, type Town } from "../shared/constants";
import { formatDate } from "../shared/dates";
import type { Locale } from "../shared/i18n";
import { CONNECTION_CHECKLIST } from "./connection-options";

/** In the order an application moves; "declined" can end it at any step (the database enum's values). */
export { CONNECTION_STATUSES };
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const CONNECTION_STATUS_LABELS: Record<ConnectionStatus, string> = {
  received: "Received",
  "documents-checked": "Documents checked",
  "seminar-scheduled": "Seminar scheduled",
  inspection: "Inspection",
  approved: "Approved",
  energized: "Energized",
  declined: "Declined",
};

export const isConnectionStatus = (v: string): v is ConnectionStatus => (CONNECTION_STATUSES as readonly string[]).includes(v);

/**
 * How many days an application may stay at each step before it is late: the cooperative's service
 * targets, in one place (the overview's work list names them). Received: the applicant brings the
 * documents within a week; checked documents get a seminar date within two weeks; the seminar and
 * the inspection are each set within a month and two weeks; an approved application is connected
 * within two weeks of paying. The final steps have none.
 */
export const STEP_TARGET_DAYS: Partial<Record<ConnectionStatus, number>> = {
  received: 7,
  "documents-checked": 14,
  "seminar-scheduled": 30,
  inspection: 14,
  approved: 14,
};

/** How long an application has waited since it was received: the queue's age filter. */
export const CONNECTION_AGES = {
  "": "Any age",
  week: "Up to 7 days",
  month: "8 to 30 days",
  older: "More than 30 days",
} as const;
export type ConnectionAge = keyof typeof CONNECTION_AGES;
export const isConnectionAge = (v: string): v is ConnectionAge => Object.hasOwn(CONNECTION_AGES, v);

/** Day bounds [min, max) of an age filter, in whole days since the pre-registration. */
export function ageBounds(age: ConnectionAge): { minDays?: number; maxDays?: number } {
  if (age === "week") return { maxDays: 8 };
  if (age === "month") return { minDays: 8, maxDays: 31 };
  if (age === "older") return { minDays: 31 };
  return {};
}

export interface ConnectionProgress {
  status: ConnectionStatus;
  /** YYYY-MM-DD (a date column). */
  seminarDate: string | null;
  inspectionDate: string | null;
  declineReason: string;
  /** Indexes into CONNECTION_CHECKLIST of the documents staff have seen. */
  documents: number[];
}

export const RECEIVED: ConnectionProgress = {
  status: "received",
  seminarDate: null,
  inspectionDate: null,
  declineReason: "",
  documents: [],
};

const when = (date: string | null, locale: Locale = "en") =>
  date ? formatDate(`${date}T12:00:00+08:00`, locale) : locale === "fil" ? "petsang ibibigay namin sa inyo" : "a date we will give you";

/** The current step and what happens next, in plain words for the applicant, in the applicant's page language (both say the same). */
export function applicantStep(p: ConnectionProgress, locale: Locale = "en"): { status: string; next: string } {
  if (locale === "fil") return applicantStepFil(p);
  switch (p.status) {
    case "received":
      return {
        status: "We have received your pre-registration.",
        next: "Bring the documents listed below to our office with this reference number. We check them with you there.",
      };
    case "documents-checked":
      return {
        status: "We have checked your documents.",
        next: "We will call you with the date of your pre-membership seminar. Keep your phone near you.",
      };
    case "seminar-scheduled":
      return {
        status: `Your pre-membership seminar is on ${when(p.seminarDate)}.`,
        next: "Come to the seminar at our office on that day with a valid ID. After the seminar we inspect your house wiring.",
      };
    case "inspection":
      return {
        status: `Our inspector will visit your house on ${when(p.inspectionDate)}.`,
        next: "Make sure someone is at home that day and the wiring and meter base are ready to be checked.",
      };
    case "approved":
      return {
        status: "Your application is approved.",
        next: "Pay the fees below and sign the service contract at our office. Then we install your meter and connect your service.",
      };
    case "energized":
      return { status: "Your service is connected.", next: "Nothing more to do. Welcome to the cooperative!" };
    case "declined":
      return {
        status: `Your application was declined${p.declineReason ? `: ${p.declineReason}` : "."}`,
        next: "Call or visit our office if you have questions, or to apply again once the reason is settled.",
      };
  }
}

function applicantStepFil(p: ConnectionProgress): { status: string; next: string } {
  switch (p.status) {
    case "received":
      return {
        status: "Natanggap na namin ang inyong pre-registration.",
        next: "Dalhin sa aming tanggapan ang mga dokumentong nakalista sa ibaba, kasama ang reference number na ito. Doon namin ito susuriin kasama kayo.",
      };
    case "documents-checked":
      return {
        status: "Nasuri na namin ang inyong mga dokumento.",
        next: "Tatawagan namin kayo para sa petsa ng inyong pre-membership seminar. Panatilihing malapit sa inyo ang inyong telepono.",
      };
    case "seminar-scheduled":
      return {
        status: `Ang inyong pre-membership seminar ay sa ${when(p.seminarDate, "fil")}.`,
        next: "Pumunta sa seminar sa aming tanggapan sa araw na iyon, dala ang valid ID. Pagkatapos ng seminar, susuriin namin ang wiring ng inyong bahay.",
      };
    case "inspection":
      return {
        status: `Bibisita ang aming inspector sa inyong bahay sa ${when(p.inspectionDate, "fil")}.`,
        next: "Tiyaking may tao sa bahay sa araw na iyon at handa nang suriin ang wiring at ang lalagyan ng metro.",
      };
    case "approved":
      return {
        status: "Aprubado na ang inyong aplikasyon.",
        next: "Bayaran ang mga bayarin sa ibaba at pirmahan ang kontrata sa serbisyo sa aming tanggapan. Pagkatapos, ikakabit namin ang inyong metro at kuryente.",
      };
    case "energized":
      return {
        status: "May kuryente na ang inyong koneksyon.",
        next: "Wala na kayong kailangang gawin. Maligayang pagdating sa kooperatiba!",
      };
    case "declined":
      return {
        status: `Hindi naaprubahan ang inyong aplikasyon${p.declineReason ? `: ${p.declineReason}` : "."}`,
        next: "Tumawag o pumunta sa aming tanggapan kung may tanong kayo, o para mag-apply muli kapag naayos na ang dahilan.",
      };
  }
}

export interface StatusChange {
  status: ConnectionStatus;
  seminarDate: string;
  inspectionDate: string;
  declineReason: string;
}

const isIsoDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** What a status change needs: a date for the seminar and the inspection, a reason to decline. */
export function checkStatusChange(v: { status: string; seminarDate: string; inspectionDate: string; declineReason: string }): {
  errors: Record<string, string>;
  change?: StatusChange;
} {
  const errors: Record<string, string> = {};
  if (!isConnectionStatus(v.status)) errors.status = "Choose the new status.";
  const seminarDate = v.seminarDate.trim();
  const inspectionDate = v.inspectionDate.trim();
  const declineReason = v.declineReason.trim();
  if (v.status === "seminar-scheduled" && !isIsoDate(seminarDate)) errors.seminarDate = "Give the seminar date, like 2026-12-05.";
  else if (seminarDate && !isIsoDate(seminarDate)) errors.seminarDate = "Write the date like 2026-12-05, or leave it empty.";
  if (v.status === "inspection" && !isIsoDate(inspectionDate)) errors.inspectionDate = "Give the inspection date, like 2026-12-12.";
  else if (inspectionDate && !isIsoDate(inspectionDate)) errors.inspectionDate = "Write the date like 2026-12-12, or leave it empty.";
  if (v.status === "declined" && !declineReason) errors.declineReason = "Say why the application is declined; the applicant sees it.";
  if (declineReason.length > 300) errors.declineReason = "At most 300 characters.";
  if (Object.keys(errors).length > 0 || !isConnectionStatus(v.status)) return { errors };
  return { errors, change: { status: v.status, seminarDate, inspectionDate, declineReason: v.status === "declined" ? declineReason : "" } };
}

/** The ticked documents from the checklist form's values ("0" … "8"), sorted, each once. */
export function readDocuments(values: string[]): number[] {
  const out = new Set<number>();
  for (const v of values) {
    const n = Number(v);
    if (/^\d$/.test(v) && n < CONNECTION_CHECKLIST.length) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * The town of a pre-registration's address (the form has no town field): the first of the
 * cooperative's towns the address names, or null. "Alaminos City" counts as Alaminos.
 */
export function townOfAddress(address: string): Town | null {
  const words = address.toLowerCase();
  return TOWNS.find((t) => new RegExp(`\\b${t.toLowerCase()}\\b`).test(words)) ?? null;
}

/** Whole days an application has waited on `now`. */
export const daysWaiting = (createdAt: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 86_400_000));
