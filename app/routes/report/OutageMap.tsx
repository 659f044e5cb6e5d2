import type { EnergizedBand } from "../../../modules/reports/model";
import { MAP_TOWNS, MAP_VIEWBOX } from "../../components/map/coverage-map";
import { MapBackdrop } from "../../components/map/MapBackdrop";
import { useT } from "../../i18n";
import { outageMessages } from "../../messages/outages";

/** The legend's words for each band. */
const BAND_LABELS = {
  all: "outages.band.all",
  most: "outages.band.most",
  half: "outages.band.half",
  some: "outages.band.some",
  few: "outages.band.few",
} as const satisfies Record<EnergizedBand, string>;

export interface MapTownStatus {
  town: string;
  /** The id of the town's list of barangays on the page. */
  anchor: string;
  band: EnergizedBand;
  /** "93%": the share of its barangays with power, written on the town. */
  share: string;
  /** Barangays with power, and all of the town's, for the link's name in words. */
  part: string;
  whole: string;
}

/**
 * The coverage area's drawing (the one of /about/coverage-area) with each town coloured by the
 * share of its barangays with power. Not colour alone: each town carries its percentage, the
 * legend names every colour, and the list beside it says everything in words. Each town is a
 * link to its barangays in that list (the browser opens the folded town when it is linked to).
 */
export function OutageMap({ towns, bands }: { towns: MapTownStatus[]; bands: readonly EnergizedBand[] }) {
  const tr = useT(outageMessages);
  const drawn = MAP_TOWNS.map((m) => ({ ...m, status: towns.find((t) => t.town === m.town) })).filter(
    (m): m is typeof m & { status: MapTownStatus } => Boolean(m.status),
  );
  return (
    <figure className="coverage-map outage-map">
      <svg viewBox={MAP_VIEWBOX} width="400" height="690" role="group" aria-labelledby="outage-map-caption">
        <MapBackdrop />
        {drawn.map((m) => (
          <a
            key={m.town}
            href={`#${m.status.anchor}`}
            className={`outage-map__town outage-map__town--${m.status.band}`}
            // The name starts with what the town shows ("Bani 0%"), then says it in words.
            aria-label={tr("outages.map.town", { town: m.town, share: m.status.share, part: m.status.part, whole: m.status.whole })}
          >
            <polygon points={m.points} />
            {/* One text, "Bani 0%" to a screen reader as to the eye (the share on the line below). */}
            <text x={m.label[0]} y={m.label[1]} textAnchor="middle">
              {m.town}
              <tspan x={m.label[0]} dy="18" className="outage-map__share">
                {` ${m.status.share}`}
              </tspan>
            </text>
          </a>
        ))}
      </svg>
      <div className="outage-map__legend">
        <p>{tr("outages.legend")}</p>
        <ul>
          {bands.map((b) => (
            <li key={b}>
              <span className={`outages__swatch outages__swatch--${b}`} aria-hidden="true" />
              {tr(BAND_LABELS[b])}
            </li>
          ))}
        </ul>
      </div>
      {/* Last (or first) in a figure, as HTML allows; the legend above stays in the figure. */}
      <figcaption id="outage-map-caption">{tr("outages.map.caption")}</figcaption>
    </figure>
  );
}
