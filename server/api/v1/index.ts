/**
 * /api/v1: one plugin per spec path. Every route declares zod schemas for its
 * params, query, body and response: the response schema enforces the contract's shape.
 * Invalid params or query answer 400; an invalid body answers 422 with a message per field.
 */

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";
import { handleError, sendError } from "../../errors";
import { registerOpenApi } from "../openapi";
import type { ApiPlugin } from "./types";

/**
 * Every file in this folder with a default export (but index and tests) is one API plugin:
 * `export default async function (app: FastifyInstance, opts: { deps: AppDeps })`.
 * Loaded by name order, so adding an endpoint needs no edit here.
 */
async function loadPlugins(): Promise<ApiPlugin[]> {
  const dir = import.meta.dirname;
  const files = fs
    .readdirSync(dir)
    .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && !["index.ts", "types.ts"].includes(f) && !f.startsWith("_"))
    .sort();
  const modules = await Promise.all(files.map(async (f) => (await import(pathToFileURL(path.join(dir, f)).href)) as { default?: unknown }));
  // A module without a default plugin (the contract's names and mappers, agam-contract.ts) is a helper.
  return modules.map((m) => m.default).filter((p): p is ApiPlugin => typeof p === "function");
}

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
  for (const plugin of await loadPlugins()) await app.register(plugin, { deps: opts.deps });
}
