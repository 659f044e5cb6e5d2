/** GET /api/v1/about-us/{profile,mission,vision,core}: the about-us contents, sanitized HTML. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type AboutKey, getAboutContent } from "../../../modules/content/about.server";
import { HttpError } from "../../../modules/shared/errors";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

export const aboutProfileSchema = z.object({
  data: z.object({
    content: z.string().meta({ description: "Sanitized HTML", example: "<h2>Who we are</h2><p>…</p>" }),
    year: z.number().int().nullable().meta({ example: 2026 }),
    last_update: z.string().meta({ description: "ISO 8601 date-time of the last edit", example: "2026-01-15T02:00:00.000Z" }),
  }),
});

export const aboutContentSchema = z.object({
  data: z.object({ content: z.string().meta({ description: "Sanitized HTML", example: "<p>To provide…</p>" }) }),
});

const TITLES: Record<Exclude<AboutKey, "profile">, string> = { mission: "Mission", vision: "Vision", core: "Core values" };

export default async function aboutUsApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const api = typed(app);
  const load = async (key: AboutKey) => {
    const block = await getAboutContent(deps.database.db, key);
    if (!block) throw new HttpError(404, "not_found", "This content has not been published yet.");
    return block;
  };

  api.get(
    "/about-us/profile",
    {
      schema: {
        summary: "Company profile",
        description: "The company profile as sanitized HTML, with its year and the date it was last updated.",
        tags: ["About"],
        response: { 200: aboutProfileSchema },
      },
    },
    async () => {
      const block = await load("profile");
      return { data: { content: block.content, year: block.year, last_update: block.lastUpdate.toISOString() } };
    },
  );

  for (const key of ["mission", "vision", "core"] as const) {
    api.get(
      `/about-us/${key}`,
      {
        schema: {
          summary: TITLES[key],
          description: `${TITLES[key]} as sanitized HTML.`,
          tags: ["About"],
          response: { 200: aboutContentSchema },
        },
      },
      async () => {
        const block = await load(key);
        return { data: { content: block.content } };
      },
    );
  }
}
