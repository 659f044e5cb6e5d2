/** /news/advisory/{id}: one news item with its sanitized body and its pictures. */
import { data, Link } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { toPlainText } from "../../../modules/shared/html";
import { ContentInLanguage } from "../../components/ContentInLanguage";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { itemInLanguage } from "../../content-language.server";
import { services } from "../../context";
import { useLocalePath, useT } from "../../i18n";
import { NEWS_KIND_KEYS, newsMessages } from "../../messages/news";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/item";
import { keptNewsItem } from "./kept.server";
import { NewsArticle } from "./NewsArticle";
import { newsItemView } from "./views.server";
import "./news.css";
import { socialMeta } from "../../seo";

export const handle = { query: ["lang"] };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : NaN;
  // From the kept news lists (services.reference), which the list pages show too.
  const item = Number.isFinite(id) ? await keptNewsItem(services(context), id) : null;
  if (!item) throw data(null, { status: 404 });
  const { item: inLang, shown } = itemInLanguage(item, request, true);
  return { item: newsItemView(inLang), shown, summary: toPlainText(inLang.body).slice(0, 160) };
}

const pageTags: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.item.title} | ${COOPERATIVE.shortName}` },
        { name: "description", content: loaderData.summary || loaderData.item.title },
      ]
    : [];

export default function NewsItemPage({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData;
  const t = useT(newsMessages);
  const s = useT(shellMessages);
  const lp = useLocalePath();
  const kindTitle = t(NEWS_KIND_KEYS[item.kind]);
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: s("nav.news"), to: "/news" }, { label: kindTitle, to: `/news/${item.kind}` }, { label: item.title }]} />
      <ContentInLanguage shown={loaderData.shown} links>
        <NewsArticle item={item} />
      </ContentInLanguage>
      <p className="news-item__back">
        <Link to={lp(`/news/${item.kind}`)}>{t("news.moreOfKind", { title: kindTitle })}</Link>
      </p>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags, (args) => args.loaderData?.item.images[0]?.src);
