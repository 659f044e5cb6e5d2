import { Link } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { PRINTABLE_FORMS } from "../../content/printable-forms";
import type { Route } from "./+types/request-complaint";
import "./printable-form.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Requests and Complaints | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content: `Printable ${COOPERATIVE.shortName} forms: wiring job order, membership, service contract, transfers, member profile, complaints and meter complaints.`,
  },
];

export default function RequestComplaint() {
  return (
    <div className="container page">
      <Breadcrumb items={[{ label: "Services" }, { label: "Requests and Complaints" }]} />
      <h1>Requests and Complaints</h1>
      <p className="forms-list__lead">
        Print the form you need on A4 paper, fill it in by hand and bring it to the nearest {COOPERATIVE.shortName} office. These forms are
        for printing only; nothing is sent from this page.
      </p>
      <ul className="forms-list">
        {PRINTABLE_FORMS.map((f) => (
          <li key={f.slug}>
            <h2>
              <Link to={`/service/request-complaint/${f.slug}`}>{f.title}</Link>
            </h2>
            <p>{f.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
