/**
 * The OpenAPI 3.1 document of /api/v1, generated from the routes' zod schemas
 * (@fastify/swagger + fastify-type-provider-zod), and its readable reference page.
 * Register before the API plugins so every route is seen.
 */

import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { COOPERATIVE } from "../../modules/shared/constants";
import { errorSchema } from "../../modules/shared/errors";
import { routePolicy } from "../route-policy";
import { open311Paths } from "./open311-openapi";
import { openApiDocumentSchema, renderApiReference } from "./reference-page";

const errorJson = z.toJSONSchema(errorSchema, { target: "draft-2020-12" });
const error = (description: string) => ({ ...errorJson, description });

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

type Operation = { operationId?: string; responses?: Record<string, unknown> };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * What @redocly/cli's recommended rules ask of the whole document, added in one place (in
 * place, on the document @fastify/swagger built): the server (this site: paths already carry
 * /api/v1), no security scheme (the API is public), the Open311 paths (they live outside
 * /api/v1, server/open311.ts), an operation id per operation, the 400 every route gives for a
 * malformed address, and the event stream's 200 as `text/event-stream`.
 */
export function completeDocument(doc: object): void {
  const paths = { ...("paths" in doc && isObject(doc.paths) ? doc.paths : {}), ...open311Paths };
  Object.assign(doc, { servers: [{ url: "/", description: "This site" }], security: [], paths });
  for (const [url, methods] of Object.entries(paths)) {
    if (!isObject(methods)) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!isObject(op) || !["get", "post", "put", "patch", "delete", "head"].includes(method)) continue;
      completeOperation(op, method, url);
    }
  }
}

function completeOperation(op: Operation, method: string, url: string): void {
  op.operationId ??= operationId(method, url);
  const responses = (op.responses ??= {});
  if (!Object.keys(responses).some((code) => code.startsWith("4")))
    responses["400"] = {
      description: "The address is malformed (a bad percent-encoding)",
      content: { "application/json": { schema: errorJson } },
    };
  if (url.endsWith("/agam/pool/stream")) {
    responses["200"] = {
      description:
        "A stream of server-sent events: `event: counts` with the counts as JSON in `data`, on connect and on every change; comment lines as heartbeats",
      content: {
        "text/event-stream": {
          schema: { type: "string", example: 'event: counts\ndata: {"qmember":12,"qmember_north":7,"qmember_south":5}\n\n' },
        },
      },
    };
  }
}

/** `get` + `/api/v1/agam/pool/check-account-number/{account}` → getAgamPoolCheckAccountNumberByAccount */
function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, "")
    .split("/")
    .filter(Boolean)
    .map((part) => (part.startsWith("{") ? `by-${part.slice(1, -1)}` : part));
  // Letters and digits only (`services.json` → ServicesJson): an id is used in URLs and code.
  return (
    method +
    words
      .join("-")
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join("")
  );
}

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
          "The billing endpoints take the billing system's integration token instead (Billing). Unknown query keys are ignored. Dates and times are in Asia/Manila.",
      },
      components: {
        securitySchemes: {
          billingToken: {
            type: "http",
            scheme: "bearer",
            description: "An integration token made by an administrator in the console (Billing tokens); revocable; every use audited",
          },
        },
      },
      tags: [
        { name: "About", description: "The cooperative: profile, mission, vision, core values, branches" },
        { name: "Announcements", description: "Invitations to bid and advisories" },
        { name: "Careers", description: "Job postings" },
        { name: "News", description: "News categories and content" },
        { name: "Power interruptions", description: "Scheduled power interruptions" },
        { name: "Rates", description: "Official rates, the unbundled rate schedule and generation charges" },
        { name: "Billing", description: "For the cooperative's billing system: bill and payment import with an integration token" },
        { name: "AGAM", description: "Annual general assembly of members: registration" },
        { name: "Survey", description: "Customer satisfaction survey" },
        { name: "Places", description: "Towns and barangays" },
        { name: "Outages", description: "Restoration status by town and the CAP 1.2 alert feed" },
        { name: "Open311", description: "Open311 GeoReport v2 at /open311/v2: file and follow outage and hazard reports (JSON or XML)" },
      ],
    },
    hideUntagged: false,
    transform(doc) {
      const out = zodTransform(doc) as {
        schema: Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean };
        url: string;
      };
      if (out.schema?.hide) return out;
      const schema = (out.schema ??= {});
      const response = (schema.response ??= {});
      const src = doc.schema as Record<string, unknown> | undefined;
      const method = String(doc.route.method);
      for (const [code, r] of Object.entries(response)) {
        if (r && typeof r === "object" && !("description" in r))
          (r as Record<string, unknown>).description = DEFAULT_DESCRIPTIONS[code] ?? "See the error's message";
      }
      if (src?.params || src?.querystring) response["400"] ??= error("A path or query parameter is invalid");
      if (src?.body) response["422"] ??= error("The body is missing fields or has invalid ones (a message per field in `fields`)");
      if (/[:{]/.test(doc.url)) response["404"] ??= error("Nothing has that id or name");
      if (routePolicy(doc.route).bucket) response["429"] ??= error("Too many requests from this address; see the Retry-After header");
      if (method === "POST") {
        response["403"] ??= error("The request came from another site");
        response["413"] ??= error("The body is larger than 64 KiB");
      }
      response["503"] ??= error("The service could not answer just now; try again after Retry-After seconds");
      return out;
    },
    transformObject: (input) => {
      const out = jsonSchemaTransformObject(input);
      completeDocument(out);
      return out;
    },
  });

  // Rendered once per base URL (the curl examples carry it); a few hosts at most.
  const pages = new Map<string, string>();
  app.get("/openapi.json", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("Cache-Control", "public, max-age=300").send(app.swagger()),
  );
  app.get("/docs", { schema: { hide: true } }, async (request, reply) => {
    const config = app.deps?.config;
    const base = config?.PUBLIC_URL ? config.publicUrl : `${request.protocol}://${request.host}`;
    let page = pages.get(base);
    if (!page) {
      page = renderApiReference(openApiDocumentSchema.parse(app.swagger()), { openapiPath: "/api/v1/openapi.json", baseUrl: base });
      if (pages.size > 20) pages.clear();
      pages.set(base, page);
    }
    return reply.header("Cache-Control", "public, max-age=300").type("text/html; charset=utf-8").send(page);
  });
  app.get("/", { schema: { hide: true } }, async (_request, reply) => reply.redirect("/api/v1/docs", 302));
}
