import { activeMajorEvent, getHubStatus } from "../../../modules/interruptions/restoration-hub.server";
import { formatShare } from "../../../modules/reports/model";
import { listIncidents } from "../../../modules/reports/queries.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { formatDateTime } from "../../../modules/shared/dates";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import type { Route } from "./+types/outages";
import "./report.css";

export const meta: Route.MetaFunction = () => [
  { title: `Outages and Restoration Status | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content: "Restoration status by town: barangays energized, consumers restored, estimated restoration times and crews deployed.",
  },
];

const when = (d: Date | null) => (d ? formatDateTime(d) : null);

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const [hub, event, open] = await Promise.all([getHubStatus(db), activeMajorEvent(db), listIncidents(db, { open: true, limit: 1000 })]);
  const reportsByTown = new Map<string, number>();
  for (const i of open) reportsByTown.set(i.town, (reportsByTown.get(i.town) ?? 0) + 1);
  const figures = (t: (typeof hub)["totals"]) => ({
    energized: `${t.barangaysEnergized} of ${t.barangaysTotal}`,
    restored: formatShare(t.restoredShare),
    consumers: t.consumersTotal > 0 ? `${t.consumersRestored.toLocaleString("en-PH")} of ${t.consumersTotal.toLocaleString("en-PH")}` : "",
    etr: when(t.etr),
    crews: t.crews,
    updated: when(t.updatedAt),
  });
  return {
    event: event ? { title: event.title, since: formatDateTime(event.startedAt) } : null,
    totals: figures(hub.totals),
    towns: hub.towns.map((t) => ({
      town: t.town,
      ...figures(t),
      openIncidents: reportsByTown.get(t.town) ?? 0,
      areasOff: t.areasOff.map((a) => ({
        name: a.name,
        off:
          a.consumers > 0
            ? `${a.consumersOff.toLocaleString("en-PH")} of ${a.consumers.toLocaleString("en-PH")} consumers without power`
            : "without power",
        reasons: a.reasons,
        etr: when(a.etr),
        crews: a.crews,
      })),
    })),
  };
}

export default function Outages({ loaderData: d }: Route.ComponentProps) {
  const anyOff = d.towns.some((t) => t.areasOff.length > 0);
  return (
    <div className="container page outages">
      <Breadcrumb items={[{ label: "Outages" }]} />
      <h1>Outages and restoration status</h1>
      <p className="outages__actions">
        <a className="button" href="/report">
          Report an outage or a line down
        </a>
        <a href="/news/power-interruptions">Scheduled interruptions</a>
      </p>
      {d.event && (
        <p className="notice notice--error">
          <strong>{d.event.title}</strong>: declared {d.event.since}. Figures are updated by our dispatchers as crews report.
        </p>
      )}

      <div className="outages__summary" role="group" aria-label="All towns">
        <p className="outages__figure">
          <strong>{d.totals.energized}</strong> barangays energized
        </p>
        <p className="outages__figure">
          <strong>{d.totals.restored}</strong> of counted consumers with power
        </p>
        <p className="outages__figure">
          <strong>{d.totals.crews}</strong> crews deployed
        </p>
        <p className="outages__figure">
          <strong>{d.totals.etr ?? "—"}</strong> latest estimated restoration
        </p>
      </div>
      <p className="field__hint">
        {d.totals.updated ? `Last updated ${d.totals.updated} (Manila time).` : "No outage figures have been posted."}
      </p>

      <h2>Areas still without power</h2>
      {anyOff ? (
        d.towns
          .filter((t) => t.areasOff.length > 0)
          .map((t) => (
            <section key={t.town} aria-labelledby={`off-${t.town}`}>
              <h3 id={`off-${t.town}`}>{t.town}</h3>
              <ul className="outages__areas">
                {t.areasOff.map((a) => (
                  <li key={a.name}>
                    <strong>{a.name}</strong>: {a.off}; {a.etr ? `estimated restoration ${a.etr}` : "no estimate yet"}; {a.crews}{" "}
                    {a.crews === 1 ? "crew" : "crews"}
                    {a.reasons.length > 0 && <span className="outages__why"> ({a.reasons.join("; ")})</span>}
                  </li>
                ))}
              </ul>
            </section>
          ))
      ) : (
        <p>No area is reported without power.</p>
      )}
      <h2>By town</h2>
      <div className="table-wrap">
        <table className="outages__table">
          <thead>
            <tr>
              <th scope="col">Town</th>
              <th scope="col">Barangays energized</th>
              <th scope="col">Consumers with power</th>
              <th scope="col">Estimated restoration</th>
              <th scope="col">Crews</th>
              <th scope="col">Open reports</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {d.towns.map((t) => (
              <tr key={t.town} className="outages__town">
                <td data-label="Town">{t.town}</td>
                <td data-label="Barangays energized">{t.energized}</td>
                <td data-label="Consumers with power">
                  {t.restored}
                  {t.consumers ? ` (${t.consumers})` : ""}
                </td>
                <td data-label="Estimated restoration">{t.etr ?? "—"}</td>
                <td data-label="Crews">{t.crews}</td>
                <td data-label="Open reports">{t.openIncidents}</td>
                <td data-label="Updated">{t.updated ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <p className="field__hint">
        Open data: <a href="/api/v1/outages/status">these figures as JSON</a> · <a href="/api/v1/outages/cap.xml">CAP 1.2 alert feed</a> ·{" "}
        <a href="/open311/v2/services.json">Open311 GeoReport v2</a>
      </p>
    </div>
  );
}
