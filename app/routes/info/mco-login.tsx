import { Link } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import type { Route } from "./+types/mco-login";
import "./info.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Member Portal: Coming Soon | ${COOPERATIVE.shortName}` },
  { name: "description", content: "The online portal for member-consumer-owners is coming soon." },
];

export default function McoLogin() {
  return (
    <div className="container page info">
      <Breadcrumb items={[{ label: "Member Portal" }]} />
      <h1>Member Portal</h1>
      <div className="coming-soon">
        <p className="coming-soon__badge">Coming Soon</p>
        <p>
          Soon you will be able to log in to see your bills and payments, report an outage and update your contact details online.
          Registration will open here when the portal is ready.
        </p>
        <p>Until then you can:</p>
        <ul>
          <li>
            <Link to="/service/bill-inquiry">Look up your bill</Link>
          </li>
          <li>
            <Link to="/news/power-interruptions">Check the power interruption schedules</Link>
          </li>
          <li>
            Call the hotline at <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a> to report an outage
          </li>
        </ul>
      </div>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
