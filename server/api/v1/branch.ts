/** GET /api/v1/branch: the cooperative's offices with address and phone numbers, in display order. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { listBranches } from "../../../modules/places/branches.server";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

export const branchListSchema = z.object({
  data: z.object({
    branches: z.array(
      z.object({
        name: z.string().meta({ example: "Hotline / Consumer Welfare" }),
        address: z.string().meta({ example: "National Road, Poblacion, Bani, Pangasinan" }),
        phones: z.array(z.string()).meta({ example: ["0917 555 0101", "(075) 553-0123"] }),
      }),
    ),
  }),
});

export default async function branchApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  typed(app).get(
    "/branch",
    {
      schema: {
        summary: "Offices and phone numbers",
        description: "Hotline, area sub offices and technical services, each with its address and phone numbers.",
        tags: ["Places"],
        response: { 200: branchListSchema },
      },
    },
    async () => ({
      data: { branches: (await listBranches(deps.database.db)).map((b) => ({ name: b.name, address: b.address, phones: b.phones })) },
    }),
  );
}
