/** GET /api/v1/news: the news categories (tag and title), as the site's menu lists them. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { listNewsCategories } from "../../../modules/content/site.server";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

export const newsCategoriesSchema = z.object({
  data: z.object({
    categories: z.array(
      z.object({
        tag: z.string().meta({ example: "events-and-activities" }),
        title: z.string().meta({ example: "Events and Activities" }),
      }),
    ),
  }),
});

export default async function newsApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  typed(app).get(
    "/news",
    {
      schema: {
        summary: "News categories",
        description: "Every news category with its tag (used in `/news/{tag}` pages) and its title, ordered by title.",
        tags: ["News"],
        response: { 200: newsCategoriesSchema },
      },
    },
    async () => ({ data: { categories: await listNewsCategories(deps.database.db) } }),
  );
}
