import { AGAM_DISTRICTS, COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import type { Route } from "./+types/coverage-area";
import { MAP_TOWNS, MAP_VIEWBOX } from "./coverage-map";
import "./about.css";
import "./coverage-area.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Coverage Area | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content: "The nine towns we serve in western Pangasinan: Bolinao, Anda, Bani, Agno, Alaminos City, Burgos, Mabini, Dasol and Infanta.",
  },
];

const displayName = (town: string) => (town === "Alaminos" ? "Alaminos City" : town);

/**
 * A drawn map (no tiles, no third party). Each town takes keyboard focus; its
 * tooltip shows on hover, focus and tap through CSS alone, so it works without JavaScript.
 */
export default function CoverageArea() {
  const towns = MAP_TOWNS.map((t) => {
    const d = AGAM_DISTRICTS.find((x) => x.town === t.town)!;
    return {
      ...t,
      name: displayName(t.town),
      id: t.town.toLowerCase(),
      district: d.district,
      area: d.area === "north" ? "North area" : "South area",
    };
  });
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: "About Us", to: "/about-us" }, { label: "Coverage Area" }]} />
      <h1>Coverage Area</h1>
      <p>
        We serve the City of Alaminos and eight towns of western Pangasinan, from the tip of Bolinao to Infanta. Point at, tap or tab to a
        town on the map to see its district.
      </p>
      <div className="coverage">
        <figure className="coverage-map">
          <svg viewBox={MAP_VIEWBOX} width="400" height="690" role="group" aria-labelledby="coverage-map-caption">
            <rect className="coverage-map__sea" width="400" height="690" />
            <text className="coverage-map__water" x="14" y="560" transform="rotate(-80 14 560)">
              West Philippine Sea
            </text>
            <text className="coverage-map__water" x="300" y="40">
              Lingayen Gulf
            </text>
            {/* The Hundred Islands off Alaminos, for orientation. */}
            <g className="coverage-map__islets" aria-hidden="true">
              <circle cx="330" cy="196" r="3" />
              <circle cx="342" cy="204" r="2.5" />
              <circle cx="318" cy="190" r="2" />
              <circle cx="356" cy="214" r="2" />
            </g>
            <g className="coverage-map__compass" aria-hidden="true" transform="translate(370 630)">
              <path d="M0 -26 L8 0 L0 -6 L-8 0 Z" />
              <text x="0" y="16" textAnchor="middle">
                N
              </text>
            </g>
            {towns.map((t) => (
              <g
                key={t.id}
                id={`town-${t.id}`}
                className={`coverage-map__town coverage-map__town--${t.area === "North area" ? "north" : "south"}`}
                tabIndex={0}
                role="img"
                aria-label={`${t.name}: District ${t.district}, ${t.area}`}
              >
                <polygon points={t.points} />
                <text x={t.label[0]} y={t.label[1]} textAnchor="middle">
                  {t.name}
                </text>
              </g>
            ))}
            {/* Tooltips last, so they are drawn above every town. */}
            {towns.map((t) => (
              <g
                key={t.id}
                id={`tip-${t.id}`}
                className="coverage-map__tip"
                aria-hidden="true"
                transform={`translate(${Math.min(Math.max(t.label[0], 100), 300)} ${t.label[1] - 16})`}
              >
                <rect x="-98" y="-54" width="196" height="50" rx="6" />
                <text x="0" y="-34" textAnchor="middle" className="coverage-map__tip-title">
                  {t.name}
                </text>
                <text x="0" y="-13" textAnchor="middle">
                  District {t.district} · {t.area}
                </text>
              </g>
            ))}
          </svg>
          <figcaption id="coverage-map-caption">Map of the nine towns in our franchise area, western Pangasinan</figcaption>
        </figure>
        <section className="coverage__list" aria-labelledby="towns-heading">
          <h2 id="towns-heading">Towns we serve</h2>
          <ul>
            {towns
              .slice()
              .sort((a, b) => a.district - b.district)
              .map((t) => (
                <li key={t.id}>
                  <strong>{t.name}</strong> — District {t.district}, {t.area}
                </li>
              ))}
          </ul>
          <p>
            Our main office is in Bani. The north area office is in Bolinao and the south area office in Dasol; see{" "}
            <a href="/contact-us">how to reach them</a>.
          </p>
        </section>
      </div>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
