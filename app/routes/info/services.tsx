import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { useT } from "../../i18n";
import { infoMessages } from "../../messages/info";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/services";
import "./info.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.ourServices")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(infoMessages, locale)("services.description") },
  ];
};

const TILES = [
  {
    title: "services.residential",
    text: "services.residential.text",
    icon: "M3 11 12 3l9 8M5 10v10h14V10M10 20v-6h4v6",
  },
  {
    title: "services.commercial",
    text: "services.commercial.text",
    icon: "M3 9h18l-2-5H5zM4 9v11h16V9M9 20v-6h6v6",
  },
  {
    title: "services.industrial",
    text: "services.industrial.text",
    icon: "M3 20V10l6 4V10l6 4V6h6v14z",
  },
  {
    title: "services.repair",
    text: "services.repair.text",
    icon: "M14 7l3-3 3 3-3 3M16 8 6 18l-2 2-1-1 2-2L15 7",
  },
  {
    title: "services.security",
    text: "services.security.text",
    icon: "M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z",
  },
  {
    title: "services.support",
    text: "services.support.text",
    icon: "M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3z",
  },
] as const;

export default function Services() {
  const t = useT(infoMessages);
  const s = useT(shellMessages);
  return (
    <div className="container page info">
      <Breadcrumb items={[{ label: s("nav.ourServices") }]} />
      <h1>{s("nav.ourServices")}</h1>
      <p>{t("services.intro")}</p>
      <ul className="tiles">
        {TILES.map((tile) => (
          <li key={tile.title} className="tile">
            <svg className="tile__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
              <path d={tile.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h2 className="tile__title">{t(tile.title)}</h2>
            <p>{t(tile.text)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
