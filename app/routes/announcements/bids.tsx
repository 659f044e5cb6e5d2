/** /bids: every invitation to bid in an accordion, newest first. */

import { listAnnouncements } from "../../../modules/content/announcements.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { services } from "../../context";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/bids";
import { AnnouncementAccordion } from "./AnnouncementAccordion";
import { announcementView } from "./views.server";

export async function loader({ context }: Route.LoaderArgs) {
  const bids = await listAnnouncements(services(context).db, "bid");
  return { items: bids.map(announcementView) };
}

const pageTags: Route.MetaFunction = () => [
  { title: `Invitation to Bid | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content: `Invitations to bid of ${COOPERATIVE.name}: supply, delivery and construction, with the bid documents to download.`,
  },
];

export default function Bids({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: "Invitation to Bid" }]} />
      <h1>Invitation to Bid</h1>
      <p className="announcements__intro">
        The cooperative invites eligible suppliers and contractors to bid. Open an item to see its details and bid documents.
      </p>
      <AnnouncementAccordion
        items={loaderData.items}
        idPrefix="bid"
        label="Invitations to bid"
        empty="There are no invitations to bid right now. Please check again soon."
        detail={(id) => ({ to: `/bid/${id}`, label: "Open this invitation on its own page" })}
      />
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
