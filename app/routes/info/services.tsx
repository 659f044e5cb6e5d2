import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import type { Route } from "./+types/services";
import "./info.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Our Services | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content: "Residential, commercial and industrial service, electrical repair, security and support from your electric cooperative.",
  },
];

const TILES = [
  {
    title: "Residential",
    text: "Safe, reliable power for homes across western Pangasinan, with a new connection in days once requirements are complete.",
    icon: "M3 11 12 3l9 8M5 10v10h14V10M10 20v-6h4v6",
  },
  {
    title: "Commercial",
    text: "Service for stores, resorts and offices, with metering and rates sized for business.",
    icon: "M3 9h18l-2-5H5zM4 9v11h16V9M9 20v-6h6v6",
  },
  {
    title: "Industrial",
    text: "High-voltage connections, load studies and dedicated lines for plants and large loads.",
    icon: "M3 20V10l6 4V10l6 4V6h6v14z",
  },
  {
    title: "Electrical Repair",
    text: "Our crews repair lines, transformers and service drops, and test meters on request.",
    icon: "M14 7l3-3 3 3-3 3M16 8 6 18l-2 2-1-1 2-2L15 7",
  },
  {
    title: "Security",
    text: "Protecting the network and your service against power theft and tampering, with safety inspections.",
    icon: "M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z",
  },
  {
    title: "Support",
    text: "A 24/7 hotline and consumer welfare desks at every area office for questions and complaints.",
    icon: "M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3z",
  },
];

export default function Services() {
  return (
    <div className="container page info">
      <Breadcrumb items={[{ label: "Our Services" }]} />
      <h1>Our Services</h1>
      <p>What the cooperative does for its member-consumer-owners.</p>
      <ul className="tiles">
        {TILES.map((t) => (
          <li key={t.title} className="tile">
            <svg className="tile__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
              <path d={t.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h2 className="tile__title">{t.title}</h2>
            <p>{t.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
