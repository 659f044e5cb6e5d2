/**
 * /news/{tag}: a page per news category (the menu lists the same categories).
 * Categories have a tag and a title only; no items are filed under them yet, so
 * the page names the category and points to the news that exists.
 */
import { data, Link } from "react-router";
import { listNewsCategories } from "../../../modules/content/site.server";
import { COOPERATIVE, NEWS_KINDS } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { services } from "../../context";
import { useLocalePath, useT } from "../../i18n";
import { NEWS_KIND_KEYS, newsMessages } from "../../messages/news";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/category";
import "./news.css";
import { socialMeta } from "../../seo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const categories = await listNewsCategories(services(context).db);
  const category = categories.find((c) => c.tag === params.tag);
  if (!category) throw data(null, { status: 404 });
  return { category };
}

const pageTags: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const locale = localeOfPath(location.pathname);
  const title = loaderData.category.title;
  return [
    { title: `${title} | ${translator(shellMessages, locale)("nav.news")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(newsMessages, locale)("news.categoryDescription", { title, name: COOPERATIVE.name }) },
  ];
};

export default function NewsCategory({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  const t = useT(newsMessages);
  const s = useT(shellMessages);
  const lp = useLocalePath();
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: s("nav.news"), to: "/news" }, { label: category.title }]} />
      <h1>{category.title}</h1>
      <p className="notice">{t("news.categoryEmpty", { title: category.title })}</p>
      <h2>{t("news.other")}</h2>
      <ul className="news-links">
        <li>
          <Link to={lp("/news/advisories")}>{s("nav.advisories")}</Link>
        </li>
        {NEWS_KINDS.map((kind) => (
          <li key={kind}>
            <Link to={lp(`/news/${kind}`)}>{t(NEWS_KIND_KEYS[kind])}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
