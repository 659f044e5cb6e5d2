/** /news: the latest items of every kind, with links to each kind's page and to advisories. */
import { Link } from "react-router";
import { listAnnouncements } from "../../../modules/content/announcements.server";
import { latestNewsOfEveryKind } from "../../../modules/content/news.server";
import { COOPERATIVE, NEWS_KINDS } from "../../../modules/shared/constants";
import { formatDate, manilaIsoDate } from "../../../modules/shared/dates";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Spinner } from "../../components/ui/Spinner";
import { titleInLanguage } from "../../content-language.server";
import { services } from "../../context";
import { useLocale, useLocalePath, useT } from "../../i18n";
import { NEWS_KIND_KEYS, newsMessages } from "../../messages/news";
import { shellMessages } from "../../messages/shell";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/index";
import { NewsCardGrid } from "./NewsCard";
import { newsCardView } from "./views.server";

const PER_KIND = 3;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, reference } = services(context);
  // Kept until a content change (services.reference); each language's cards are built from it.
  const [latest, advisories] = await reference("news-index", () =>
    Promise.all([latestNewsOfEveryKind(db, PER_KIND), listAnnouncements(db, "advisory", 3)]),
  );
  return {
    sections: NEWS_KINDS.map((kind) => ({ kind, items: latest[kind].map((n) => newsCardView(n, request)) })),
    advisories: advisories.map((a) => ({ id: a.id, ...titleInLanguage(a, request), createdAt: a.createdAt.toISOString() })),
  };
}

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.news")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(newsMessages, locale)("news.description", { name: COOPERATIVE.name }) },
  ];
};

export default function NewsIndex({ loaderData }: Route.ComponentProps) {
  const { advisories } = loaderData;
  const t = useT(newsMessages);
  const s = useT(shellMessages);
  const lp = useLocalePath();
  const locale = useLocale();
  const sections = loaderData.sections.map((section) => ({ ...section, title: t(NEWS_KIND_KEYS[section.kind]) }));
  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: s("nav.news") }]} />
      <h1>{s("nav.news")}</h1>
      <nav aria-label={t("news.sections")}>
        <ul className="news-links">
          <li>
            <Link to={lp("/news/advisories")}>{s("nav.advisories")}</Link>
          </li>
          <li>
            <Link to={lp("/news/power-interruptions")}>{s("nav.interruptions")}</Link>
          </li>
          {sections.map((section) => (
            <li key={section.kind}>
              <Link to={lp(`/news/${section.kind}`)}>{section.title}</Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className="news-section" aria-labelledby="news-advisories">
        <div className="news-section__head">
          <h2 id="news-advisories">{s("nav.advisories")}</h2>
          <Link to={lp("/news/advisories")}>{t("news.allAdvisories")}</Link>
        </div>
        {advisories.length ? (
          <ul className="news-advisory-list">
            {advisories.map((a) => (
              <li key={a.id}>
                <Link to={lp(`/news/advisories#advisory-${a.id}`)} lang={a.lang === locale ? undefined : a.lang}>
                  {a.title}
                </Link>{" "}
                <time dateTime={manilaIsoDate(a.createdAt)}>{formatDate(a.createdAt, locale)}</time>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("news.noAdvisories")}</p>
        )}
      </section>

      {sections.map((section, i) => (
        <section className="news-section" key={section.kind} aria-labelledby={`news-${section.kind}`}>
          <div className="news-section__head">
            <h2 id={`news-${section.kind}`}>{section.title}</h2>
            <Link to={lp(`/news/${section.kind}`)}>{t("news.allOfKind", { title: section.title })}</Link>
          </div>
          {section.items.length ? (
            <NewsCardGrid items={section.items} headingLevel={3} eagerCount={i === 0 ? PER_KIND : 0} />
          ) : (
            <p>{t("news.nothingYet")}</p>
          )}
        </section>
      ))}
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
