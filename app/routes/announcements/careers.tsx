/** /careers: job postings in an accordion, newest first. */

import { listCareers } from "../../../modules/content/careers.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { services } from "../../context";
import { requestLocale, useT } from "../../i18n";
import { newsMessages } from "../../messages/news";
import { shellMessages } from "../../messages/shell";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/careers";
import { AnnouncementAccordion } from "./AnnouncementAccordion";
import { careerView } from "./views.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, reference } = services(context);
  // Kept until a content change (services.reference): the page is built from what is kept.
  const careers = await reference("careers", () => listCareers(db));
  const locale = requestLocale(request);
  // Each posting in the page's language when staff wrote it; else its English, marked and said so (decision 0030).
  return { items: careers.map((c) => careerView(c, locale)) };
}

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.careers")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(newsMessages, locale)("ann.careers.description", { name: COOPERATIVE.name }) },
  ];
};

export default function Careers({ loaderData }: Route.ComponentProps) {
  const t = useT(newsMessages);
  const s = useT(shellMessages);
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: s("nav.careers") }]} />
      <h1>{s("nav.careers")}</h1>
      <p className="announcements__intro">{t("ann.careers.intro")}</p>
      <AnnouncementAccordion items={loaderData.items} idPrefix="career" label={t("ann.careers.label")} empty={t("ann.careers.empty")} />
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
