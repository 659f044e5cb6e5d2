/**
 * /media/news-image/{id}: a news picture's bytes, so pages load images by URL
 * (cached by the browser and shared between pages) instead of inlining base64.
 * Image rows are never edited in place (a new picture is a new row with a new id),
 * so the answer is cached for a year as immutable.
 */

import { getNewsImage } from "../../../modules/content/news.server";
import { services } from "../../context";
import type { Route } from "./+types/image";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : NaN;
  const image = Number.isFinite(id) ? await getNewsImage(services(context).db, id) : null;
  if (!image)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(new Uint8Array(image.data), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.data.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
