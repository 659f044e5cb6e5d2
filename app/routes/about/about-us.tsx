import { Link } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import type { Route } from "./+types/about-us";
import "./about.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `About Us | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content: `Who we are: ${COOPERATIVE.name}, the electric cooperative of western Pangasinan since ${COOPERATIVE.since}.`,
  },
];

const SECTIONS = [
  { to: "/about/company-profile", label: "Company Profile", text: "Our history, franchise area and what we do." },
  { to: "/about/mission-vision", label: "Mission and Vision", text: "Where we are going and the values that guide us." },
  { to: "/about/pledge", label: "Cooperative Pledge", text: "The promise every member and employee makes." },
  { to: "/about/coverage-area", label: "Coverage Area", text: "The city and eight towns we serve, on a map." },
  {
    to: "/about/organizational-structure",
    label: "Organizational Structure",
    text: "From the member-consumer-owners to our six departments.",
  },
  { to: "/about/bod", label: "Board of Directors", text: "The directors elected by each district, and our general manager." },
  { to: "/gallery", label: "Gallery", text: "Pictures of our people, offices and crews at work." },
];

export default function AboutUs() {
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: "About Us" }]} />
      <h1>About Us</h1>
      <p className="about__lead">
        The {COOPERATIVE.name} ({COOPERATIVE.shortName}) is a non-stock, non-profit electric cooperative owned by the member-consumers it
        serves. Since {COOPERATIVE.since} it has brought electric light and power to the City of Alaminos and the towns of Bolinao, Anda,
        Bani, Agno, Burgos, Mabini, Dasol and Infanta.
      </p>
      <p>
        Every member-consumer is an owner: members elect a director for their district, who together form the Board that sets our policies.
        Our employees, from the linemen on the poles to the tellers at the payment windows, work to keep the power on safely and at a fair
        price.
      </p>
      <h2>Learn more about us</h2>
      <ul className="about__links">
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <Link to={s.to}>{s.label}</Link>
            <span>{s.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
