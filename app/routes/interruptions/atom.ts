/** /feeds/power-interruptions.atom (optional ?town=): the interruptions as an Atom feed. */
import type { Route } from "./+types/atom";
import { services } from "../../context";
import { buildAtom } from "../../../core/interruption-feeds";
import { FEED_CACHE, feedItems } from "./feed.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, publicUrl } = services(context);
  const now = new Date();
  const result = await feedItems(db, request, now);
  if (result instanceof Response) return result;
  return new Response(buildAtom(result.items, { publicUrl, now, town: result.town }), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": FEED_CACHE },
  });
}
