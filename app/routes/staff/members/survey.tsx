/**
 * /staff/members/survey: the customer satisfaction survey's results for a period and town:
 * answers per question (count of each choice, average score 4 to 1), by town and by month,
 * each chart with its table; the suggestions, searchable. No names here: an answer's
 * respondent is on its own page, and every view of it is audited.
 */
import { Link } from "react-router";
import { listSuggestions, loadScoredAnswers } from "../../../../modules/members/survey-results.server";
import {
  byMonth,
  byTown,
  cityLabel,
  type GroupStats,
  monthKey,
  monthLabel,
  readSurveyFilter,
  type SurveyFilter,
  summarize,
} from "../../../../modules/members/survey-stats";
import { SURVEY_CITIES } from "../../../../modules/shared/constants";
import { formatDate, MONTH_NAMES, manilaParts } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/survey";
import { ColumnBars, HorizontalBars } from "./SurveyCharts";
import "./members.css";
import { FilterForm, FilterInput, FilterSearch, FilterSelect } from "../Filters";

/** What the permission-matrix test checks (tests/staff/permissions.test.ts). */
export const handle: ConsoleHandle = { staff: "members.read" };

/** The filter as a query string, for the export and answer links (same period and town). */
export function filterQuery(f: SurveyFilter, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams({ from: monthKey(f.from), to: monthKey(f.to), ...(f.town ? { town: f.town } : {}), ...extra });
  return p.toString();
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "members.read");
  const db = services(args.context).db;
  const filter = readSurveyFilter(new URL(args.request.url).searchParams, manilaParts(new Date()));
  const [answers, suggestions] = await Promise.all([loadScoredAnswers(db, filter), listSuggestions(db, filter, 100)]);
  return {
    filter,
    query: filterQuery(filter),
    overall: summarize(answers),
    // With one town chosen, its own row only (the others would all read zero).
    towns: byTown(answers).filter((t) => !filter.town || t.key === filter.town),
    months: byMonth(answers, filter.from, filter.to),
    suggestions: {
      total: suggestions.total,
      rows: suggestions.rows.map((s) => ({ id: s.id, town: cityLabel(s.city), date: formatDate(s.createdAt), text: s.suggestions })),
    },
  };
}

const avg = (v: number | null) => (v === null ? "—" : v.toFixed(2));
const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : "—");

