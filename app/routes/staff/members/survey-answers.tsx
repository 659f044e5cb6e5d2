/** /staff/members/survey/answers: the period's answers as scores (no names); each opens on its own, audited, page. */
import { Link } from "react-router";
import { SURVEY_RATINGS } from "../../../../modules/members/survey-options";
import { listAnswers } from "../../../../modules/members/survey-results.server";
import { cityLabel, monthKey, monthLabel, readSurveyFilter } from "../../../../modules/members/survey-stats";
import { formatDate, manilaParts } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { ConsoleTable } from "../ConsoleTable";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/survey-answers";
import "./members.css";

export const handle: ConsoleHandle = { staff: "members.read" };

const PAGE = 100;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "members.read");
  const params = new URL(args.request.url).searchParams;
  const filter = readSurveyFilter(params, manilaParts(new Date()));
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const { total, rows } = await listAnswers(services(args.context).db, filter, { limit: PAGE, offset: (page - 1) * PAGE });
  const base = new URLSearchParams({ from: monthKey(filter.from), to: monthKey(filter.to), ...(filter.town ? { town: filter.town } : {}) });
  const at = (p: number) => `?${new URLSearchParams([...base, ["page", String(p)]])}`;
  return {
    heading: `${monthLabel(filter.from)} to ${monthLabel(filter.to)}, ${filter.town ? cityLabel(filter.town) : "all towns"}`,
    back: `/staff/members/survey?${base}`,
    total,
    page,
    prev: page > 1 ? at(page - 1) : null,
    next: page * PAGE < total ? at(page + 1) : null,
    rows: rows.map((r) => ({ ...r, town: cityLabel(r.city), date: formatDate(r.createdAt) })),
  };
}

export const meta: Route.MetaFunction = () => consoleMeta("Survey answers");

export default function SurveyAnswers({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to={d.back}>Survey results</Link>
      </p>
      <h1>Survey answers</h1>
      <p>
        {d.total} {d.total === 1 ? "answer" : "answers"}, {d.heading}. Scores 4 (best) to 1; — not answered. Open an answer to see who gave
        it (each view is in the audit log).
      </p>
      <ConsoleTable
        stack
        caption="Survey answers, newest first"
        hideCaption
        className="survey-table"
        columns={[
          "Answer",
          "Date",
          "Town",
          ...SURVEY_RATINGS.map((q, i) => (
            <span key={q.name} title={q.question}>
              Q{i + 1}
            </span>
          )),
          "Suggestion",
        ]}
        // On a phone each score is led by its question's number (the heading's title names it).
        labels={["Answer", "Date", "Town", ...SURVEY_RATINGS.map((_, i) => `Q${i + 1}`), "Suggestion"]}
      >
        {d.rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">
              <Link to={`/staff/members/survey/answers/${r.id}`}>#{r.id}</Link>
            </th>
            <td>{r.date}</td>
            <td>{r.town}</td>
            {SURVEY_RATINGS.map((q) => (
              <td className="num" key={q.name}>
                {r.scores[q.name] ?? "—"}
              </td>
            ))}
            <td>{r.hasSuggestion ? "Yes" : ""}</td>
          </tr>
        ))}
      </ConsoleTable>
      <p className="console-actions">
        {d.prev && <Link to={d.prev}>Newer answers</Link>}
        {d.next && <Link to={d.next}>Older answers</Link>}
      </p>
    </>
  );
}
