import { Link, useSearchParams } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { DEPARTMENTS, findDepartment, ORG_LEVELS } from "../../content/org-structure";
import type { Route } from "./+types/organizational-structure";
import "./about.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const department = findDepartment(new URLSearchParams(location.search).get("department"));
  return [
    { title: `${department ? `${department.code}: ` : ""}Organizational Structure | ${COOPERATIVE.shortName}` },
    {
      name: "description",
      content: `How the ${COOPERATIVE.name} is organized: member-consumer-owners, Board of Directors, General Manager and six departments.`,
    },
  ];
};

/**
 * The chart. Each department is a link (?department=TSD) the server renders, so
 * it works without JavaScript; with JavaScript (app/enhance/enhance.js) the link switches the panel
 * in place (no reload, no server request) and says whether it is expanded.
 */
export default function OrganizationalStructure() {
  const [params] = useSearchParams();
  const selected = findDepartment(params.get("department"));
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: "About Us", to: "/about-us" }, { label: "Organizational Structure" }]} />
      <h1>Organizational Structure</h1>
      <p>Choose a department to see its staff positions.</p>

      <ol className="org-chart" aria-label="Chain of authority, from the members to the departments">
        {ORG_LEVELS.map((level) => (
          <li key={level} className="org-chart__level">
            <span className="org-chart__box">{level}</span>
          </li>
        ))}
        <li className="org-chart__level org-chart__level--departments">
          <h2 id="departments-heading" className="org-chart__heading">
            Departments
          </h2>
          <ul className="org-chart__departments" aria-labelledby="departments-heading">
            {DEPARTMENTS.map((d) => {
              const isOpen = selected?.code === d.code;
              return (
                <li key={d.code}>
                  <Link
                    className={`org-chart__department${isOpen ? " org-chart__department--open" : ""}`}
                    to={isOpen ? "/about/organizational-structure" : `/about/organizational-structure?department=${d.code}`}
                    replace
                    preventScrollReset
                    aria-expanded={isOpen}
                    aria-controls="department-panel"
                  >
                    <abbr title={d.name}>{d.code}</abbr>
                    <span className="visually-hidden">: {d.name}</span>
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
              {selected.name} ({selected.code})
            </h2>
            <p>{selected.summary}</p>
            <h3>Staff positions</h3>
            <ul className="org-panel__positions">
              {selected.positions.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="org-panel__hint">No department chosen. Choose one of the six departments above to see its staff positions.</p>
        )}
      </section>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** The query parameters this page reads: the only ones in its server-cache key. */
export const handle = { query: ["department"] };
