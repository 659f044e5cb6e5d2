/** /news/advisories: News and Advisories in an accordion, newest first, with an Atom feed. */

import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { itemInLanguage } from "../../content-language.server";
import { services } from "../../context";
import { useT } from "../../i18n";
import { newsMessages } from "../../messages/news";
import { shellMessages } from "../../messages/shell";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/advisories";
import { AnnouncementAccordion } from "./AnnouncementAccordion";
import { keptAnnouncements } from "./kept.server";
import { announcementView } from "./views.server";

export const FEED_PATH = "/feeds/advisories.atom";

export async function loader({ context, request }: Route.LoaderArgs) {
  const advisories = await keptAnnouncements(services(context), "advisory");
  return {
    items: advisories.map((a) => {
      const { item, shown } = itemInLanguage(a, request);
      return { ...announcementView(item), shown };
    }),
  };
}

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.advisories")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(newsMessages, locale)("ann.advisories.description", { name: COOPERATIVE.name }) },
    // The feed, named in the page's language (here rather than in `links`, which cannot see the path).
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: translator(newsMessages, locale)("ann.advisories.feedTitle", { name: COOPERATIVE.shortName }),
      href: FEED_PATH,
    },
  ];
};

function FeedIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect width="16" height="16" rx="3" fill="#c2410c" />
      <circle cx="4.5" cy="11.5" r="1.5" fill="#fff" />
      <path d="M3 7a6 6 0 0 1 6 6M3 3.5A9.5 9.5 0 0 1 12.5 13" stroke="#fff" strokeWidth="1.8" fill="none" />
    </svg>
  );
}

export default function Advisories({ loaderData }: Route.ComponentProps) {
  const t = useT(newsMessages);
  const s = useT(shellMessages);
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: s("nav.news"), to: "/news" }, { label: s("nav.advisories") }]} />
      <h1>{s("nav.advisories")}</h1>
      <p className="announcements__intro">{t("ann.advisories.intro")}</p>
      <p className="announcements__feed">
        <a className="feed-link" href={FEED_PATH}>
          <FeedIcon />
          {t("ann.advisories.feed")}
        </a>
      </p>
      <AnnouncementAccordion
        items={loaderData.items}
        idPrefix="advisory"
        label={t("ann.advisories.label")}
        empty={t("news.noAdvisories")}
      />
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
