import { listBranches } from "../../../modules/places/branches.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import type { Route } from "./+types/contact-us";
import { ContactTable } from "./ContactTable";
import "./info.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Contact Us | ${COOPERATIVE.shortName}` },
  { name: "description", content: "Hotline, consumer welfare, area sub offices and technical services: phone numbers and offices." },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { branches: await listBranches(services(context).db) };
}

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page info">
      <Breadcrumb items={[{ label: "Contact Us" }]} />
      <h1>Contact Us</h1>
      <p>
        For power outages and emergencies, call the hotline any time, day or night. E-mail:{" "}
        <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a>.
      </p>
      <div className="table-wrap">
        {/* Explicit roles keep the table semantics when phones show each row as a card. */}
        <ContactTable branches={loaderData.branches} />
      </div>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
