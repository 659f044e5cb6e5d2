/** /news/power-interruptions.ics (optional ?town=): an iCalendar feed calendar apps subscribe to. */

import { buildIcs } from "../../../modules/interruptions/feeds";
import { services } from "../../context";
import type { Route } from "./+types/ics";
import { feedResponse } from "./feed.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return feedResponse(services(context), request, (items, opts) => ({
    body: buildIcs(items, opts),
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="power-interruptions${opts.town ? `-${opts.town.toLowerCase()}` : ""}.ics"`,
    },
  }));
}

/** The query parameters this page reads: the only ones in its server-cache key. */
export const handle = { query: ["town"] };
