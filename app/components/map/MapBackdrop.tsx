import { useT } from "../../i18n";
import { aboutMessages } from "../../messages/about";
import "./map.css";

/**
 * What every drawing of the coverage area has under its towns: the sea, the two waters' names,
 * the Hundred Islands off Alaminos and the north arrow (see coverage-map.ts for the towns).
 * Drawn by us, inside the page's own SVG: no tiles, nothing fetched.
 */
export function MapBackdrop() {
  const t = useT(aboutMessages);
  return (
    <>
      <rect className="coverage-map__sea" width="400" height="690" />
      <text className="coverage-map__water" x="14" y="560" transform="rotate(-80 14 560)">
        {t("coverage.sea")}
      </text>
      <text className="coverage-map__water" x="392" y="40" textAnchor="end">
        {t("coverage.gulf")}
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
          {t("coverage.north")}
        </text>
      </g>
    </>
  );
}
