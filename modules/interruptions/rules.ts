/**
 * The dispatcher's rules that the console's pages show too (no database here): the status
 * lifecycle and the CSV import's columns and template.
 */
import type { InterruptionStatus } from "../shared/constants";

/** Which status a dispatcher may set next, from the stored one. */
export const NEXT_STATUSES: Record<InterruptionStatus, InterruptionStatus[]> = {
  scheduled: ["ongoing", "cancelled"],
  ongoing: ["finished", "extended"],
  extended: ["finished", "extended"],
  finished: [],
  cancelled: [],
};

export const STATUS_ACTION_LABELS: Record<InterruptionStatus, string> = {
  scheduled: "Scheduled",
  ongoing: "Mark ongoing",
  finished: "Mark finished",
  extended: "Extend",
  cancelled: "Cancel it",
};

export const IMPORT_COLUMNS = ["date", "start", "end", "town", "barangays", "activities", "circuit_to_be_opened"] as const;

export const IMPORT_TEMPLATE =
  IMPORT_COLUMNS.join(",") +
  "\r\n" +
  '2026-03-05,08:00,17:00,Bani,"Centro Toma; Poblacion",Replacement of rotten poles,Bani Feeder 1\r\n' +
  "2026-03-06,09:00,12:00,Agno,ALL,Tree trimming along the line,Agno Feeder 2\r\n";

export interface ImportProblem {
  /** The line in the file (the header is line 1). */
  row: number;
  column: string;
  message: string;
}
