/**
 * The survey's answers for the member-services console: the scores the statistics need
 * (modules/members/survey-stats.ts), the suggestions, one answer in full, and the CSV export.
 * Only the full answer and the export carry names and contacts; their callers audit them.
 */
import { and, count, desc, eq, gte, ilike, lt, ne, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { surveyResponses } from "../../db/schema";
import { csvFile } from "../shared/csv";
import { manilaIsoDate, manilaMidnight, manilaParts } from "../shared/dates";
import { escapeLike } from "../shared/escape";
import { isRowId } from "../shared/ids";
import { SURVEY_RATINGS } from "./survey-options";
import { type MonthKey, monthKey, type ScoredAnswer, type SurveyFilter } from "./survey-stats";

/** The period's bounds: from the first Manila midnight of `from` to the first of the month after `to`. */
export function periodBounds(filter: Pick<SurveyFilter, "from" | "to">): { start: Date; end: Date } {
  const next: MonthKey =
    filter.to.month === 12 ? { year: filter.to.year + 1, month: 1 } : { year: filter.to.year, month: filter.to.month + 1 };
  return { start: manilaMidnight(filter.from.year, filter.from.month, 1), end: manilaMidnight(next.year, next.month, 1) };
}

function whereOf(filter: SurveyFilter, extra: (SQL | undefined)[] = []): SQL | undefined {
  const { start, end } = periodBounds(filter);
  return and(
    gte(surveyResponses.createdAt, start),
    lt(surveyResponses.createdAt, end),
    filter.town ? eq(surveyResponses.city, filter.town) : undefined,
    ...extra,
  );
}

const scoreColumns = {
  reconnectionTime: surveyResponses.reconnectionTime,
  serviceReturnSpeed: surveyResponses.serviceReturnSpeed,
  voltageIssues: surveyResponses.voltageIssues,
  reconnectionAfterPayment: surveyResponses.reconnectionAfterPayment,
  serviceCourtesy: surveyResponses.serviceCourtesy,
};

/** The period's answers as scores, town and month: what the charts are drawn from. */
export async function loadScoredAnswers(db: Db, filter: SurveyFilter): Promise<ScoredAnswer[]> {
  const rows = await db
    .select({ city: surveyResponses.city, createdAt: surveyResponses.createdAt, ...scoreColumns })
    .from(surveyResponses)
    .where(whereOf(filter));
  return rows.map(({ city, createdAt, ...scores }) => ({ city, month: monthKey(manilaParts(createdAt)), scores }));
}

export interface SuggestionRow {
  id: number;
  city: string;
  createdAt: Date;
  suggestions: string;
}

/** The period's non-empty suggestions, newest first, those containing `filter.q` when given. */
export async function listSuggestions(db: Db, filter: SurveyFilter, limit = 100): Promise<{ total: number; rows: SuggestionRow[] }> {
  const where = whereOf(filter, [
    ne(surveyResponses.suggestions, ""),
    filter.q ? ilike(surveyResponses.suggestions, `%${escapeLike(filter.q)}%`) : undefined,
  ]);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: surveyResponses.id,
        city: surveyResponses.city,
        createdAt: surveyResponses.createdAt,
        suggestions: surveyResponses.suggestions,
      })
      .from(surveyResponses)
      .where(where)
      .orderBy(desc(surveyResponses.createdAt), desc(surveyResponses.id))
      .limit(limit),
    db.select({ n: count() }).from(surveyResponses).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export type SurveyAnswer = typeof surveyResponses.$inferSelect;

export async function getSurveyAnswer(db: Db, id: number): Promise<SurveyAnswer | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(surveyResponses).where(eq(surveyResponses.id, id));
  return row ?? null;
}

/** Every answer of the period and town, oldest first, as a CSV file; and how many rows it holds. */
export async function surveyAnswersCsv(db: Db, filter: SurveyFilter): Promise<{ csv: string; rows: number }> {
  const rows = await db.select().from(surveyResponses).where(whereOf(filter)).orderBy(surveyResponses.createdAt, surveyResponses.id);
  const header = [
    "id",
    "submitted (Manila)",
    "town",
    "account number",
    "account name",
    "respondent",
    "e-mail",
    "contact number",
    ...SURVEY_RATINGS.map((q) => `${q.name} (4 best to 1)`),
    "suggestions",
  ];
  const body = rows.map((r) => [
    r.id,
    `${manilaIsoDate(r.createdAt)} ${String(manilaParts(r.createdAt).hour).padStart(2, "0")}:${String(manilaParts(r.createdAt).minute).padStart(2, "0")}`,
    r.city,
    r.accountNumber,
    r.name,
    r.respondentName,
    r.email,
    r.contactNumber,
    ...SURVEY_RATINGS.map((q) => r[q.name]),
    r.suggestions,
  ]);
  return { csv: csvFile([header, ...body]), rows: rows.length };
}

export interface AnswerListRow {
  id: number;
  city: string;
  createdAt: Date;
  scores: Record<keyof typeof scoreColumns, number | null>;
  hasSuggestion: boolean;
}

/** The period's answers without names or contacts, newest first, a page at a time. */
export async function listAnswers(db: Db, filter: SurveyFilter, page: { limit: number; offset: number }) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: surveyResponses.id,
        city: surveyResponses.city,
        createdAt: surveyResponses.createdAt,
        suggestions: surveyResponses.suggestions,
        ...scoreColumns,
      })
      .from(surveyResponses)
      .where(where)
      .orderBy(desc(surveyResponses.createdAt), desc(surveyResponses.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(surveyResponses).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map(
      ({ id, city, createdAt, suggestions, ...scores }): AnswerListRow => ({
        id,
        city,
        createdAt,
        scores,
        hasSuggestion: suggestions !== "",
      }),
    ),
  };
}
