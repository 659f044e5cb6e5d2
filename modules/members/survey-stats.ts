/**
 * Survey results as numbers: per question the count of each choice and the average score
 * (4 for the first, best option down to 1), overall, by town and by month. Pure: rows in,
 * figures out, no database; the console page and the tests feed it.
 */
import { SURVEY_CITIES } from "../shared/constants";
import { MONTH_NAMES } from "../shared/dates";
import { SURVEY_RATINGS, type SurveyRatingName, scoreOf } from "./survey-options";

export type SurveyCity = (typeof SURVEY_CITIES)[number];

/** One answer as the statistics need it: no name, no contact. */
export interface ScoredAnswer {
  city: string;
  /** "YYYY-MM", the Manila month it was submitted in. */
  month: string;
  scores: Record<SurveyRatingName, number | null>;
}

export interface QuestionStats {
  name: SurveyRatingName;
  question: string;
  /** Per option, in the order shown (scores 4, 3, 2, 1). */
  choices: { label: string; score: number; count: number }[];
  /** Answers that chose an option of this question (it is optional). */
  answered: number;
  /** Mean score of those answers; null when none answered. */
  average: number | null;
}

export interface GroupStats {
  key: string;
  label: string;
  answers: number;
  questions: QuestionStats[];
  /** Mean of every score given in the group, all questions together; null when none. */
  average: number | null;
}

export function summarize(rows: readonly ScoredAnswer[], key = "all", label = "All answers"): GroupStats {
  let total = 0;
  let count = 0;
  const questions = SURVEY_RATINGS.map((q): QuestionStats => {
    const choices = q.options.map((option, i) => ({ label: option, score: scoreOf(i), count: 0 }));
    let sum = 0;
    let answered = 0;
    for (const row of rows) {
      const s = row.scores[q.name];
      if (s == null) continue;
      const choice = choices.find((c) => c.score === s);
      if (!choice) continue; // the database allows 1 to 4 only; anything else is not counted
      choice.count++;
      sum += s;
      answered++;
    }
    total += sum;
    count += answered;
    return { name: q.name, question: q.question, choices, answered, average: answered ? sum / answered : null };
  });
  return { key, label, answers: rows.length, questions, average: count ? total / count : null };
}

/** "ALAMINOS CITY" → "Alaminos City". */
export const cityLabel = (city: string) => city.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());

/** Every town of the survey, in a fixed order, with its figures (zero answers included). */
export function byTown(rows: readonly ScoredAnswer[]): GroupStats[] {
  return [...SURVEY_CITIES]
    .sort((a, b) => a.localeCompare(b))
    .map((city) =>
      summarize(
        rows.filter((r) => r.city === city),
        city,
        cityLabel(city),
      ),
    );
}

export interface MonthKey {
  year: number;
  month: number;
}

export const monthKey = (m: MonthKey) => `${m.year}-${String(m.month).padStart(2, "0")}`;
export const monthLabel = (m: MonthKey) => `${MONTH_NAMES[m.month - 1]} ${m.year}`;

/** The months from `from` to `to`, both included. */
export function monthsBetween(from: MonthKey, to: MonthKey): MonthKey[] {
  const out: MonthKey[] = [];
  let { year, month } = from;
  while (year < to.year || (year === to.year && month <= to.month)) {
    out.push({ year, month });
    month++;
    if (month === 13) {
      year++;
      month = 1;
    }
  }
  return out;
}

/** Every month of the period, in order, with its figures (zero answers included). */
export function byMonth(rows: readonly ScoredAnswer[], from: MonthKey, to: MonthKey): GroupStats[] {
  return monthsBetween(from, to).map((m) =>
    summarize(
      rows.filter((r) => r.month === monthKey(m)),
      monthKey(m),
      monthLabel(m),
    ),
  );
}

/** The period and town a results page shows, read from its query string; bad values fall back to defaults. */
export interface SurveyFilter {
  from: MonthKey;
  to: MonthKey;
  town: SurveyCity | null;
  /** Words to find in the suggestions. */
  q: string;
}

const readMonth = (v: string | null): MonthKey | null => {
  const m = /^(\d{4})-(\d{2})$/.exec(v ?? "");
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  return year >= 2000 && year <= 2100 && month >= 1 && month <= 12 ? { year, month } : null;
};

const before = (a: MonthKey, b: MonthKey) => a.year < b.year || (a.year === b.year && a.month < b.month);

/** Default: the twelve months up to the current one. At most five years, so the month chart stays legible. */
export function readSurveyFilter(params: URLSearchParams, today: MonthKey): SurveyFilter {
  const to = readMonth(params.get("to")) ?? today;
  const defaultFrom = to.month === 12 ? { year: to.year, month: 1 } : { year: to.year - 1, month: to.month + 1 };
  let from = readMonth(params.get("from")) ?? defaultFrom;
  if (before(to, from)) from = defaultFrom;
  if (monthsBetween(from, to).length > 60) from = { year: to.year - 5, month: to.month === 12 ? 1 : to.month + 1 };
  const town = params.get("town") ?? "";
  return {
    from,
    to,
    town: (SURVEY_CITIES as readonly string[]).includes(town) ? (town as SurveyCity) : null,
    q: (params.get("q") ?? "").trim().slice(0, 100),
  };
}
