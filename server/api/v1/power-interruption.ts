/** GET /api/v1/power-interruption/incoming: interruptions not yet over, soonest first (the ticker's data). */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { currentStatus, listUpcomingInterruptions } from "../../../modules/interruptions/queries.server";
import { interruptionQuery } from "../../../modules/shared/api-params";
import { INTERRUPTION_STATUSES } from "../../../modules/shared/constants";
import { formatTime } from "../../../modules/shared/dates";
import { sanitize } from "../../../modules/shared/html";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

export const incomingInterruptionsSchema = z.array(
  z.object({
    id: z.number().int(),
    date: z.object({ unix: z.number().int().meta({ description: "Start, in Unix seconds", example: 1709596800 }) }),
    time: z
      .object({ start: z.string().meta({ example: "8:00 AM" }), end: z.string().meta({ example: "5:00 PM" }) })
      .meta({ description: "Start and end times in Asia/Manila" }),
    area: z
      .array(z.object({ name: z.string().meta({ example: "Poblacion (Bani)" }) }))
      .meta({ description: "Barangays affected (or the towns, when no barangay is listed)" }),
    activities: z.string().meta({ description: "Sanitized HTML" }),
    affectedAreas: z.string().meta({ description: "Sanitized HTML" }),
    circuitToBeOpened: z.string().meta({ description: "Sanitized HTML" }),
    status: z.enum(INTERRUPTION_STATUSES).meta({ description: "The status now (a scheduled one turns ongoing at its start)" }),
    status_updated_at: z.string().meta({ description: "ISO 8601 time of the last status change", example: "2024-03-04T06:00:00.000Z" }),
  }),
);

export default async function powerInterruptionApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  typed(app).get(
    "/power-interruption/incoming",
    {
      schema: {
        summary: "Upcoming power interruptions",
        description:
          "Interruptions not yet over (ongoing or to come), soonest first; cancelled ones are left out. Filter by town and by barangay (case-insensitive name).",
        tags: ["Power interruptions"],
        querystring: interruptionQuery,
        response: { 200: incomingInterruptionsSchema },
      },
    },
    async (request) => {
      const now = new Date();
      const items = await listUpcomingInterruptions(deps.database.db, request.query, now);
      return items.map((i) => {
        const { status, since } = currentStatus(i, now);
        return {
          id: i.id,
          date: { unix: Math.floor(i.startsAt.getTime() / 1000) },
          time: { start: formatTime(i.startsAt), end: formatTime(i.endsAt) },
          area: i.barangays.length ? i.barangays.map((b) => ({ name: `${b.name} (${b.town})` })) : i.towns.map((name) => ({ name })),
          activities: sanitize(i.activities),
          affectedAreas: sanitize(i.affectedAreas),
          circuitToBeOpened: sanitize(i.circuitToBeOpened),
          status,
          status_updated_at: since.toISOString(),
        };
      });
    },
  );
}
