import { Link, useSearchParams } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { DEPARTMENTS, findDepartment } from "../../content/org-structure";
import { useLocale, useLocalePath, useT } from "../../i18n";
import { aboutMessages } from "../../messages/about";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/organizational-structure";
import "./about.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const department = findDepartment(new URLSearchParams(location.search).get("department"));
  const locale = localeOfPath(location.pathname);
  return [
    {
      title: `${department ? `${department.code}: ` : ""}${translator(shellMessages, locale)("nav.structure")} | ${COOPERATIVE.shortName}`,
    },
    { name: "description", content: translator(aboutMessages, locale)("structure.description", { name: COOPERATIVE.name }) },
  ];
};

/** The chain of authority above the departments (spec: static content). */
const ORG_LEVELS = ["structure.level.members", "structure.level.board", "structure.level.gm"] as const;

/**
 * The chart. Each department is a link (?department=TSD) the server renders, so
 * it works without JavaScript; with JavaScript (app/enhance/enhance.js) the link switches the panel
 * in place (no reload, no server request) and says whether it is expanded.
 */
export default function OrganizationalStructure() {
  const [params] = useSearchParams();
  const selected = findDepartment(params.get("department"));
  const t = useT(aboutMessages);
  const s = useT(shellMessages);
  const lp = useLocalePath();
  const fil = useLocale() === "fil";
  const page = lp("/about/organizational-structure");
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: s("nav.aboutUs"), to: "/about-us" }, { label: s("nav.structure") }]} />
      <h1>{s("nav.structure")}</h1>
      <p>{t("structure.intro")}</p>

      <ol className="org-chart" aria-label={t("structure.chain")}>
        {ORG_LEVELS.map((level) => (
          <li key={level} className="org-chart__level">
            <span className="org-chart__box">{t(level)}</span>
          </li>
        ))}
        <li className="org-chart__level org-chart__level--departments">
          <h2 id="departments-heading" className="org-chart__heading">
            {t("structure.departments")}
          </h2>
          <ul className="org-chart__departments" aria-labelledby="departments-heading">
            {DEPARTMENTS.map((d) => {
              const isOpen = selected?.code === d.code;
              return (
                <li key={d.code}>
                  <Link
                    className={`org-chart__department${isOpen ? " org-chart__department--open" : ""}`}
                    to={isOpen ? page : `${page}?department=${d.code}`}
                    replace
                    preventScrollReset
                    aria-expanded={isOpen}
                    aria-controls="department-panel"
                  >
                    <abbr title={fil ? d.nameFil : d.name}>{d.code}</abbr>
                    <span className="visually-hidden">: {fil ? d.nameFil : d.name}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </li>
      </ol>

      <section
        id="department-panel"
        className="org-panel"
        aria-live="polite"
        aria-labelledby={selected ? "department-panel-title" : undefined}
      >
        {selected ? (
          <>
            <h2 id="department-panel-title">
              {fil ? selected.nameFil : selected.name} ({selected.code})
            </h2>
            <p>{fil ? selected.summaryFil : selected.summary}</p>
            <h3>{t("structure.positions")}</h3>
            <ul className="org-panel__positions">
              {selected.positions.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="org-panel__hint">{t("structure.none")}</p>
        )}
      </section>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** The query parameters this page reads: the only ones in its server-cache key. */
export const handle = { query: ["department"] };
