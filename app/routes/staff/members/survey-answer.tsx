/**
 * /staff/members/survey/answers/:id: one answer with the respondent's name and contacts.
 * Member services only (members.read); every view is written to the audit log.
 */
import { data, Link } from "react-router";
import { SURVEY_RATINGS, scoreOf } from "../../../../modules/members/survey-options";
import { getSurveyAnswer } from "../../../../modules/members/survey-results.server";
import { cityLabel } from "../../../../modules/members/survey-stats";
import { formatDateTime } from "../../../../modules/shared/dates";
import { recordAudit } from "../../../../modules/staff/audit.server";
import { services } from "../../../context";
import { requireStaff, staffServices } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/survey-answer";
import "./members.css";

export const handle: ConsoleHandle = { staff: "members.read" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "members.read");
  const db = services(args.context).db;
  const answer = await getSurveyAnswer(db, Number(args.params.id));
  if (!answer) throw data({ message: "There is no such answer." }, { status: 404 });
  const st = staffServices(args);
  await recordAudit(db, {
    actorId: me.id,
    actorEmail: me.email,
    action: "survey_answer.viewed",
    objectType: "survey_response",
    objectId: answer.id,
    ip: st.ip,
    userAgent: st.userAgent,
  });
  return {
    id: answer.id,
    details: [
      ["Submitted", formatDateTime(answer.createdAt)],
      ["Town", cityLabel(answer.city)],
      ["Account number", answer.accountNumber],
      ["Account name", answer.name],
      ["Respondent", answer.respondentName],
      ["E-mail", answer.email],
      ["Contact number", answer.contactNumber],
      ["Privacy notice accepted", `${formatDateTime(answer.consentedAt)} (version ${answer.privacyNoticeVersion})`],
    ] as [string, string][],
    ratings: SURVEY_RATINGS.map((q) => {
      const score = answer[q.name];
      const index = score == null ? -1 : q.options.findIndex((_, i) => scoreOf(i) === score);
      return { name: q.name, question: q.question, answer: index >= 0 ? q.options[index]! : "Not answered", score };
    }),
    suggestions: answer.suggestions,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData ? `Survey answer #${loaderData.id}` : "Survey answer");

export default function SurveyAnswer({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to="/staff/members/survey">Survey results</Link>
      </p>
      <h1>Survey answer #{d.id}</h1>
      <p className="field__hint">Personal data: this view is recorded in the audit log.</p>
      <dl className="members-details">
        {d.details.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h2>Answers</h2>
      <div className="console-table-wrap">
        <table className="console-table survey-table">
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Answer</th>
              <th scope="col" className="num">
                Score
              </th>
            </tr>
          </thead>
          <tbody>
            {d.ratings.map((r) => (
              <tr key={r.name}>
                <th scope="row">{r.question}</th>
                <td>{r.answer}</td>
                <td className="num">{r.score ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Suggestions</h2>
      <p className="survey-suggestions__text">{d.suggestions || "None given."}</p>
    </>
  );
}
