/**
 * /agam-status: the static member-consumer table of the nine districts, the quorum
 * target and the live registered counts. The counts are in the server's HTML; with
 * JavaScript (app/enhance/enhance.js, no React) they follow the server-sent events of
 * /api/v1/agam/pool/stream, or poll /api/v1/agam/pool/all every 2 s where those are
 * unavailable; the data attributes below say where each number goes.
 */

import { counts } from "../../../modules/agam/pool.server";
import { AGAM, AGAM_DISTRICTS, COOPERATIVE, UI } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import type { Route } from "./+types/status";
import "./agam.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `AGAM Registration Status | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content: `Live count of members registered for the ${COOPERATIVE.shortName} Annual General Membership Assembly, toward the quorum of ${AGAM.quorumTarget.toLocaleString("en-US")}.`,
  },
];

/** Live numbers: a cached copy would be stale at once. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ context }: Route.LoaderArgs) {
  return { counts: await counts(services(context).db) };
}

const n = (x: number) => x.toLocaleString("en-US");

export default function AgamStatus({ loaderData }: Route.ComponentProps) {
  const live = loaderData.counts;
  const total = AGAM_DISTRICTS.reduce((sum, d) => sum + d.memberConsumers, 0);
  const north = AGAM_DISTRICTS.filter((d) => d.area === "north").reduce((s, d) => s + d.memberConsumers, 0);
  const south = total - north;
  const quorum = AGAM.quorumTarget;
  const percent = Math.min(100, Math.floor((live.total / quorum) * 1000) / 10);
  const reached = live.total >= quorum;

  return (
    <div className="container page agam agam-dashboard">
      <Breadcrumb items={[{ label: "AGAM Registration Status" }]} />
      <h1>AGAM Registration Status</h1>

      <section className="agam-live" aria-labelledby="agam-live-title" data-agam-live={quorum} data-poll-ms={UI.statusPollMs}>
        <h2 id="agam-live-title" className="agam__subtitle">
          Registered members
        </h2>
        {/* Only this sentence is announced when the counts change, not every number. */}
        <p className="agam-live__summary" aria-live="polite" aria-atomic="true" data-live="summary">
          {reached
            ? `Quorum reached: ${n(live.total)} members registered (target ${n(quorum)}).`
            : `${n(live.total)} of ${n(quorum)} members needed for quorum have registered.`}
        </p>
        <div className="agam-live__progress">
          <label htmlFor="agam-quorum-progress" className="agam-live__progress-label">
            Progress toward quorum: <strong data-live="percent">{percent}%</strong>
          </label>
          <progress id="agam-quorum-progress" max={quorum} value={Math.min(live.total, quorum)} data-live="progress">
            {percent}%
          </progress>
        </div>
        <dl className="agam-live__counts">
          <div className="agam-live__count agam-live__count--total">
            <dt>Total registered</dt>
            <dd data-testid="agam-total" data-live="qmember">
              {n(live.total)}
            </dd>
          </div>
          <div className="agam-live__count">
            <dt>North districts</dt>
            <dd data-live="qmember_north">{n(live.north)}</dd>
          </div>
          <div className="agam-live__count">
            <dt>South districts</dt>
            <dd data-live="qmember_south">{n(live.south)}</dd>
          </div>
          <div className="agam-live__count">
            <dt>Quorum target</dt>
            <dd>{n(quorum)}</dd>
          </div>
        </dl>
        <p className="agam__hint" data-live="hint">
          Reload the page for the latest counts.
        </p>
      </section>

      <section aria-labelledby="agam-districts-title">
        <h2 id="agam-districts-title" className="agam__subtitle">
          Member consumers per district
        </h2>
        <div className="table-wrap">
          <table className="agam-districts">
            <caption className="visually-hidden">Member consumers in each of the nine districts</caption>
            <thead>
              <tr>
                <th scope="col">District</th>
                <th scope="col">Town</th>
                <th scope="col">Area</th>
                <th scope="col" className="num">
                  Member consumers
                </th>
              </tr>
            </thead>
            <tbody>
              {AGAM_DISTRICTS.map((d) => (
                <tr key={d.district}>
                  <th scope="row">{d.district}</th>
                  <td>{d.town}</td>
                  <td>{d.area === "north" ? "North" : "South"}</td>
                  <td className="num">{n(d.memberConsumers)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  North districts
                </th>
                <td className="num">{n(north)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3}>
                  South districts
                </th>
                <td className="num">{n(south)}</td>
              </tr>
              <tr className="agam-districts__total">
                <th scope="row" colSpan={3}>
                  Total member consumers
                </th>
                <td className="num">{n(total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p>
          Quorum: <strong>{n(quorum)}</strong> registered members, about 5% of the {n(AGAM.totalMemberConsumers)} member consumers.
        </p>
      </section>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
