/** One card of the news pages: picture, title cut at 20 characters, date, link to the item. */
import { Link } from "react-router";
import { truncateTitle } from "../../../modules/content/news-format";
import { formatDate, manilaIsoDate } from "../../../modules/shared/dates";
import { useLocale, useLocalePath } from "../../i18n";
import "./news.css";

export const DEFAULT_NEWS_IMAGE = { src: "/news-default.svg", width: 800, height: 450 };

export interface NewsCardView {
  id: number;
  title: string;
  /** The title's language (English when no version in the page's language was written). */
  lang: string;
  /** ISO 8601 */
  createdAt: string;
  image: { src: string; width: number; height: number; alt: string } | null;
}

export function NewsCard({ item, eager = false, headingLevel = 2 }: { item: NewsCardView; eager?: boolean; headingLevel?: 2 | 3 }) {
  const short = truncateTitle(item.title);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const img = item.image ?? { ...DEFAULT_NEWS_IMAGE, alt: "" };
  const locale = useLocale();
  const lp = useLocalePath();
  return (
    <article className="news-card">
      <img
        className="news-card__image"
        src={img.src}
        width={img.width}
        height={img.height}
        alt={img.alt}
        // The picture's description is staff's, in English only: marked so on a Filipino page.
        lang={img.alt && locale !== "en" ? "en" : undefined}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="news-card__body">
        <Heading className="news-card__title" lang={item.lang === locale ? undefined : item.lang}>
          <Link to={lp(`/news/advisory/${item.id}`)} title={short === item.title ? undefined : item.title} className="news-card__link">
            {short === item.title ? (
              item.title
            ) : (
              <>
                <span aria-hidden="true">{short}</span>
                <span className="visually-hidden">{item.title}</span>
              </>
            )}
          </Link>
        </Heading>
        <p className="news-card__date">
          <time dateTime={manilaIsoDate(item.createdAt)}>{formatDate(item.createdAt, locale)}</time>
        </p>
      </div>
    </article>
  );
}

export function NewsCardGrid({
  items,
  headingLevel = 2,
  eagerCount = 3,
}: {
  items: NewsCardView[];
  headingLevel?: 2 | 3;
  eagerCount?: number;
}) {
  return (
    <ul className="news-grid">
      {items.map((item, i) => (
        <li key={item.id}>
          <NewsCard item={item} eager={i < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
