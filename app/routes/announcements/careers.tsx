/** /careers: job postings in an accordion, newest first. */

import { listCareers } from "../../../modules/content/careers.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { services } from "../../context";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/careers";
import { AnnouncementAccordion } from "./AnnouncementAccordion";
import { careerView } from "./views.server";

export async function loader({ context }: Route.LoaderArgs) {
  const careers = await listCareers(services(context).db);
  return { items: careers.map(careerView) };
}

const pageTags: Route.MetaFunction = () => [
  { title: `Careers | ${COOPERATIVE.shortName}` },
  { name: "description", content: `Job openings at ${COOPERATIVE.name}, with the requirements and how to apply.` },
];

export default function Careers({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: "Careers" }]} />
      <h1>Careers</h1>
      <p className="announcements__intro">
        Join the cooperative that lights up western Pangasinan. Open a posting to see its details and requirements.
      </p>
      <AnnouncementAccordion
        items={loaderData.items}
        idPrefix="career"
        label="Job postings"
        empty="There are no job openings right now. Please check again soon."
      />
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
