/**
 * /api/v1: one plugin per spec path. Every route declares zod schemas for its
 * params, query, body and response: the response schema enforces the contract's shape.
 * Invalid params or query answer 400; an invalid body answers 422 with a message per field.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app";
import { HttpError, sendError } from "../../errors";
import { registerOpenApi } from "../openapi";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Every file in this folder (but index, types and tests) is one API plugin:
 * `export default async function (app: FastifyInstance, opts: { deps: AppDeps })`.
 * Loaded by name order, so adding an endpoint needs no edit here.
 */
async function loadPlugins(): Promise<((app: FastifyInstance, opts: { deps: AppDeps }) => Promise<void>)[]> {
  const dir = import.meta.dirname;
  const files = fs
    .readdirSync(dir)
    .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && !["index.ts", "types.ts"].includes(f) && !f.startsWith("_"))
    .sort();
  return Promise.all(files.map(async (f) => (await import(pathToFileURL(path.join(dir, f)).href)).default));
}

export async function registerApi(app: FastifyInstance, opts: { deps: AppDeps }) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.status, error.code, error.message, error.fields);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext;
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || String((issue.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path?.join?.(".") ?? "") || "body";
        fields[key] ??= issue.message ?? "is invalid";
      }
      if (context === "body") return sendError(reply, 422, "invalid_body", "Some fields are missing or invalid.", fields);
      const [name, message] = Object.entries(fields)[0] ?? ["parameter", "is invalid"];
      return sendError(reply, 400, "bad_request", `Invalid ${context === "querystring" ? "query parameter" : "parameter"} ${name}: ${message}`);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 413) return sendError(reply, 413, "payload_too_large", "The request body is too large.");
    if (status === 415) return sendError(reply, 415, "unsupported_media_type", "Send the body as application/json.");
    if (status === 429) return sendError(reply, 429, "rate_limited", error.message);
    if (status < 500) return sendError(reply, status, "bad_request", error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ? "The body is not valid JSON." : error.message);
    request.log.error({ err: error }, "api request failed");
    return sendError(reply.header("Retry-After", "10"), 503, "unavailable", "The service could not answer just now. Please try again shortly.");
  });

  const notFound = (_request: unknown, reply: import("fastify").FastifyReply) => sendError(reply, 404, "not_found", "There is no such API endpoint.");
  app.setNotFoundHandler(notFound);
  // Outranks the pages' catch-all, so unknown API paths answer JSON, not the HTML 404 page.
  app.all("/*", { schema: { hide: true } }, notFound);

  // Before the plugins, so the OpenAPI document sees every route.
  await registerOpenApi(app);
  for (const plugin of await loadPlugins()) await app.register(plugin, { deps: opts.deps });
}
