/**
 * /staff/members/agam-tally: the assembly's decisions per topic, overall and by district,
 * the reasons for disapproval and the quorum progress. Printable on A4 (members.css @media print).
 * Counts only, no person: a member-services page, not audited as a view of personal data.
 */
import { Link } from "react-router";
import { loadTally } from "../../../../modules/agam/admin.server";
import { type Count, percent } from "../../../../modules/agam/tally";
import { now } from "../../../../modules/shared/clock";
import { formatDateTime } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/tally";
import "./members.css";

export const handle: ConsoleHandle = { staff: "members.read" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "members.read");
  return { tally: await loadTally(services(args.context).db), at: formatDateTime(now()) };
}

export const meta: Route.MetaFunction = () => consoleMeta("AGAM tally");

const fmt = (n: number) => n.toLocaleString("en-PH");

function CountCells({ count }: { count: Count }) {
  return (
    <>
      <td className="num">
        {fmt(count.approve)} <span className="share">{percent(count.approveShare)}</span>
      </td>
      <td className="num">
        {fmt(count.disapprove)} <span className="share">{percent(count.disapproveShare)}</span>
      </td>
      <td className="num">{fmt(count.total)}</td>
    </>
  );
}

export default function Tally({ loaderData }: Route.ComponentProps) {
  const { tally, at } = loaderData;
  const q = tally.quorum;
  return (
    <div className="tally">
      <p className="no-print">
        <Link to="/staff/members/agam">← AGAM administration</Link>
      </p>
      <h1>AGAM tally</h1>
      <p className="tally__as-of">As of {at} (Philippine time)</p>
      <p className="console-actions no-print">
        <a className="button button--secondary" href="/staff/members/agam-tally.csv" download>
          Download CSV
        </a>
        <span className="tally__print-hint">To print on A4, use your browser's Print command.</span>
      </p>

      <section className="tally__quorum" aria-labelledby="quorum-title">
        <h2 id="quorum-title">Quorum</h2>
        <p>
          <strong>{fmt(q.registered)}</strong> of {fmt(q.target)} members registered ({percent(q.share)}).{" "}
          {q.reached ? "The quorum is reached." : `${fmt(q.target - q.registered)} more needed.`}
        </p>
        <div
          className="tally__bar"
          role="progressbar"
          aria-label="Quorum progress"
          aria-valuemin={0}
          aria-valuemax={q.target}
          aria-valuenow={q.registered}
        >
          <span style={{ width: `${(q.share * 100).toFixed(2)}%` }} />
        </div>
      </section>

      {tally.topics.map((t) => (
        <section key={t.topic.id} className="tally__topic" aria-labelledby={`topic-${t.topic.id}`}>
          <h2 id={`topic-${t.topic.id}`}>
            {t.topic.sequenceNumber}. {t.topic.topic}
          </h2>
          <p className="tally__overall">
            Approve <strong>{percent(t.overall.approveShare)}</strong> ({fmt(t.overall.approve)}), disapprove{" "}
            <strong>{percent(t.overall.disapproveShare)}</strong> ({fmt(t.overall.disapprove)}), of {fmt(t.overall.total)} votes.
          </p>
          <div className="console-table-wrap">
            <table className="console-table tally__table">
              <caption className="visually-hidden">Topic {t.topic.sequenceNumber} by district</caption>
              <thead>
                <tr>
                  <th scope="col">District</th>
                  <th scope="col" className="num">
                    Approve
                  </th>
                  <th scope="col" className="num">
                    Disapprove
                  </th>
                  <th scope="col" className="num">
                    Votes
                  </th>
                </tr>
              </thead>
              <tbody>
                {t.byDistrict.map((d) => (
                  <tr key={d.district}>
                    <th scope="row">
                      {d.district} <span className="tally__town">{d.town}</span>
                    </th>
                    <CountCells count={d.count} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">All districts</th>
                  <CountCells count={t.overall} />
                </tr>
              </tfoot>
            </table>
          </div>
          {t.reasons.length > 0 ? (
            <details className="tally__reasons" open>
              <summary>Reasons for disapproval ({t.reasons.length})</summary>
              <ul>
                {t.reasons.map((r) => (
                  <li key={`${r.district}-${r.reason}`}>
                    <span className="tally__town">District {r.district}:</span> {r.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : (
            <p className="tally__none">No reasons for disapproval were given.</p>
          )}
        </section>
      ))}
    </div>
  );
}
