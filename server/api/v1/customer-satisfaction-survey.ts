/**
 * POST /api/v1/customer-satisfaction-survey: one answer per account.
 * 201 {data: {id}}; 400 when the account already answered (the page shows
 * "already submitted" on 400, so invalid bodies are 422, answered by the API layer).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { NOT_MATCHED_MESSAGE, submitSurvey, surveySchema } from "../../../modules/members/survey.server";
import { errorSchema, HttpError } from "../../../modules/shared/errors";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

export const surveyCreatedSchema = z.object({ data: z.object({ id: z.number().int() }) });

export default async function surveyApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  typed(app).post(
    "/customer-satisfaction-survey",
    {
      config: { policy: { personal: true, bucket: "survey" } },
      schema: {
        summary: "Submit the customer satisfaction survey (one answer per account)",
        tags: ["Survey"],
        body: surveySchema,
        response: { 201: surveyCreatedSchema, 400: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const result = await submitSurvey(deps.database.db, request.body);
      if (result.status === "not-matched")
        throw new HttpError(422, "invalid_body", NOT_MATCHED_MESSAGE, { accountNumber: NOT_MATCHED_MESSAGE });
      if (result.status === "already-answered") throw new HttpError(400, "bad_request", "This account has already answered the survey.");
      return reply.code(201).send({ data: { id: result.id } });
    },
  );
}
