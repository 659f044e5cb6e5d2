/**
 * /api/v1: one plugin per spec path. Every route declares zod schemas for its
 * params, query, body and response: the response schema enforces the contract's shape.
 * Invalid params or query answer 400; an invalid body answers 422 with a message per field.
 */

import type { FastifyInstance, FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";
import { handleError, sendError } from "../../errors";
import { registerOpenApi } from "../openapi";
import aboutUs from "./about-us";
import agam from "./agam";
import alerts from "./alerts";
import announcements from "./announcements";
import barangay from "./barangay";
import billing from "./billing";
import branch from "./branch";
import careers from "./careers";
import customerSatisfactionSurvey from "./customer-satisfaction-survey";
import news from "./news";
import newsAdvisory from "./news-advisory";
import outages from "./outages";
import payments from "./payments";
import powerInterruption from "./power-interruption";
import rates from "./rates";
import type { ApiPlugin } from "./types";

/**
 * Every API plugin, one per file of this folder, in name order: written out (not read from the
 * folder at start) so that the service's bundle holds them (scripts/build-service.mjs);
 * tests/api/plugin-list.test.ts fails when a file with a plugin is missing here.
 */
export const API_PLUGINS: Record<string, ApiPlugin> = {
  "about-us": aboutUs,
  agam: agam,
  alerts: alerts,
  announcements: announcements,
  barangay: barangay,
  billing: billing,
  branch: branch,
  careers: careers,
  "customer-satisfaction-survey": customerSatisfactionSurvey,
  "news-advisory": newsAdvisory,
  news: news,
  outages: outages,
  payments: payments,
  "power-interruption": powerInterruption,
  rates: rates,
};

export async function registerApi(app: FastifyInstance, opts: { deps: AppDeps }) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Validation (400 for params and query, 422 with a message per field for bodies), size,
  // media type, conflicts, database down: one mapping for the API and the pages (modules/shared/errors.ts).
  app.setErrorHandler(handleError);

  const notFound = (_request: unknown, reply: FastifyReply) => sendError(reply, 404, "not_found", "There is no such API endpoint.");
  app.setNotFoundHandler(notFound);
  // Outranks the pages' catch-all, so unknown API paths answer JSON, not the HTML 404 page.
  app.all("/*", { schema: { hide: true } }, notFound);

  // Before the plugins, so the OpenAPI document sees every route.
  await registerOpenApi(app);
  for (const plugin of Object.values(API_PLUGINS)) await app.register(plugin, { deps: opts.deps });
}
