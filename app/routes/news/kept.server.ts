/** The news lists as the pages read them: kept until a content change (services.reference). */
import { listNews, type NewsItem } from "../../../modules/content/news.server";
import { NEWS_KINDS, type NewsKind } from "../../../modules/shared/constants";
import type { AppServices } from "../../../server/deps";

/** Every visible item of one kind, newest first. */
export function keptNews(s: Pick<AppServices, "db" | "reference">, kind: NewsKind): Promise<NewsItem[]> {
  return s.reference(`news:${kind}`, () => listNews(s.db, kind));
}

/** One visible item by id, from the kept lists; null when none has it. */
export async function keptNewsItem(s: Pick<AppServices, "db" | "reference">, id: number): Promise<NewsItem | null> {
  const lists = await Promise.all(NEWS_KINDS.map((kind) => keptNews(s, kind)));
  return lists.flat().find((n) => n.id === id) ?? null;
}
