/**
 * News items of the four kinds, with their images. Filters (month in Manila and a
 * text search) run in the database, so pages and the API return the same items.
 */
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsItemImages, newsItems } from "../../db/schema";
import { NEWS_KINDS, type NewsKind } from "../shared/constants";
import { manilaMidnight } from "../shared/dates";
import { escapeLike } from "../shared/escape";
import { isRowId } from "../shared/ids";
import { newsImageSrc } from "./news-format";
import { visibleNow } from "./publication.server";

import { storedTranslations, type Translations } from "./translations";

export { truncateTitle } from "./news-format";

export interface NewsImage {
  id: number;
  contentType: string;
  width: number;
  height: number;
  /** Describes the picture; falls back to the item's title when none was stored. */
  alt: string;
  /** Where pages load it from (bytes with a long cache), rather than inlining base64. */
  src: string;
  /** The bytes, only when asked for (the API sends them as base64). */
  data?: Buffer;
}

export interface NewsItem {
  id: number;
  kind: NewsKind;
  title: string;
  /** Stored HTML; sanitize before rendering. */
  body: string;
  /** The title and body in Filipino, Pangasinan, Ilocano, when staff wrote them (modules/content/translations.ts). */
  translations: Translations;
  createdAt: Date;
  images: NewsImage[];
}

export interface NewsFilter {
  /** "YYYY-MM": only items posted in that month, Asia/Manila. */
  month?: string;
  /** Words that must each appear in the title or the body text. */
  q?: string;
}

/** The Manila month "YYYY-MM" as a half-open range of instants, or null when malformed. */
export function monthRange(month: string): { from: Date; to: Date } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const mon = Number(m[2]);
  return { from: manilaMidnight(year, mon, 1), to: manilaMidnight(mon === 12 ? year + 1 : year, mon === 12 ? 1 : mon + 1, 1) };
}

/** The words of a search, at most eight, each at most 50 characters. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => w.slice(0, 50));
}

function filterConditions(filter: NewsFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.month) {
    const range = monthRange(filter.month);
    if (range) conditions.push(gte(newsItems.createdAt, range.from), lt(newsItems.createdAt, range.to));
  }
  for (const word of searchWords(filter.q)) {
    const pattern = `%${escapeLike(word)}%`;
    // The body is HTML: match its text, not its tags.
    conditions.push(sql`(${newsItems.title} ilike ${pattern} or regexp_replace(${newsItems.body}, '<[^>]*>', ' ', 'g') ilike ${pattern})`);
  }
  return conditions;
}

async function imagesOf(db: Db, items: { id: number; title: string }[], withData: boolean): Promise<Map<number, NewsImage[]>> {
  const byId = new Map<number, NewsImage[]>(items.map((i) => [i.id, []]));
  if (!items.length) return byId;
  const titles = new Map(items.map((i) => [i.id, i.title]));
  const rows = await db
    .select({
      id: newsItemImages.id,
      newsItemId: newsItemImages.newsItemId,
      contentType: newsItemImages.contentType,
      width: newsItemImages.width,
      height: newsItemImages.height,
      alt: newsItemImages.alt,
      ...(withData ? { data: newsItemImages.data } : {}),
    })
    .from(newsItemImages)
    .where(
      inArray(
        newsItemImages.newsItemId,
        items.map((i) => i.id),
      ),
    )
    .orderBy(asc(newsItemImages.newsItemId), asc(newsItemImages.position), asc(newsItemImages.id));
  for (const r of rows) {
    const image: NewsImage = {
      id: r.id,
      contentType: r.contentType,
      width: r.width,
      height: r.height,
      alt: r.alt.trim() || titles.get(r.newsItemId) || "",
      src: newsImageSrc(r.id),
    };
    if (withData && "data" in r) image.data = r.data as Buffer;
    byId.get(r.newsItemId)?.push(image);
  }
  return byId;
}

type Row = typeof newsItems.$inferSelect;
async function withImages(db: Db, rows: Row[], withData: boolean): Promise<NewsItem[]> {
  const images = await imagesOf(db, rows, withData);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    translations: storedTranslations(r.translations),
    createdAt: r.createdAt,
    images: images.get(r.id) ?? [],
  }));
}

/** Items of one kind, newest first, filtered by month and words. */
export async function listNews(
  db: Db,
  kind: NewsKind,
  filter: NewsFilter = {},
  opts: { withImageData?: boolean; limit?: number } = {},
): Promise<NewsItem[]> {
  const query = db
    .select()
    .from(newsItems)
    .where(and(eq(newsItems.kind, kind), visibleNow(newsItems), ...filterConditions(filter)))
    .orderBy(desc(newsItems.createdAt), desc(newsItems.id));
  const rows = opts.limit ? await query.limit(opts.limit) : await query;
  return withImages(db, rows, opts.withImageData ?? false);
}

/** The latest few items of every kind, for /news. */
export async function latestNewsOfEveryKind(db: Db, perKind = 3): Promise<Record<NewsKind, NewsItem[]>> {
  const lists = await Promise.all(NEWS_KINDS.map((kind) => listNews(db, kind, {}, { limit: perKind })));
  return Object.fromEntries(NEWS_KINDS.map((kind, i) => [kind, lists[i]!])) as Record<NewsKind, NewsItem[]>;
}

/** One item by id, or null. */
export async function getNewsItem(db: Db, id: number, opts: { withImageData?: boolean } = {}): Promise<NewsItem | null> {
  if (!isRowId(id)) return null;
  const rows = await db
    .select()
    .from(newsItems)
    .where(and(eq(newsItems.id, id), visibleNow(newsItems)));
  if (!rows.length) return null;
  const [item] = await withImages(db, rows, opts.withImageData ?? false);
  return item ?? null;
}

/** One image's bytes and type, or null. */
export async function getNewsImage(db: Db, id: number): Promise<{ data: Buffer; contentType: string } | null> {
  if (!isRowId(id)) return null;
  // Only images of items the public may see (a draft's pictures stay private until it is published).
  const [row] = await db
    .select({ data: newsItemImages.data, contentType: newsItemImages.contentType })
    .from(newsItemImages)
    .innerJoin(newsItems, eq(newsItems.id, newsItemImages.newsItemId))
    .where(and(eq(newsItemImages.id, id), visibleNow(newsItems)));
  return row ?? null;
}
