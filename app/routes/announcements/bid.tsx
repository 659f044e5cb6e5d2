/** /bid/{bid}: one invitation to bid with its attachments; an unknown id shows the 404 page. */
import { data, Link } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { toPlainText } from "../../../modules/shared/html";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { ContentInLanguage } from "../../components/ContentInLanguage";
import { AttachmentList } from "../../components/ui/AttachmentList";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { itemInLanguage } from "../../content-language.server";
import { services } from "../../context";
import { useLocalePath, useT } from "../../i18n";
import { newsMessages } from "../../messages/news";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/bid";
import { PostedDate } from "./AnnouncementAccordion";
import { keptAnnouncements } from "./kept.server";
import { announcementView } from "./views.server";

export const handle = { query: ["lang"] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.bid) ? Number(params.bid) : NaN;
  // From the kept list of bids (services.reference), which /bids shows too.
  const bid = Number.isFinite(id) ? ((await keptAnnouncements(services(context), "bid")).find((b) => b.id === id) ?? null) : null;
  if (!bid) throw data(null, { status: 404 });
  const { item: inLang, shown } = itemInLanguage(bid, request, true);
  return { bid: announcementView(inLang), shown, summary: toPlainText(inLang.body).slice(0, 160) };
}

const pageTags: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const t = translator(newsMessages, localeOfPath(location.pathname));
  return [
    { title: `${loaderData.bid.title} | ${t("ann.bids.title")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: loaderData.summary || t("ann.bid.description", { title: loaderData.bid.title }) },
  ];
};

export default function Bid({ loaderData }: Route.ComponentProps) {
  const { bid } = loaderData;
  const t = useT(newsMessages);
  const lp = useLocalePath();
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: t("ann.bids.title"), to: "/bids" }, { label: bid.title }]} />
      <article>
        <ContentInLanguage shown={loaderData.shown} links>
          <h1>{bid.title}</h1>
          {bid.body ? <div className="announcement__body" dangerouslySetInnerHTML={{ __html: bid.body }} /> : null}
        </ContentInLanguage>
        <p className="announcement-page__meta">
          <PostedDate iso={bid.createdAt} />
        </p>
        <h2>{t("ann.bid.documents")}</h2>
        <AttachmentList attachments={bid.attachments} heading={null} />
      </article>
      <p className="announcement-page__back">
        <Link to={lp("/bids")}>{t("ann.bid.all")}</Link>
      </p>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
