/** /feeds/power-interruptions.atom (optional ?town=): the interruptions as an Atom feed. */

import { buildAtom } from "../../../modules/interruptions/feeds";
import { services } from "../../context";
import type { Route } from "./+types/atom";
import { feedResponse } from "./feed.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return feedResponse(services(context), request, (items, opts) => ({
    body: buildAtom(items, opts),
    headers: { "Content-Type": "application/atom+xml; charset=utf-8" },
  }));
}

/** The query parameters this page reads: the only ones in its server-cache key. */
export const handle = { query: ["town"] };
