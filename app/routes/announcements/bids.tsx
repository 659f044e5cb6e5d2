/** /bids: every invitation to bid in an accordion, newest first. */

import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { itemInLanguage } from "../../content-language.server";
import { services } from "../../context";
import { useT } from "../../i18n";
import { newsMessages } from "../../messages/news";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/bids";
import { AnnouncementAccordion } from "./AnnouncementAccordion";
import { keptAnnouncements } from "./kept.server";
import { announcementView } from "./views.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const bids = await keptAnnouncements(services(context), "bid");
  // Each in the page's language when staff wrote that version; else the English, marked and said so.
  return {
    items: bids.map((b) => {
      const { item, shown } = itemInLanguage(b, request);
      return { ...announcementView(item), shown };
    }),
  };
}

const pageTags: Route.MetaFunction = ({ location }) => {
  const t = translator(newsMessages, localeOfPath(location.pathname));
  return [
    { title: `${t("ann.bids.title")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: t("ann.bids.description", { name: COOPERATIVE.name }) },
  ];
};

export default function Bids({ loaderData }: Route.ComponentProps) {
  const t = useT(newsMessages);
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: t("ann.bids.title") }]} />
      <h1>{t("ann.bids.title")}</h1>
      <p className="announcements__intro">{t("ann.bids.intro")}</p>
      <AnnouncementAccordion
        items={loaderData.items}
        idPrefix="bid"
        label={t("ann.bids.label")}
        empty={t("ann.bids.empty")}
        detail={(id) => ({ to: `/bid/${id}`, label: t("ann.bids.open") })}
      />
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
