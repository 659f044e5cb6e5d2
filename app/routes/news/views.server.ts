/** News items as the pages render them: plain data, image URLs (not base64), sanitized HTML. */

import type { NewsItem } from "../../../modules/content/news.server";
import { sanitize } from "../../../modules/shared/html";
import { titleInLanguage } from "../../content-language.server";
import type { NewsCardView } from "./NewsCard";

/** A card: its title in the page's language when staff wrote that version (`lang` says which one it is). */
export function newsCardView(n: NewsItem, request: Request): NewsCardView {
  const image = n.images[0];
  const { title, lang } = titleInLanguage(n, request);
  return {
    id: n.id,
    title,
    lang,
    createdAt: n.createdAt.toISOString(),
    image: image ? { src: image.src, width: image.width, height: image.height, alt: image.alt } : null,
  };
}

export function newsItemView(n: NewsItem) {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    createdAt: n.createdAt.toISOString(),
    body: sanitize(n.body),
    images: n.images.map((i) => ({ src: i.src, width: i.width, height: i.height, alt: i.alt })),
  };
}
