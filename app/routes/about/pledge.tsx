import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { useT } from "../../i18n";
import { aboutMessages } from "../../messages/about";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/pledge";
import "./about.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.pledge")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(aboutMessages, locale)("pledge.description", { name: COOPERATIVE.name }) },
  ];
};

/** The pledge is static text (spec), in each language. */
const PLEDGE = ["pledge.1", "pledge.2", "pledge.3", "pledge.4", "pledge.5", "pledge.6"] as const;

export default function Pledge() {
  const t = useT(aboutMessages);
  const s = useT(shellMessages);
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: s("nav.aboutUs"), to: "/about-us" }, { label: s("nav.pledge") }]} />
      <h1>{s("nav.pledge")}</h1>
      <blockquote className="pledge">
        {PLEDGE.map((line) => (
          <p key={line}>{t(line)}</p>
        ))}
        <p className="pledge__close">{t("pledge.close")}</p>
      </blockquote>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
