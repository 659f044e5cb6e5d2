/**
 * GET /api/v1/news-advisory/content/{kind} (optional month=YYYY-MM and q) and
 * /news-advisory/{id}: news items with their images as base64 strings, as the spec says.
 * The month is a calendar month in Asia/Manila; q matches every word in the title or body text.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { getNewsItem, listNews, type NewsItem } from "../../../modules/content/news.server";
import { idParams, newsContentQuery, newsKindParam } from "../../../modules/shared/api-params";
import { HttpError } from "../../../modules/shared/errors";
import { sanitize } from "../../../modules/shared/html";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

export const newsItemSchema = z.object({
  _id: z.number().int().meta({ description: "The item's id, as in /news/advisory/{id}", example: 12 }),
  title: z.string().meta({ example: "Lower generation charge this month" }),
  body: z.string().meta({ description: "Sanitized HTML", example: "<p>Lower generation charge this month.</p>" }),
  createdAt: z.string().meta({ description: "ISO 8601 date-time it was posted", example: "2026-03-05T02:00:00.000Z" }),
  images: z.array(z.string().meta({ description: "Image bytes, base64", example: "UklGRk…" })),
});
export const newsItemListSchema = z.array(newsItemSchema);

const serialize = (n: NewsItem) => ({
  _id: n.id,
  title: n.title,
  body: sanitize(n.body),
  createdAt: n.createdAt.toISOString(),
  images: n.images.map((i) => (i.data ?? Buffer.alloc(0)).toString("base64")),
});

export default async function newsAdvisoryApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const api = typed(app);
  api.get(
    "/news-advisory/content/:kind",
    {
      schema: {
        summary: "News items of one kind",
        description:
          "Items of one kind, newest first. `month=YYYY-MM` keeps the items posted in that month (Asia/Manila); `q` keeps the items whose title or body text contains every word of it (case-insensitive). Images are base64 strings.",
        tags: ["News"],
        params: z.object({ kind: newsKindParam }),
        querystring: newsContentQuery,
        response: { 200: newsItemListSchema },
      },
    },
    async (request) => {
      const items = await listNews(
        deps.database.db,
        request.params.kind,
        { month: request.query.month, q: request.query.q },
        { withImageData: true },
      );
      return items.map(serialize);
    },
  );

  api.get(
    "/news-advisory/:id",
    {
      schema: {
        summary: "One news item",
        description: "One news item by id, with its images as base64 strings. 404 when there is none with that id.",
        tags: ["News"],
        params: idParams,
        response: { 200: newsItemSchema },
      },
    },
    async (request) => {
      const item = await getNewsItem(deps.database.db, request.params.id, { withImageData: true });
      if (!item) throw new HttpError(404, "not_found", "There is no news item with this id.");
      return serialize(item);
    },
  );
}
