/** /news/advisory/{id}: one news item with its sanitized body and its pictures. */
import { data, Link } from "react-router";
import type { Route } from "./+types/item";
import { services } from "../../context";
import { COOPERATIVE, NEWS_KIND_TITLES } from "../../../core/constants";
import { formatDate, manilaIsoDate } from "../../../core/dates";
import { toPlainText } from "../../../core/html";
import { getNewsItem } from "../../../core/news";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { newsItemView } from "./views.server";
import "./news.css";
import { withSocial } from "../../seo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : NaN;
  const item = Number.isFinite(id) ? await getNewsItem(services(context).db, id) : null;
  if (!item) throw data(null, { status: 404 });
  return { item: newsItemView(item), kindTitle: NEWS_KIND_TITLES[item.kind], summary: toPlainText(item.body).slice(0, 160) };
}

const pageTags: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: `${loaderData.item.title} | ${COOPERATIVE.shortName}` }, { name: "description", content: loaderData.summary || loaderData.item.title }] : [];

export default function NewsItemPage({ loaderData }: Route.ComponentProps) {
  const { item, kindTitle } = loaderData;
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: "News", to: "/news" }, { label: kindTitle, to: `/news/${item.kind}` }, { label: item.title }]} />
      <article className="news-item">
        <h1>{item.title}</h1>
        <p className="news-item__date">
          Posted <time dateTime={manilaIsoDate(item.createdAt)}>{formatDate(item.createdAt)}</time>
        </p>
        {item.images.map((img, i) => (
          <figure className="news-item__figure" key={img.src}>
            <img src={img.src} width={img.width} height={img.height} alt={img.alt} loading={i === 0 ? "eager" : "lazy"} decoding="async" />
          </figure>
        ))}
        <div className="news-item__body" dangerouslySetInnerHTML={{ __html: item.body }} />
      </article>
      <p className="news-item__back">
        <Link to={`/news/${item.kind}`}>More {kindTitle} news</Link>
      </p>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = (args) => withSocial(pageTags(args as never) as never, args, args.loaderData?.item.images[0]?.src);
