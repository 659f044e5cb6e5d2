/**
 * /agam-status: the static member-consumer table of the nine districts, the quorum
 * target and the live registered counts. The counts are in the server's HTML; with
 * JavaScript they follow the server-sent events of /api/v1/agam/pool/stream, or poll
 * /api/v1/agam/pool/all every 2 s where those are unavailable.
 */
import { useEffect, useState } from "react";
import type { Route } from "./+types/status";
import { services } from "../../context";
import { AGAM, AGAM_DISTRICTS, COOPERATIVE, UI } from "../../../core/constants";
import { counts, type AgamCounts } from "../../../core/agam";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import "./agam.css";
import { withSocial } from "../../seo";

const STREAM_URL = "/api/v1/agam/pool/stream";
const POLL_URL = "/api/v1/agam/pool/all";
/** After the stream fails, poll; try the stream again this much later. */
const STREAM_RETRY_MS = 30_000;

const pageTags: Route.MetaFunction = () => [
  { title: `AGAM Registration Status | ${COOPERATIVE.shortName}` },
  { name: "description", content: `Live count of members registered for the ${COOPERATIVE.shortName} Annual General Membership Assembly, toward the quorum of ${AGAM.quorumTarget.toLocaleString("en-US")}.` },
];

/** Live numbers: a cached copy would be stale at once. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ context }: Route.LoaderArgs) {
  return { counts: await counts(services(context).db) };
}

const n = (x: number) => x.toLocaleString("en-US");

function isCounts(x: unknown): x is AgamCounts {
  const c = x as AgamCounts;
  return !!c && Number.isInteger(c.qmember) && Number.isInteger(c.qmember_north) && Number.isInteger(c.qmember_south);
}

/** Follows the live counts: SSE first, polling every 2 s as the fallback; paused while the tab is hidden. */
function useLiveCounts(initial: AgamCounts): AgamCounts & { following: boolean } {
  const [value, setValue] = useState(initial);
  const [following, setFollowing] = useState(false);
  useEffect(() => {
    setFollowing(true);
    let source: EventSource | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const accept = (x: unknown) => {
      if (isCounts(x)) setValue((old) => (old.qmember === x.qmember && old.qmember_north === x.qmember_north && old.qmember_south === x.qmember_south ? old : x));
    };
    const fetchOnce = async () => {
      try {
        const res = await fetch(POLL_URL, { headers: { Accept: "application/json" }, cache: "no-store" });
        if (res.ok) accept(await res.json());
      } catch {
        // Offline for a moment: the next tick tries again.
      }
    };
    const startPolling = () => {
      if (poll || stopped) return;
      void fetchOnce();
      poll = setInterval(() => void fetchOnce(), UI.statusPollMs);
    };
    const stopPolling = () => {
      if (poll) clearInterval(poll);
      poll = undefined;
    };
    const startStream = () => {
      if (stopped) return;
      if (typeof EventSource === "undefined") return startPolling();
      source = new EventSource(STREAM_URL);
      source.addEventListener("counts", (e) => {
        stopPolling();
        try {
          accept(JSON.parse((e as MessageEvent<string>).data));
        } catch {
          // A malformed frame is skipped.
        }
      });
      source.onerror = () => {
        source?.close();
        source = undefined;
        startPolling();
        retry = setTimeout(startStream, STREAM_RETRY_MS);
      };
    };
    const stop = () => {
      source?.close();
      source = undefined;
      stopPolling();
      if (retry) clearTimeout(retry);
      retry = undefined;
    };
    const onVisibility = () => {
      if (document.hidden) stop();
      else if (!source && !poll) startStream();
    };
    startStream();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisibility);
      stop();
    };
  }, []);
  return { ...value, following };
}

export default function AgamStatus({ loaderData }: Route.ComponentProps) {
  const live = useLiveCounts(loaderData.counts);
  const total = AGAM_DISTRICTS.reduce((sum, d) => sum + d.memberConsumers, 0);
  const north = AGAM_DISTRICTS.filter((d) => d.area === "north").reduce((s, d) => s + d.memberConsumers, 0);
  const south = total - north;
  const quorum = AGAM.quorumTarget;
  const percent = Math.min(100, Math.floor((live.qmember / quorum) * 1000) / 10);
  const reached = live.qmember >= quorum;

  return (
    <div className="container page agam agam-dashboard">
      <Breadcrumb items={[{ label: "AGAM Registration Status" }]} />
      <h1>AGAM Registration Status</h1>

      <section className="agam-live" aria-labelledby="agam-live-title">
        <h2 id="agam-live-title" className="agam__subtitle">
          Registered members
        </h2>
        {/* Only this sentence is announced when the counts change, not every number. */}
        <p className="agam-live__summary" aria-live="polite" aria-atomic="true">
          {reached ? `Quorum reached: ${n(live.qmember)} members registered (target ${n(quorum)}).` : `${n(live.qmember)} of ${n(quorum)} members needed for quorum have registered.`}
        </p>
        <div className="agam-live__progress">
          <label htmlFor="agam-quorum-progress" className="agam-live__progress-label">
            Progress toward quorum: <strong>{percent}%</strong>
          </label>
          <progress id="agam-quorum-progress" max={quorum} value={Math.min(live.qmember, quorum)}>
            {percent}%
          </progress>
        </div>
        <dl className="agam-live__counts">
          <div className="agam-live__count agam-live__count--total">
            <dt>Total registered</dt>
            <dd data-testid="agam-total">{n(live.qmember)}</dd>
          </div>
          <div className="agam-live__count">
            <dt>North districts</dt>
            <dd>{n(live.qmember_north)}</dd>
          </div>
          <div className="agam-live__count">
            <dt>South districts</dt>
            <dd>{n(live.qmember_south)}</dd>
          </div>
          <div className="agam-live__count">
            <dt>Quorum target</dt>
            <dd>{n(quorum)}</dd>
          </div>
        </dl>
        <p className="agam__hint">{live.following ? "The counts update by themselves every few seconds." : "Reload the page for the latest counts."}</p>
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
export const meta: Route.MetaFunction = (args) => withSocial(pageTags(args as never) as never, args);
