/** One news item as its public page shows it; the console's preview draws the same. */
import { formatDate, manilaIsoDate } from "../../../modules/shared/dates";
import { useLocale, useT } from "../../i18n";
import { newsMessages } from "../../messages/news";
import "./news.css";

export interface NewsArticleView {
  title: string;
  createdAt: string;
  /** Sanitized HTML. */
  body: string;
  images: { src: string; width: number; height: number; alt: string }[];
}

export function NewsArticle({ item }: { item: NewsArticleView }) {
  const t = useT(newsMessages);
  const locale = useLocale();
  return (
    <article className="news-item">
      <h1>{item.title}</h1>
      <p className="news-item__date">
        {t("news.posted")} <time dateTime={manilaIsoDate(item.createdAt)}>{formatDate(item.createdAt, locale)}</time>
      </p>
      {item.images.map((img, i) => (
        <figure className="news-item__figure" key={img.src}>
          <img
            src={img.src}
            width={img.width}
            height={img.height}
            alt={img.alt}
            lang={img.alt && locale !== "en" ? "en" : undefined}
            loading={i === 0 ? "eager" : "lazy"}
            decoding="async"
          />
        </figure>
      ))}
      <div className="news-item__body" dangerouslySetInnerHTML={{ __html: item.body }} />
    </article>
  );
}
