import { activeMajorEvent, openIncidents, publicHubStatus } from "../../../modules/interruptions/restoration-hub.server";
import { listBarangays } from "../../../modules/places/barangays.server";
import { ENERGIZED_BANDS, energizedBand, formatShare, townAnchor } from "../../../modules/reports/model";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { formatDateTime } from "../../../modules/shared/dates";
import { INTL_LOCALE, type Locale, localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import { requestLocale, useLocalePath, useT } from "../../i18n";
import { outageMessages } from "../../messages/outages";
import type { Route } from "./+types/outages";
import { OutageMap } from "./OutageMap";
import { outageSummary } from "./outage-summary";
import "./report.css";

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translator(outageMessages, localeOfPath(location.pathname));
  return [{ title: `${t("outages.meta")} | ${COOPERATIVE.shortName}` }, { name: "description", content: t("outages.description") }];
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const s = services(context);
  const { db, reference } = s;
  const locale: Locale = requestLocale(request);
  const tr = translator(outageMessages, locale);
  const when = (d: Date | null) => (d ? formatDateTime(d, locale) : null);
  const n = (x: number) => x.toLocaleString(INTL_LOCALE[locale]);
  // One query a render: the open incidents (a member's report shows at once); the rest is
  // kept until a content change (staff's hub announces "outages") and built from here.
  const open = await openIncidents(db);
  const [hub, event, names] = await Promise.all([
    publicHubStatus(s, open),
    reference("major-event", () => activeMajorEvent(db)),
    reference("barangays", () => listBarangays(db)),
  ]);
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
  const towns = hub.towns.map((t) => {
    const off = new Set(t.areasOff.map((a) => a.name));
    return {
      town: t.town,
      anchor: townAnchor(t.town),
      ...figures(t),
      band: energizedBand(t.barangaysEnergized, t.barangaysTotal),
      share: formatShare(t.barangaysTotal > 0 ? t.barangaysEnergized / t.barangaysTotal : null),
      part: String(t.barangaysEnergized),
      whole: String(t.barangaysTotal),
      line:
        t.barangaysEnergized === t.barangaysTotal
          ? tr("outages.townAll")
          : tr("outages.townLine", {
              part: String(t.barangaysEnergized),
              whole: String(t.barangaysTotal),
              share: formatShare(t.barangaysEnergized / t.barangaysTotal),
            }),
      openIncidents: reportsByTown.get(t.town) ?? 0,
      withPower: names.filter((b) => b.town === t.town && !off.has(b.name)).map((b) => b.name),
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
    };
  });
  return {
    event: event ? { title: event.title, since: formatDateTime(event.startedAt, locale) } : null,
    totals: figures(hub.totals),
    offSummary: outageSummary(hub, locale),
    towns,
  };
}

export default function Outages({ loaderData: d }: Route.ComponentProps) {
  const tr = useT(outageMessages);
  const lp = useLocalePath();
  return (
    <div className="container page outages">
      <Breadcrumb items={[{ label: tr("outages.crumb") }]} />
      <h1>{tr("outages.title")}</h1>
      {d.event && (
        <p className="notice notice--error">
          <strong>{d.event.title}</strong>
          {tr("outages.event", { since: d.event.since })}
        </p>
      )}
      <p className="outages__actions">
        <a className="button" href={lp("/report")}>
          {tr("outages.report")}
        </a>
        <a href={lp("/news/power-interruptions")}>{tr("outages.scheduled")}</a>
      </p>

      {/* The member's own question first: the towns folded, each opening on its barangays. */}
      <section className="outages__mine" aria-labelledby="my-area">
        <h2 id="my-area">{tr("outages.question")}</h2>
        <p className="outages__answer">{d.offSummary}</p>
        <div className="outages__area">
          <div className="outages__towns">
            <p className="field__hint">{tr("outages.questionHelp")}</p>
            {d.towns.map((t) => (
              <details key={t.town} className="outages__town">
                <summary>
                  <span className={`outages__swatch outages__swatch--${t.band}`} aria-hidden="true" />
                  <span className="outages__town-name">{t.town}</span>
                  <span className="outages__town-line">
                    {t.line}
                    {t.etr && (
                      <>
                        {"; "}
                        <span className="outages__date">{tr("outages.etr", { at: t.etr })}</span>
                      </>
                    )}
                  </span>
                </summary>
                <div id={t.anchor} className="outages__barangays">
                  {t.areasOff.length > 0 && (
                    <>
                      <h3>{tr("outages.offList")}</h3>
                      <ul className="outages__areas">
                        {t.areasOff.map((a) => (
                          <li key={a.name}>
                            <strong>{a.name}</strong>: {a.off}; {a.etr ? tr("outages.etr", { at: a.etr }) : tr("outages.noEtr")}; {a.crews}{" "}
                            {a.crews === 1 ? tr("outages.crew") : tr("outages.crews")}
                            {a.reasons.length > 0 && <span className="outages__why"> ({a.reasons.join("; ")})</span>}
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                  {t.withPower.length > 0 && (
                    <>
                      <h3>{tr("outages.onList")}</h3>
                      <p className="outages__on">{t.withPower.join(", ")}</p>
                    </>
                  )}
                  <dl className="outages__facts">
                    <div>
                      <dt>{tr("outages.col.consumers")}</dt>
                      <dd>
                        {t.restored}
                        {t.consumers ? ` (${t.consumers})` : ""}
                      </dd>
                    </div>
                    <div>
                      <dt>{tr("outages.col.crews")}</dt>
                      <dd>{t.crews}</dd>
                    </div>
                    <div>
                      <dt>{tr("outages.col.reports")}</dt>
                      <dd>{t.openIncidents}</dd>
                    </div>
                    <div>
                      <dt>{tr("outages.col.updated")}</dt>
                      <dd className="outages__date">{t.updated ?? "—"}</dd>
                    </div>
                  </dl>
                </div>
              </details>
            ))}
          </div>
          <OutageMap
            towns={d.towns.map((t) => ({ town: t.town, anchor: t.anchor, band: t.band, share: t.share, part: t.part, whole: t.whole }))}
            bands={ENERGIZED_BANDS}
          />
        </div>
      </section>

      <h2>{tr("outages.allTowns")}</h2>
      <div className="outages__summary">
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

      <p className="field__hint">
        {tr("outages.openData")} <a href="/api/v1/outages/status">{tr("outages.json")}</a> ·{" "}
        <a href="/api/v1/outages/cap.xml">{tr("outages.cap")}</a> · <a href="/open311/v2/services.json">Open311 GeoReport v2</a>
      </p>
    </div>
  );
}
