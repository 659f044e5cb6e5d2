/** What the page shell shows on every page: news categories, partners, branches. */
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsCategories, partners } from "../../db/schema";
import { visibleNow } from "./publication.server";

export async function listNewsCategories(db: Db): Promise<{ tag: string; title: string }[]> {
  return db
    .select({ tag: newsCategories.tag, title: newsCategories.title })
    .from(newsCategories)
    .where(visibleNow(newsCategories))
    .orderBy(asc(newsCategories.title));
}

export async function listPartners(db: Db): Promise<{ name: string; url: string | null; logo: string }[]> {
  const rows = await db.select().from(partners).where(visibleNow(partners)).orderBy(asc(partners.position), asc(partners.id));
  return rows.map((p) => ({ name: p.name, url: p.url, logo: `/storage/${p.logoFileName}` }));
}
