import { Link } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { useLocalePath, useT } from "../../i18n";
import { aboutMessages } from "../../messages/about";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/about-us";
import "./about.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(aboutMessages, locale);
  return [
    { title: `${translator(shellMessages, locale)("nav.aboutUs")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: t("about.description", { name: COOPERATIVE.name, since: COOPERATIVE.since }) },
  ];
};

const SECTIONS = [
  { to: "/about/company-profile", label: "nav.companyProfile", text: "about.link.profile" },
  { to: "/about/mission-vision", label: "nav.missionVision", text: "about.link.missionVision" },
  { to: "/about/pledge", label: "nav.pledge", text: "about.link.pledge" },
  { to: "/about/coverage-area", label: "nav.coverage", text: "about.link.coverage" },
  { to: "/about/organizational-structure", label: "nav.structure", text: "about.link.structure" },
  { to: "/about/bod", label: "nav.bod", text: "about.link.bod" },
  { to: "/gallery", label: "nav.gallery", text: "about.link.gallery" },
] as const;

export default function AboutUs() {
  const t = useT(aboutMessages);
  const s = useT(shellMessages);
  const lp = useLocalePath();
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: s("nav.aboutUs") }]} />
      <h1>{s("nav.aboutUs")}</h1>
      <p className="about__lead">{t("about.lead", { name: COOPERATIVE.name, short: COOPERATIVE.shortName, since: COOPERATIVE.since })}</p>
      <p>{t("about.owners")}</p>
      <h2>{t("about.learnMore")}</h2>
      <ul className="about__links">
        {SECTIONS.map((item) => (
          <li key={item.to}>
            <Link to={lp(item.to)}>{s(item.label)}</Link>
            <span>{t(item.text)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
