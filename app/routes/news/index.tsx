/** /news: the latest items of every kind, with links to each kind's page and to advisories. */
import { Link } from "react-router";
import { listAnnouncements } from "../../../modules/content/announcements.server";
import { latestNewsOfEveryKind } from "../../../modules/content/news.server";
import { COOPERATIVE, NEWS_KIND_TITLES, NEWS_KINDS } from "../../../modules/shared/constants";
import { formatDate, manilaIsoDate } from "../../../modules/shared/dates";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { services } from "../../context";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/index";
import { NewsCardGrid } from "./NewsCard";
import { newsCardView } from "./views.server";

const PER_KIND = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const [latest, advisories] = await Promise.all([latestNewsOfEveryKind(db, PER_KIND), listAnnouncements(db, "advisory", 3)]);
  return {
    sections: NEWS_KINDS.map((kind) => ({ kind, title: NEWS_KIND_TITLES[kind], items: latest[kind].map(newsCardView) })),
    advisories: advisories.map((a) => ({ id: a.id, title: a.title, createdAt: a.createdAt.toISOString() })),
  };
}

const pageTags: Route.MetaFunction = () => [
  { title: `News | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content: `The latest news of ${COOPERATIVE.name}: advisories, electricity rates, events, bids, and power supply and demand.`,
  },
];

export default function NewsIndex({ loaderData }: Route.ComponentProps) {
  const { sections, advisories } = loaderData;
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: "News" }]} />
      <h1>News</h1>
      <nav aria-label="News sections">
        <ul className="news-links">
          <li>
            <Link to="/news/advisories">News and Advisories</Link>
          </li>
          <li>
            <Link to="/news/power-interruptions">Power Interruptions</Link>
          </li>
          {sections.map((s) => (
            <li key={s.kind}>
              <Link to={`/news/${s.kind}`}>{s.title}</Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className="news-section" aria-labelledby="news-advisories">
        <div className="news-section__head">
          <h2 id="news-advisories">News and Advisories</h2>
          <Link to="/news/advisories">All advisories</Link>
        </div>
        {advisories.length ? (
          <ul className="news-advisory-list">
            {advisories.map((a) => (
              <li key={a.id}>
                <Link to={`/news/advisories#advisory-${a.id}`}>{a.title}</Link>{" "}
                <time dateTime={manilaIsoDate(a.createdAt)}>{formatDate(a.createdAt)}</time>
              </li>
            ))}
          </ul>
        ) : (
          <p>There are no advisories right now.</p>
        )}
      </section>

      {sections.map((s, i) => (
        <section className="news-section" key={s.kind} aria-labelledby={`news-${s.kind}`}>
          <div className="news-section__head">
            <h2 id={`news-${s.kind}`}>{s.title}</h2>
            <Link to={`/news/${s.kind}`}>All {s.title} news</Link>
          </div>
          {s.items.length ? (
            <NewsCardGrid items={s.items} headingLevel={3} eagerCount={i === 0 ? PER_KIND : 0} />
          ) : (
            <p>Nothing posted yet.</p>
          )}
        </section>
      ))}
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
