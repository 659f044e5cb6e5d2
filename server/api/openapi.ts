/**
 * The OpenAPI 3.1 document of /api/v1, generated from the routes' zod schemas
 * (@fastify/swagger + fastify-type-provider-zod), and its readable reference page.
 * Register before the API plugins so every route is seen.
 */
import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { COOPERATIVE } from "../../core/constants";
import { renderApiReference, type OpenApiDocument } from "./reference-page";

/** The error shape every 4xx and 503 answer has. */
export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: "bad_request" }),
      message: z.string().meta({ example: "Invalid parameter m: must be a month number from 1 to 12" }),
      fields: z.record(z.string(), z.string()).optional().meta({ description: "For 422: a message per invalid field" }),
    }),
  })
  .meta({ description: "Error" });

const errorJson = z.toJSONSchema(errorSchema, { target: "draft-2020-12" });
const error = (description: string) => ({ ...errorJson, description });

/** API paths with per-IP rate limits (see server/protection.ts). */
const RATE_LIMITED = /check-account-number|\/agam\/pool\/register|customer-satisfaction-survey/;

const zodTransform = createJsonSchemaTransform({});

/** Descriptions for answers a route declares without one. */
const DEFAULT_DESCRIPTIONS: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "400": "Refused: a parameter is invalid, or the request cannot be done (see the message)",
  "404": "Nothing has that id or name",
  "409": "Conflict: this was already done",
  "422": "The body is missing fields or has invalid ones (a message per field in `fields`)",
};

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${COOPERATIVE.shortName} public API`,
        version: "1",
        description:
          `The public JSON API of ${COOPERATIVE.name.replace(/\.$/, "")}. Every answer is JSON; errors are ` +
          '`{"error": {"code", "message"}}` with 400 (bad parameter), 404, 409, 422 (invalid body, with `fields`), 429 or 503. ' +
          "GET endpoints may be read from any origin (CORS). POST endpoints accept only requests from the site itself. " +
          "Unknown query keys are ignored. Dates and times are in Asia/Manila.",
      },
      tags: [
        { name: "About", description: "The cooperative: profile, mission, vision, core values, branches" },
        { name: "Announcements", description: "Invitations to bid and advisories" },
        { name: "Careers", description: "Job postings" },
        { name: "News", description: "News categories and content" },
        { name: "Power interruptions", description: "Scheduled power interruptions" },
        { name: "Rates", description: "Official rates and generation charges" },
        { name: "AGAM", description: "Annual general assembly of members: registration" },
        { name: "Survey", description: "Customer satisfaction survey" },
        { name: "Places", description: "Towns and barangays" },
      ],
    },
    hideUntagged: false,
    transform(doc) {
      const out = zodTransform(doc) as { schema: Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean }; url: string };
      if (out.schema?.hide) return out;
      const schema = (out.schema ??= {});
      const response = (schema.response ??= {});
      const src = doc.schema as Record<string, unknown> | undefined;
      const method = String(doc.route.method);
      for (const [code, r] of Object.entries(response)) {
        if (r && typeof r === "object" && !("description" in r)) (r as Record<string, unknown>).description = DEFAULT_DESCRIPTIONS[code] ?? "See the error's message";
      }
      if (src?.params || src?.querystring) response["400"] ??= error("A path or query parameter is invalid");
      if (src?.body) response["422"] ??= error("The body is missing fields or has invalid ones (a message per field in `fields`)");
      if (/[:{]/.test(doc.url)) response["404"] ??= error("Nothing has that id or name");
      if (RATE_LIMITED.test(doc.url)) response["429"] ??= error("Too many requests from this address; see the Retry-After header");
      if (method === "POST") {
        response["403"] ??= error("The request came from another site");
        response["413"] ??= error("The body is larger than 64 KiB");
      }
      response["503"] ??= error("The service could not answer just now; try again after Retry-After seconds");
      return out;
    },
    transformObject: jsonSchemaTransformObject,
  });

  // Rendered once per base URL (the curl examples carry it); a few hosts at most.
  const pages = new Map<string, string>();
  app.get("/openapi.json", { schema: { hide: true } }, async (_request, reply) => reply.header("Cache-Control", "public, max-age=300").send(app.swagger()));
  app.get("/docs", { schema: { hide: true } }, async (request, reply) => {
    const config = app.deps?.config;
    const base = config?.PUBLIC_URL ? config.publicUrl : `${request.protocol}://${request.host}`;
    let page = pages.get(base);
    if (!page) {
      page = renderApiReference(app.swagger() as unknown as OpenApiDocument, { openapiPath: "/api/v1/openapi.json", baseUrl: base });
      if (pages.size > 20) pages.clear();
      pages.set(base, page);
    }
    return reply.header("Cache-Control", "public, max-age=300").type("text/html; charset=utf-8").send(page);
  });
  app.get("/", { schema: { hide: true } }, async (_request, reply) => reply.redirect("/api/v1/docs", 302));
}
