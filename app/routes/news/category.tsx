/**
 * /news/{tag}: a page per news category (the menu lists the same categories).
 * Categories have a tag and a title only; no items are filed under them yet, so
 * the page names the category and points to the news that exists.
 */
import { data, Link } from "react-router";
import { listNewsCategories } from "../../../modules/content/site.server";
import { COOPERATIVE, NEWS_KIND_TITLES, NEWS_KINDS } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { services } from "../../context";
import type { Route } from "./+types/category";
import "./news.css";
import { socialMeta } from "../../seo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const categories = await listNewsCategories(services(context).db);
  const category = categories.find((c) => c.tag === params.tag);
  if (!category) throw data(null, { status: 404 });
  return { category };
}

const pageTags: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.category.title} | News | ${COOPERATIVE.shortName}` },
        { name: "description", content: `${loaderData.category.title}: news of ${COOPERATIVE.name}.` },
      ]
    : [];

export default function NewsCategory({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: "News", to: "/news" }, { label: category.title }]} />
      <h1>{category.title}</h1>
      <p className="notice">Nothing has been posted under {category.title} yet. Please check again soon.</p>
      <h2>Other news</h2>
      <ul className="news-links">
        <li>
          <Link to="/news/advisories">News and Advisories</Link>
        </li>
        {NEWS_KINDS.map((kind) => (
          <li key={kind}>
            <Link to={`/news/${kind}`}>{NEWS_KIND_TITLES[kind]}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
