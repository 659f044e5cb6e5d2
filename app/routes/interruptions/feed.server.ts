/** What the two interruption feeds share: the ?town= filter and the list (upcoming, then the last two weeks). */
import { townQuery } from "../../../core/api-params";
import { TOWNS } from "../../../core/constants";
import { listInterruptionSchedule, type Interruption } from "../../../core/interruptions";
import type { Db } from "../../../db/client";

export async function feedItems(db: Db, request: Request, now: Date): Promise<{ town?: (typeof TOWNS)[number]; items: Interruption[] } | Response> {
  const raw = (new URL(request.url).searchParams.get("town") ?? "").trim();
  let town: (typeof TOWNS)[number] | undefined;
  if (raw) {
    const parsed = townQuery.safeParse(TOWNS.find((t) => t.toLowerCase() === raw.toLowerCase()) ?? raw);
    if (!parsed.success) return new Response(`Unknown town. Use one of: ${TOWNS.join(", ")}.\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    town = parsed.data;
  }
  const { upcoming, recent } = await listInterruptionSchedule(db, town ? { town } : {}, now);
  return { town, items: [...upcoming, ...recent] };
}

/** Calendar apps poll often: a few minutes in any cache is plenty fresh. */
export const FEED_CACHE = "public, max-age=300, stale-while-revalidate=600";
