/** GET /api/v1/barangay: every barangay with its town. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { listBarangays } from "../../../modules/places/barangays.server";
import { TOWNS } from "../../../modules/shared/constants";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

export const barangayListSchema = z.object({
  data: z.object({ barangays: z.array(z.object({ name: z.string(), town: z.enum(TOWNS) })) }),
});

export default async function barangayApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  typed(app).get(
    "/barangay",
    { schema: { summary: "Barangays per town", tags: ["Places"], response: { 200: barangayListSchema } } },
    async () => ({
      data: { barangays: await listBarangays(deps.database.db) },
    }),
  );
}
