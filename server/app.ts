/**
 * buildApp(deps): the whole HTTP service as a Fastify instance, apart from listen(),
 * so tests can build it and use inject().
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { ServerBuild } from "react-router";
import type { Config } from "./config";
import type { DatabaseHandle } from "../db/client";
import type { Bus } from "./bus";
import type { AppServices } from "../app/context";
import { registerSecurityHeaders } from "./security";
import { registerReactRouter } from "./react-router";
import { sendError } from "./errors";
import { registerApi } from "./api/v1";
import { answerFrameworkError, registerProtection } from "./protection";
import { registerStorage } from "./storage";
import { cacheApiRoutes, createCaches } from "./page-cache";
import { metrics } from "./metrics";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  bus: Bus;
  /** React Router's server build; without it only the API, files and health answer (API tests). */
  build?: ServerBuild;
  /** Folder of the client build (hashed assets and public files). */
  clientDir?: string;
  logger?: boolean | object;
}

/** Paths that carry a member's personal data: their URLs are not logged in full. */
const PERSONAL_PATH = /(check-account-number|get-registration-confirmation|agam-registration-confirmation)\/.*/;
export const CONTENT_CHANGED_CHANNEL = "content-changed";

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, bus } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: {
              // Never log bodies, query strings or personal path segments.
              req: (req: FastifyRequest) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
            },
            ...(typeof deps.logger === "object" ? deps.logger : {}),
          },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: true,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });

  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });
  registerSecurityHeaders(app);
  // CORS, same-origin writes, rate limits, no-store on personal data (server/protection.ts).
  await registerProtection(app, deps);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  app.decorate("deps", deps);

  // Public pages and API answers are served from memory for CACHE_TTL_MS (server/cache.ts).
  const caches = createCaches(config.CACHE_TTL_MS, bus, CONTENT_CHANGED_CHANNEL);
  app.decorate("caches", caches);
  app.addHook("onClose", async () => caches.stop());
  cacheApiRoutes(app, caches);
  if (config.METRICS === "on") {
    app.get("/__metrics", async (_request, reply) =>
      reply.header("Cache-Control", "no-store").send({ ...metrics, pageCache: caches.pages.stats, apiCache: caches.api.stats, rss: process.memoryUsage().rss }),
    );
  }

  // Health: alive without the database; ready only when the database answers.
  app.get("/healthz", async (_request, reply) => reply.header("Cache-Control", "no-store").send({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    const ok = await database.ping();
    if (ok) return reply.send({ status: "ready", database: database.kind });
    return sendError(reply.header("Retry-After", "10"), 503, "unavailable", "The database is not reachable.");
  });

  await app.register(registerApi, { prefix: "/api/v1", deps });

  // Uploaded and seeded files: only regular files inside the storage folder (server/storage.ts).
  await registerStorage(app, config.storageDir);

  const clientDir = deps.clientDir;
  if (clientDir && fs.existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/",
      wildcard: false,
      index: false,
      decorateReply: false,
      setHeaders(res: { header(k: string, v: string): unknown }, filePath: string) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("Cache-Control", isHashedAsset ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  }

  if (deps.build) {
    await registerReactRouter(app, {
      build: deps.build,
      mode: config.NODE_ENV,
      bodyLimit: 256 * 1024,
      caches,
      onRender: () => metrics.renders++,
      services: (request) => makeServices(deps, request),
    });
  } else {
    app.setNotFoundHandler((_request, reply) => sendError(reply, 404, "not_found", "Nothing is here."));
  }

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, "request failed");
    if (status === 413) return sendError(reply, 413, "payload_too_large", "The request body is too large.");
    if (status === 415) return sendError(reply, 415, "unsupported_media_type", "Send the body as application/json.");
    if (status === 429) return sendError(reply, 429, "rate_limited", error.message);
    if (status < 500) return sendError(reply, status, "bad_request", error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || /JSON/.test(error.message) ? "The body is not valid JSON." : "The request could not be read.");
    return sendError(reply.header("Retry-After", "10"), 503, "unavailable", "The service could not answer just now. Please try again shortly.");
  });

  return app;
}

export function makeServices(deps: AppDeps, request: FastifyRequest): AppServices {
  return {
    db: deps.database.db,
    nonce: request.cspNonce,
    publicUrl: deps.config.PUBLIC_URL ? deps.config.publicUrl : `${request.protocol}://${request.host}`,
    storageDir: deps.config.storageDir,
    contentChanged: (area) => deps.bus.publish(CONTENT_CHANGED_CHANNEL, area),
    extras: {},
  };
}

function redactUrl(url: string): string {
  const [pathOnly] = url.split("?");
  return pathOnly!.replace(PERSONAL_PATH, "$1/[redacted]");
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
    caches: import("./page-cache").ServerCaches;
  }
}