function AveragesTable({ id, caption, groups, first }: { id: string; caption: string; groups: GroupStats[]; first: string }) {
  const questions = groups[0]?.questions ?? [];
  return (
    <div>
      {/* The title outside the scrolling box, so a phone shows it whole. */}
      <h3 id={id}>{caption}</h3>
      <div className="console-table-wrap">
        {/* Stacked on a phone: each group a block, each figure led by its column (Q1 … All). */}
        <table className="console-table console-table--stacked survey-table" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{first}</th>
              <th scope="col" className="num">
                Answers
              </th>
              {questions.map((q, i) => (
                <th scope="col" className="num" key={q.name} title={q.question}>
                  Q{i + 1}
                </th>
              ))}
              <th scope="col" className="num">
                All
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.key}>
                <th scope="row">{g.label}</th>
                <td className="num" data-label="Answers">
                  {g.answers}
                </td>
                {g.questions.map((q, i) => (
                  <td className="num" key={q.name} data-label={`Q${i + 1}`}>
                    {avg(q.average)}
                  </td>
                ))}
                <td className="num" data-label="All">
                  <strong>{avg(g.average)}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => consoleMeta("Survey results");

export default function SurveyResults({ loaderData: d }: Route.ComponentProps) {
  const { filter, overall } = d;
  const period = `${monthLabel(filter.from)} to ${monthLabel(filter.to)}`;
  const where = filter.town ? cityLabel(filter.town) : "all towns";
  return (
    <>
      <h1>Survey results</h1>
      <FilterForm label="Period and town">
        <FilterInput name="from" label="From (month)" value={monthKey(filter.from)} type="month" />
        <FilterInput name="to" label="To (month)" value={monthKey(filter.to)} type="month" />
        <FilterSelect
          name="town"
          label="Town"
          value={filter.town ?? ""}
          any="All towns"
          options={SURVEY_CITIES.map((c) => ({ value: c, label: cityLabel(c) }))}
        />
      </FilterForm>

      <p className="survey-summary" role="status">
        <strong>{overall.answers}</strong> {overall.answers === 1 ? "answer" : "answers"}, {period}, {where}. Average score{" "}
        <strong>{avg(overall.average)}</strong> (4 best, 1 worst).
      </p>
      <p className="console-actions">
        <a className="button button--secondary" href={`/staff/members/survey/answers.csv?${d.query}`} download>
          Download the answers (CSV)
        </a>
        <Link to={`/staff/members/survey/answers?${d.query}`}>List of answers</Link>
      </p>

      <section aria-labelledby="per-question">
        <h2 id="per-question">Answers per question</h2>
        {overall.questions.map((q, i) => (
          <div className="survey-chart" key={q.name}>
            <h3>
              Q{i + 1}. {q.question}
            </h3>
            <div className="survey-chart__pair">
              <HorizontalBars
                id={`q-${q.name}`}
                title={`Q${i + 1}: answers per choice`}
                desc={`${q.answered} answered. ${q.choices.map((c) => `${c.label}: ${c.count}`).join("; ")}. Average ${avg(q.average)}.`}
                bars={q.choices.map((c) => ({ label: c.label, value: c.count, text: String(c.count) }))}
                max={Math.max(1, ...q.choices.map((c) => c.count))}
                ticks={[]}
              />
              <div className="console-table-wrap">
                <table className="console-table survey-table">
                  <caption className="visually-hidden">Q{i + 1}: answers per choice</caption>
                  <thead>
                    <tr>
                      <th scope="col">Choice (score)</th>
                      <th scope="col" className="num">
                        Answers
                      </th>
                      <th scope="col" className="num">
                        Share
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {q.choices.map((c) => (
                      <tr key={c.label}>
                        <th scope="row">
                          {c.label} <span className="survey-table__score">({c.score})</span>
                        </th>
                        <td className="num">{c.count}</td>
                        <td className="num">{pct(c.count, q.answered)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">Average score ({q.answered} answered)</th>
                      <td className="num" colSpan={2}>
                        <strong>{avg(q.average)}</strong>
                      </td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            </div>
          </div>
        ))}
      </section>

      <section aria-labelledby="by-town">
        <h2 id="by-town">By town</h2>
        <p className="field__hint">Q1 to Q5 are the questions above, in order; scores run from 4 (best) to 1.</p>
        <div className="survey-chart">
          <div className="survey-chart__pair">
            <HorizontalBars
              id="towns"
              title={`Average score by town, ${period}`}
              desc={d.towns.map((t) => `${t.label}: ${avg(t.average)} from ${t.answers} answers`).join("; ")}
              bars={d.towns.map((t) => ({ label: t.label, value: t.average, text: avg(t.average) }))}
              max={4}
              ticks={[0, 1, 2, 3, 4]}
            />
            <AveragesTable id="towns-table" caption="Average score per question, by town" groups={d.towns} first="Town" />
          </div>
        </div>
      </section>

      <section aria-labelledby="by-month">
        <h2 id="by-month">By month</h2>
        <div className="survey-chart">
          <div className="survey-chart__stack">
            <div className="survey-chart__scroll" tabIndex={0} role="region" aria-label="Answers by month chart">
              <ColumnBars
                id="months"
                title={`Average score by month, ${period}`}
                desc={d.months.map((m) => `${m.label}: average ${avg(m.average)} from ${m.answers} answers`).join("; ")}
                columns={d.months.map((m) => {
                  const [y, mo] = m.key.split("-").map(Number) as [number, number];
                  return {
                    label: m.label,
                    value: m.average,
                    text: avg(m.average),
                    short: `${MONTH_NAMES[mo - 1]!.slice(0, 3)} ${String(y).slice(2)}`,
                    under: `${m.answers} ans.`,
                  };
                })}
                max={4}
                ticks={[0, 1, 2, 3, 4]}
              />
            </div>
            <AveragesTable id="months-table" caption="Answers and average score per question, by month" groups={d.months} first="Month" />
          </div>
        </div>
      </section>

      <section aria-labelledby="suggestions">
        <h2 id="suggestions">Suggestions</h2>
        <FilterForm label="Search the suggestions" button="Search">
          <input type="hidden" name="from" value={monthKey(filter.from)} />
          <input type="hidden" name="to" value={monthKey(filter.to)} />
          {filter.town && <input type="hidden" name="town" value={filter.town} />}
          <FilterSearch value={filter.q} label="Words in the suggestion" />
        </FilterForm>
        <p>
          {d.suggestions.total} {d.suggestions.total === 1 ? "suggestion" : "suggestions"}
          {filter.q ? ` containing “${filter.q}”` : ""}, {period}, {where}
          {d.suggestions.total > d.suggestions.rows.length ? ` (the newest ${d.suggestions.rows.length} shown)` : ""}.
        </p>
        <ul className="survey-suggestions">
          {d.suggestions.rows.map((s) => (
            <li key={s.id}>
              <p className="survey-suggestions__text">{s.text}</p>
              <p className="survey-suggestions__meta">
                {s.date} · {s.town} · <Link to={`/staff/members/survey/answers/${s.id}`}>Answer #{s.id}</Link>
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
