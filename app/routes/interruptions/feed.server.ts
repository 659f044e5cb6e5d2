/** What the two interruption feeds share: the ?town= filter and the list (upcoming, then the last two weeks). */

import type { Db } from "../../../db/client";
import { type Interruption, listInterruptionSchedule } from "../../../modules/interruptions/queries.server";
import { townNamed } from "../../../modules/places/towns";
import { townQuery } from "../../../modules/shared/api-params";
import { TOWNS } from "../../../modules/shared/constants";

export async function feedItems(
  db: Db,
  request: Request,
  now: Date,
): Promise<{ town?: (typeof TOWNS)[number]; items: Interruption[] } | Response> {
  const raw = (new URL(request.url).searchParams.get("town") ?? "").trim();
  let town: (typeof TOWNS)[number] | undefined;
  if (raw) {
    const parsed = townQuery.safeParse(townNamed(raw) ?? raw);
    if (!parsed.success)
      return new Response(`Unknown town. Use one of: ${TOWNS.join(", ")}.\n`, {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    town = parsed.data;
  }
  const { upcoming, recent } = await listInterruptionSchedule(db, town ? { town } : {}, now);
  return { town, items: [...upcoming, ...recent] };
}

/** Calendar apps poll often: a few minutes in any cache is plenty fresh. */
const FEED_CACHE = "public, max-age=300, stale-while-revalidate=600";

type FeedOptions = { publicUrl: string; now: Date; town?: (typeof TOWNS)[number] };

/**
 * A feed route's whole loader: the ?town= filter (400 for an unknown town), the list, and
 * the document `render` makes of it, with its headers and the feeds' cache time.
 */
export async function feedResponse(
  services: { db: Db; publicUrl: string },
  request: Request,
  render: (items: Interruption[], opts: FeedOptions) => { body: string; headers: Record<string, string> },
): Promise<Response> {
  const now = new Date();
  const result = await feedItems(services.db, request, now);
  if (result instanceof Response) return result;
  const { body, headers } = render(result.items, { publicUrl: services.publicUrl, now, town: result.town });
  return new Response(body, { headers: { ...headers, "Cache-Control": FEED_CACHE } });
}
