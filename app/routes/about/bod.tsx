import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { BOARD } from "../../content/bod";
import { useLocale, useT } from "../../i18n";
import { aboutMessages } from "../../messages/about";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/bod";
import "./about.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.bod")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(aboutMessages, locale)("bod.description", { name: COOPERATIVE.name }) },
  ];
};

/** Each position's name in the page's language. */
const POSITION_KEYS = {
  Chairperson: "bod.position.chair",
  "Vice Chairperson": "bod.position.viceChair",
  Secretary: "bod.position.secretary",
  Treasurer: "bod.position.treasurer",
  Member: "bod.position.member",
  "General Manager": "bod.position.gm",
} as const;

/** A neutral silhouette in place of a photograph; decorative, the card's text says who it is. */
function Silhouette({ tone }: { tone: number }) {
  const backgrounds = ["#dbe7f3", "#f3e8d2", "#dcefe4", "#ece3f3"];
  return (
    <svg className="bod-card__photo" viewBox="0 0 120 120" width="120" height="120" aria-hidden="true" focusable="false">
      <rect width="120" height="120" fill={backgrounds[tone % backgrounds.length]} />
      <circle cx="60" cy="46" r="22" fill="#0b3d6e" opacity="0.75" />
      <path d="M18 120 C22 88 40 76 60 76 C80 76 98 88 102 120 Z" fill="#0b3d6e" opacity="0.75" />
    </svg>
  );
}

export default function Bod() {
  const t = useT(aboutMessages);
  const s = useT(shellMessages);
  const city = useLocale() === "fil" ? "Lungsod ng Alaminos" : "Alaminos City";
  const directors = BOARD.filter((m) => m.district !== null);
  const manager = BOARD.filter((m) => m.district === null);
  const card = (m: (typeof BOARD)[number], i: number) => (
    <li key={m.name} className="bod-card">
      <Silhouette tone={i} />
      <div className="bod-card__text">
        <h3 className="bod-card__name">{m.name}</h3>
        <p className="bod-card__position">{t(POSITION_KEYS[m.position as keyof typeof POSITION_KEYS])}</p>
        {m.district && (
          <p className="bod-card__district">
            {t("bod.district")} {m.district === "Alaminos" ? city : m.district}
          </p>
        )}
      </div>
    </li>
  );
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: s("nav.aboutUs"), to: "/about-us" }, { label: s("nav.bod") }]} />
      <h1>{s("nav.bod")}</h1>
      <p>{t("bod.intro")}</p>
      <section aria-labelledby="bod-directors">
        <h2 id="bod-directors">{t("bod.directors")}</h2>
        <ul className="bod-grid">{directors.map(card)}</ul>
      </section>
      <section aria-labelledby="bod-management">
        <h2 id="bod-management">{t("bod.management")}</h2>
        <ul className="bod-grid">{manager.map((m, i) => card(m, i + directors.length))}</ul>
      </section>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
