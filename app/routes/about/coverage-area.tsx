import { AGAM_DISTRICTS, COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { MAP_TOWNS, MAP_VIEWBOX } from "../../components/map/coverage-map";
import { MapBackdrop } from "../../components/map/MapBackdrop";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { useLocalePath, useT } from "../../i18n";
import { aboutMessages } from "../../messages/about";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/coverage-area";
import "./about.css";
import "./coverage-area.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.coverage")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(aboutMessages, locale)("coverage.description") },
  ];
};

const displayName = (town: string) => (town === "Alaminos" ? "Alaminos City" : town);

/**
 * A drawn map (no tiles, no third party). Each town takes keyboard focus; its
 * tooltip shows on hover, focus and tap through CSS alone, so it works without JavaScript.
 */
export default function CoverageArea() {
  const t = useT(aboutMessages);
  const s = useT(shellMessages);
  const lp = useLocalePath();
  const towns = MAP_TOWNS.map((town) => {
    const d = AGAM_DISTRICTS.find((x) => x.town === town.town)!;
    return {
      ...town,
      name: displayName(town.town),
      id: town.town.toLowerCase(),
      district: d.district,
      north: d.area === "north",
      area: t(d.area === "north" ? "coverage.area.north" : "coverage.area.south"),
    };
  });
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: s("nav.aboutUs"), to: "/about-us" }, { label: s("nav.coverage") }]} />
      <h1>{s("nav.coverage")}</h1>
      <p>{t("coverage.intro")}</p>
      <div className="coverage">
        <figure className="coverage-map">
          <svg viewBox={MAP_VIEWBOX} width="400" height="690" role="group" aria-labelledby="coverage-map-caption">
            <MapBackdrop />
            {towns.map((town) => (
              <g
                key={town.id}
                id={`town-${town.id}`}
                className={`coverage-map__town coverage-map__town--${town.north ? "north" : "south"}`}
                tabIndex={0}
                role="img"
                aria-label={`${town.name}: ${t("coverage.district", { n: town.district })}, ${town.area}`}
              >
                <polygon points={town.points} />
                <text x={town.label[0]} y={town.label[1]} textAnchor="middle">
                  {town.name}
                </text>
              </g>
            ))}
            {/* Tooltips last, so they are drawn above every town. */}
            {towns.map((town) => (
              <g
                key={town.id}
                id={`tip-${town.id}`}
                className="coverage-map__tip"
                aria-hidden="true"
                transform={`translate(${Math.min(Math.max(town.label[0], 100), 300)} ${town.label[1] - 16})`}
              >
                <rect x="-98" y="-54" width="196" height="50" rx="6" />
                <text x="0" y="-34" textAnchor="middle" className="coverage-map__tip-title">
                  {town.name}
                </text>
                <text x="0" y="-13" textAnchor="middle">
                  {t("coverage.district", { n: town.district })} · {town.area}
                </text>
              </g>
            ))}
          </svg>
          <figcaption id="coverage-map-caption">{t("coverage.caption")}</figcaption>
        </figure>
        <section className="coverage__list" aria-labelledby="towns-heading">
          <h2 id="towns-heading">{t("coverage.towns")}</h2>
          <ul>
            {towns
              .slice()
              .sort((a, b) => a.district - b.district)
              .map((town) => (
                <li key={town.id}>
                  <strong>{town.name}</strong> — {t("coverage.district", { n: town.district })}, {town.area}
                </li>
              ))}
          </ul>
          <p>
            {t("coverage.offices")} <a href={lp("/contact-us")}>{t("coverage.reach")}</a>.
          </p>
        </section>
      </div>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
