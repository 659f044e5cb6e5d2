/** GET /api/v1/careers: job postings, newest first; attachments are "/storage/<file>" paths. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { listCareers } from "../../../modules/content/careers.server";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

export const careerListSchema = z.object({
  data: z.object({
    careers: z.array(
      z.object({
        id: z.number().int().meta({ example: 1 }),
        job_title: z.string().meta({ example: "Lineman I" }),
        created_at: z.string().meta({ description: "ISO 8601 date-time it was posted", example: "2026-03-05T02:00:00.000Z" }),
        attachments: z
          .array(z.string().meta({ example: "/storage/career-1-0123456789ab.pdf" }))
          .meta({ description: 'Paths of the attached files, each "/storage/<file>": open them from the API origin' }),
      }),
    ),
  }),
});

export default async function careersApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  typed(app).get(
    "/careers",
    {
      schema: {
        summary: "Job postings",
        description: "Every job posting, newest first, with the paths of its attachments.",
        tags: ["Careers"],
        response: { 200: careerListSchema },
      },
    },
    async () => ({
      data: {
        careers: (await listCareers(deps.database.db)).map((c) => ({
          id: c.id,
          job_title: c.jobTitle,
          created_at: c.createdAt.toISOString(),
          attachments: c.attachments.map((f) => f.path),
        })),
      },
    }),
  );
}
