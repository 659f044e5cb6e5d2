/** /news/power-interruptions.ics (optional ?town=): an iCalendar feed calendar apps subscribe to. */
import type { Route } from "./+types/ics";
import { services } from "../../context";
import { buildIcs } from "../../../core/interruption-feeds";
import { FEED_CACHE, feedItems } from "./feed.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, publicUrl } = services(context);
  const now = new Date();
  const result = await feedItems(db, request, now);
  if (result instanceof Response) return result;
  const name = `power-interruptions${result.town ? `-${result.town.toLowerCase()}` : ""}.ics`;
  return new Response(buildIcs(result.items, { publicUrl, now, town: result.town }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="${name}"`,
      "Cache-Control": FEED_CACHE,
    },
  });
}
