/** The next instant at which scheduled content appears or disappears (publish_at, unpublish_at). */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export async function nextScheduledChange(db: Db, after: Date): Promise<Date | null> {
  const at = after.toISOString();
  const result = await db.execute<{ next: string | Date | null }>(sql`
    select min(t) as next from (
      select publish_at as t from announcements where publication = 'published' and publish_at > ${at}
      union all select unpublish_at from announcements where publication = 'published' and unpublish_at > ${at}
      union all select publish_at from news_items where publication = 'published' and publish_at > ${at}
      union all select unpublish_at from news_items where publication = 'published' and unpublish_at > ${at}
      union all select publish_at from careers where publication = 'published' and publish_at > ${at}
      union all select unpublish_at from careers where publication = 'published' and unpublish_at > ${at}
      union all select publish_at from power_interruptions where publication = 'published' and publish_at > ${at}
      union all select unpublish_at from power_interruptions where publication = 'published' and unpublish_at > ${at}
      union all select publish_at from news_categories where publication = 'published' and publish_at > ${at}
      union all select unpublish_at from news_categories where publication = 'published' and unpublish_at > ${at}
      union all select publish_at from gallery_images where publication = 'published' and publish_at > ${at}
      union all select unpublish_at from gallery_images where publication = 'published' and unpublish_at > ${at}
      union all select publish_at from partners where publication = 'published' and publish_at > ${at}
      union all select unpublish_at from partners where publication = 'published' and unpublish_at > ${at}
      union all select publish_at from official_rates where publish_at > ${at}
      union all select publish_at from generation_charges where publish_at > ${at}
    ) as due`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { next: string | Date | null }[] }).rows) as {
    next: string | Date | null;
  }[];
  const next = rows[0]?.next;
  return next ? new Date(next) : null;
}
