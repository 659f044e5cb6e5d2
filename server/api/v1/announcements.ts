/**
 * GET /api/v1/announcements/bid, /announcements/advisory and /announcements/bid/{id}.
 * Attachments are paths from the site's root, "/storage/<file>", so a client opens
 * them by prefixing the API's origin (the spec's "{api domain}/storage/{file}").
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type Announcement, getAnnouncement, listAnnouncements } from "../../../modules/content/announcements.server";
import { idParams } from "../../../modules/shared/api-params";
import type { AnnouncementKind } from "../../../modules/shared/constants";
import { HttpError } from "../../../modules/shared/errors";
import { sanitize } from "../../../modules/shared/html";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

const attachmentsSchema = z
  .array(z.string().meta({ example: "/storage/bid-1-0123456789ab.pdf" }))
  .meta({ description: 'Paths of the attached files, each "/storage/<file>": open them from the API origin' });

export const announcementSchema = z.object({
  id: z.number().int().meta({ example: 1 }),
  title: z.string().meta({ example: "Supply and Delivery of 15 kVA Distribution Transformers" }),
  created_at: z.string().meta({ description: "ISO 8601 date-time it was posted", example: "2026-03-05T02:00:00.000Z" }),
  attachments: attachmentsSchema,
});

export const announcementListSchema = z.object({ data: z.object({ announcements: z.array(announcementSchema) }) });
export const announcementOneSchema = z.object({
  data: z.object({
    announcement: announcementSchema.extend({
      body: z.string().meta({ description: "Sanitized HTML (empty when there is none)", example: "<p>The cooperative invites…</p>" }),
    }),
  }),
});

const serialize = (a: Announcement) => ({
  id: a.id,
  title: a.title,
  created_at: a.createdAt.toISOString(),
  attachments: a.attachments.map((f) => f.path),
});

const LABELS: Record<AnnouncementKind, string> = { bid: "Invitations to bid", advisory: "Advisories" };

export default async function announcementsApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const api = typed(app);
  for (const kind of ["bid", "advisory"] as const) {
    api.get(
      `/announcements/${kind}`,
      {
        schema: {
          summary: LABELS[kind],
          description: `Every ${kind === "bid" ? "invitation to bid" : "advisory"}, newest first, with the paths of its attachments.`,
          tags: ["Announcements"],
          response: { 200: announcementListSchema },
        },
      },
      async () => ({ data: { announcements: (await listAnnouncements(deps.database.db, kind)).map(serialize) } }),
    );
  }

  api.get(
    "/announcements/bid/:id",
    {
      schema: {
        summary: "One invitation to bid",
        description: "One invitation to bid by id, with its sanitized body and attachments. 404 when there is none with that id.",
        tags: ["Announcements"],
        params: idParams,
        response: { 200: announcementOneSchema },
      },
    },
    async (request) => {
      const bid = await getAnnouncement(deps.database.db, "bid", request.params.id);
      if (!bid) throw new HttpError(404, "not_found", "There is no invitation to bid with this id.");
      return { data: { announcement: { ...serialize(bid), body: sanitize(bid.body) } } };
    },
  );
}
