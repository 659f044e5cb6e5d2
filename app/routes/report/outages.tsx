import { activeMajorEvent, getHubStatus } from "../../../modules/interruptions/restoration-hub.server";
import { formatShare } from "../../../modules/reports/model";
import { listIncidents } from "../../../modules/reports/queries.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { formatDateTime } from "../../../modules/shared/dates";
import { INTL_LOCALE, type Locale, localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import { requestLocale, useLocalePath, useT } from "../../i18n";
import { outageMessages } from "../../messages/outages";
import type { Route } from "./+types/outages";
import "./report.css";

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translator(outageMessages, localeOfPath(location.pathname));
  return [{ title: `${t("outages.meta")} | ${COOPERATIVE.shortName}` }, { name: "description", content: t("outages.description") }];
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = services(context);
  const locale: Locale = requestLocale(request);
  const tr = translator(outageMessages, locale);
  const when = (d: Date | null) => (d ? formatDateTime(d, locale) : null);
  const n = (x: number) => x.toLocaleString(INTL_LOCALE[locale]);
  const [hub, event, open] = await Promise.all([getHubStatus(db), activeMajorEvent(db), listIncidents(db, { open: true, limit: 1000 })]);
  const reportsByTown = new Map<string, number>();
  for (const i of open) reportsByTown.set(i.town, (reportsByTown.get(i.town) ?? 0) + 1);
  const figures = (t: (typeof hub)["totals"]) => ({
    energized: tr("outages.of", { part: String(t.barangaysEnergized), whole: String(t.barangaysTotal) }),
    restored: formatShare(t.restoredShare),
    consumers: t.consumersTotal > 0 ? tr("outages.of", { part: n(t.consumersRestored), whole: n(t.consumersTotal) }) : "",
    etr: when(t.etr),
    crews: t.crews,
    updated: when(t.updatedAt),
  });
  return {
    event: event ? { title: event.title, since: formatDateTime(event.startedAt, locale) } : null,
    totals: figures(hub.totals),
    towns: hub.towns.map((t) => ({
      town: t.town,
      ...figures(t),
      openIncidents: reportsByTown.get(t.town) ?? 0,
      areasOff: t.areasOff.map((a) => ({
        name: a.name,
        off: a.consumers > 0 ? tr("outages.consumersOff", { off: n(a.consumersOff), all: n(a.consumers) }) : tr("outages.withoutPower"),
        reasons: a.causes.map((c) =>
          c.kind === "dispatch"
            ? tr("outages.cause.dispatch")
            : c.kind === "incident"
              ? tr("outages.cause.incident", { id: String(c.incidentId) })
              : tr(c.kind === "scheduled" ? "outages.cause.scheduled" : "outages.cause.interruption", {
                  until: formatDateTime(c.until, locale),
                }),
        ),
        etr: when(a.etr),
        crews: a.crews,
      })),
    })),
  };
}

export default function Outages({ loaderData: d }: Route.ComponentProps) {
  const anyOff = d.towns.some((t) => t.areasOff.length > 0);
  const tr = useT(outageMessages);
  const lp = useLocalePath();
  return (
    <div className="container page outages">
      <Breadcrumb items={[{ label: tr("outages.crumb") }]} />
      <h1>{tr("outages.title")}</h1>
      <p className="outages__actions">
        <a className="button" href={lp("/report")}>
          {tr("outages.report")}
        </a>
        <a href={lp("/news/power-interruptions")}>{tr("outages.scheduled")}</a>
      </p>
      {d.event && (
        <p className="notice notice--error">
          <strong>{d.event.title}</strong>
          {tr("outages.event", { since: d.event.since })}
        </p>
      )}

      <div className="outages__summary" role="group" aria-label={tr("outages.allTowns")}>
        <p className="outages__figure">
          <strong>{d.totals.energized}</strong> {tr("outages.energized")}
        </p>
        <p className="outages__figure">
          <strong>{d.totals.restored}</strong> {tr("outages.restored")}
        </p>
        <p className="outages__figure">
          <strong>{d.totals.crews}</strong> {tr("outages.crewsDeployed")}
        </p>
        <p className="outages__figure outages__figure--date">
          <strong className="outages__date">{d.totals.etr ?? "—"}</strong> {tr("outages.latestEtr")}
        </p>
      </div>
      <p className="field__hint">{d.totals.updated ? tr("outages.updated", { at: d.totals.updated }) : tr("outages.noFigures")}</p>

      <h2>{tr("outages.stillOff")}</h2>
      {anyOff ? (
        d.towns
          .filter((t) => t.areasOff.length > 0)
          .map((t) => (
            <section key={t.town} aria-labelledby={`off-${t.town}`}>
              <h3 id={`off-${t.town}`}>{t.town}</h3>
              <ul className="outages__areas">
                {t.areasOff.map((a) => (
                  <li key={a.name}>
                    <strong>{a.name}</strong>: {a.off}; {a.etr ? tr("outages.etr", { at: a.etr }) : tr("outages.noEtr")}; {a.crews}{" "}
                    {a.crews === 1 ? tr("outages.crew") : tr("outages.crews")}
                    {a.reasons.length > 0 && <span className="outages__why"> ({a.reasons.join("; ")})</span>}
                  </li>
                ))}
              </ul>
            </section>
          ))
      ) : (
        <p>{tr("outages.noneOff")}</p>
      )}
      <h2>{tr("outages.byTown")}</h2>
      <div className="table-wrap">
        <table className="outages__table">
          <thead>
            <tr>
              <th scope="col">{tr("outages.town")}</th>
              <th scope="col">{tr("outages.col.energized")}</th>
              <th scope="col">{tr("outages.col.consumers")}</th>
              <th scope="col">{tr("outages.col.etr")}</th>
              <th scope="col">{tr("outages.col.crews")}</th>
              <th scope="col">{tr("outages.col.reports")}</th>
              <th scope="col">{tr("outages.col.updated")}</th>
            </tr>
          </thead>
          <tbody>
            {d.towns.map((t) => (
              <tr key={t.town} className="outages__town">
                <td data-label={tr("outages.town")}>{t.town}</td>
                <td data-label={tr("outages.col.energized")}>{t.energized}</td>
                <td data-label={tr("outages.col.consumers")}>
                  {t.restored}
                  {t.consumers ? ` (${t.consumers})` : ""}
                </td>
                <td data-label={tr("outages.col.etr")} className="outages__date">
                  {t.etr ?? "—"}
                </td>
                <td data-label={tr("outages.col.crews")}>{t.crews}</td>
                <td data-label={tr("outages.col.reports")}>{t.openIncidents}</td>
                <td data-label={tr("outages.col.updated")} className="outages__date">
                  {t.updated ?? "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <p className="field__hint">
        {tr("outages.openData")} <a href="/api/v1/outages/status">{tr("outages.json")}</a> ·{" "}
        <a href="/api/v1/outages/cap.xml">{tr("outages.cap")}</a> · <a href="/open311/v2/services.json">Open311 GeoReport v2</a>
      </p>
    </div>
  );
}
