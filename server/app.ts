/**
 * buildApp(deps): the whole HTTP service as a Fastify instance, apart from listen(),
 * so tests can build it and use inject().
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { type AgamCounts, counts } from "../modules/agam/pool.server";
import { storedOriginalName } from "../modules/content/stored-files.server";
import { HttpError, MESSAGES, nulCharacterFields } from "../modules/shared/errors";
import { AgamLive } from "./agam-live";
import { registerApi } from "./api/v1";
import { CONTENT_CHANGED_CHANNEL } from "./bus";
import { retentionOf, trustProxyOption } from "./config";
import type { AppDeps, AppServices } from "./deps";
import { answerFrameworkError, handleError, sendError } from "./errors";
import { registerLanguageNegotiation, registerLanguageSwitch } from "./language";
import { smsGatewayOf } from "./messaging/sms-config";
import { textSenderFor } from "./messaging/text-sender";
import { metrics, watchEventLoop } from "./metrics";
import { registerOpen311 } from "./open311";
import { DatabaseOutage } from "./outage";
import {
  answerKeptBeforeFastify,
  cacheApiRoutes,
  createCaches,
  createReferenceMemo,
  type KeptAnswerWritten,
  type ReferenceMemo,
  registerCacheFastPath,
} from "./page-cache";
import { paymentSettings, receiptSender } from "./payments/settings";
import { registerPortalPasskeys } from "./portal-passkeys";
import { registerRequestMetrics } from "./prometheus";
import { registerProtection, uploadLimitOf } from "./protection";
import { pagePatternReader, registerReactRouter } from "./react-router";
import { requestLog } from "./request-log";
import { RoutePolicies, registerRoutePolicies } from "./route-policy";
import { watchSchedule } from "./schedule-watch";
import { registerSecurityHeaders } from "./security";
import { registerStaff } from "./staff-console";
import { registerStorage } from "./storage";

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, bus } = deps;
  // Which paths are personal, cached, rate-limited: pages listed there, routes declare theirs.
  const policies = new RoutePolicies();
  // Public pages and API answers are served from memory for CACHE_TTL_MS as stored bytes
  // (server/page-cache.ts): a fresh copy of a URL already seen is written by the HTTP
  // server's own handler, before Fastify; any other is answered in Fastify's first hook.
  const caches = createCaches({ ttlMs: config.CACHE_TTL_MS, maxBytes: config.CACHE_MAX_BYTES }, bus, CONTENT_CHANGED_CHANNEL);
  const log = requestLog(config, policies, deps.logger);
  const trustProxy = trustProxyOption(config.TRUST_PROXY);
  const writtenBeforeFastify: ((answer: KeptAnswerWritten) => void)[] = [];
  let built: FastifyInstance | undefined;
  const answerKept = answerKeptBeforeFastify(caches, {
    trustsProxy: trustProxy !== false,
    app: () => built,
    written: (answer) => {
      for (const tell of writtenBeforeFastify) tell(answer);
    },
  });
  const app = Fastify({
    // The request log and every request's logger (server/request-log.ts).
    ...log.fastifyOptions,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Only the configured proxy's forwarding headers count (TRUST_PROXY; off by default).
    trustProxy,
    // Slow bodies: the whole request within REQUEST_TIMEOUT_MS, checked often enough to matter.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: { headersTimeout: config.REQUEST_TIMEOUT_MS, connectionsCheckingInterval: Math.min(1000, config.REQUEST_TIMEOUT_MS / 2) },
    serverFactory: (handler, options) =>
      httpServer(options, (req, res) => {
        if (!answerKept(req, res)) handler(req, res);
      }),
    bodyLimit: 64 * 1024,
    // Our own answer while closing (below), with Retry-After.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  built = app;
  writtenBeforeFastify.push(log.writtenOutside(app.log));

  registerRoutePolicies(app, policies);
  // Prometheus: requests by route pattern (server/prometheus.ts), when METRICS_PORT is set.
  if (config.METRICS_PORT !== undefined)
    writtenBeforeFastify.push(
      registerRequestMetrics(app, {
        database,
        backupDir: config.backupDir,
        dataDir: config.dataDir,
        pagePattern: deps.build ? pagePatternReader(deps.build) : undefined,
      }),
    );
  app.decorate("caches", caches);
  app.addHook("onClose", async () => caches.stop());
  // While the process stops (SIGTERM, a rolling restart: server/index.ts), every answer closes
  // its connection once sent, so the client reconnects (to another worker) rather than find an
  // idle keep-alive connection closed under it. onRequest covers the cache's fast path (it
  // answers there, hijacked); onSend covers requests that were already in flight when the stop
  // began, whose connection then closes by itself after the answer instead of being destroyed
  // by a sweep of "idle" connections.
  app.decorate("draining", false);
  app.addHook("onRequest", (request, reply, done) => {
    if (app.draining) reply.raw.shouldKeepAlive = false;
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (app.draining) reply.raw.shouldKeepAlive = false;
    done(null, payload);
  });
  // Only `/` negotiates its language, before a kept copy could answer it (server/language.ts).
  registerLanguageNegotiation(app);
  registerCacheFastPath(app, caches);
  registerClosingAnswer(app);

  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });
  registerSecurityHeaders(app);
  // CORS, same-origin writes, rate limits, no-store on personal data (server/protection.ts).
  await registerProtection(app, deps);
  // Only answers that are not kept come through here (a kept one is stored once at high
  // quality, brotli first: server/page-cache.ts), and each is compressed once: cheaply.
  // Gzip level 6 is preferred when the client takes both: for the 37 KB interruption page
  // it is as small as brotli quality 4 (7.2 KB) and costs less in the running service
  // (brotli sets up large tables per answer). One synchronous call up to 256 KiB: the
  // per-answer zlib stream cost more than the compression itself.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 256 * 1024,
    encodings: ["gzip", "br"],
    zlibOptions: { level: 6 },
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Text with U+0000 (which PostgreSQL cannot store) in any parsed body or query value is a
  // 422 naming its fields, for every route; page forms say it beside the field (readForm).
  app.addHook("preValidation", async (request) => {
    const fields = { ...nulCharacterFields(plainOrNothing(request.query)), ...nulCharacterFields(plainOrNothing(request.body)) };
    if (Object.keys(fields).length > 0) throw new HttpError(422, "invalid_body", MESSAGES.nulCharacter, fields);
  });

  app.decorate("deps", deps);
  // A database outage: logged once when it starts and once when it ends (server/outage.ts).
  const outage = new DatabaseOutage(() => database.ping(), app.log);
  app.decorate("outage", outage);
  app.addHook("onClose", async () => outage.stop());
  const reference = createReferenceMemo(config.REFERENCE_TTL_MS, bus, CONTENT_CHANGED_CHANNEL);
  app.addHook("onClose", async () => reference.stop());
  // The AGAM registered counts: one live value for the API, its stream and the status page.
  const agamCounts = new AgamLive<AgamCounts>({
    compute: () => counts(database.db),
    bus,
    onError: (error) => app.log.warn({ err: error }, "agam counts failed"),
  });
  app.decorate("agamCounts", agamCounts);
  app.addHook("onClose", async () => agamCounts.close());
  // Staff sign-in (better-auth), console headers and the passkey endpoints (server/staff-console.ts, modules/staff/).
  await registerStaff(app, deps);
  // The member portal's passkey ceremonies (its own better-auth realm: server/portal-passkeys.ts).
  await registerPortalPasskeys(app, deps);

  // Scheduled publish and unpublish times expire this process's caches and kept reference data when they fall due.
  const stopSchedule = watchSchedule({
    db: database.db,
    bus,
    channel: CONTENT_CHANGED_CHANNEL,
    // Kept reference data too: what it holds was read with the visibility of its time.
    onDue: () => {
      caches.store.expireAll();
      reference.clear();
    },
    onError: (error) => app.log.warn({ err: error }, "schedule look-up failed"),
  });
  app.addHook("onClose", async () => stopSchedule());
  cacheApiRoutes(app, caches);
  if (config.METRICS === "on") {
    const stopWatching = watchEventLoop();
    app.addHook("onClose", async () => stopWatching());
    app.get("/__metrics", async (_request, reply) =>
      reply
        .header("Cache-Control", "no-store")
        .send({ ...metrics, cache: { ...caches.store.stats, entries: caches.store.size }, rss: process.memoryUsage().rss }),
    );
  }

  // Health: alive without the database; ready only when the database answers.
  const live = { config: { policy: { cache: false } } };
  app.get("/healthz", live, async (_request, reply) => reply.header("Cache-Control", "no-store").send({ status: "ok" }));
  app.get("/readyz", live, async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    const ok = await database.ping();
    if (ok) return reply.send({ status: "ready", database: database.kind });
    return sendError(reply.header("Retry-After", "10"), 503, "unavailable", "The database is not reachable.");
  });

  await app.register(registerApi, { prefix: "/api/v1", deps });
  // Open311 GeoReport v2 (outage and hazard reports), documented in the same OpenAPI document.
  await registerOpen311(app, deps);

  registerLanguageSwitch(app);

  // Uploaded and seeded files: only regular files inside the storage folder (server/storage.ts).
  await registerStorage(app, config.storageDir, (name) => storedOriginalName(database.db, name));

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
      // The outage report's photo: up to 8 MB, plus the form around it.
      uploadLimit: uploadLimitOf,
      caches,
      onRender: () => metrics.renders++,
      services: (request) => makeServices(deps, request, reference.get),
    });
  } else {
    app.setNotFoundHandler((_request, reply) => sendError(reply, 404, "not_found", "Nothing is here."));
  }

  // Any error left (body too large, bad JSON, database down): the one error module decides the answer.
  app.setErrorHandler(handleError);

  return app;
}

export function makeServices(
  deps: AppDeps,
  request: FastifyRequest,
  reference: ReferenceMemo["get"] = (_key, compute) => compute(),
): AppServices {
  return {
    reference,
    db: deps.database.db,
    // Never from Host or X-Forwarded-Host: what a request says about the site must not reach a kept copy.
    publicUrl: deps.config.publicUrl,
    storageDir: deps.config.storageDir,
    backupDir: deps.config.backupDir,
    contentChanged: (area) => deps.bus.publish(CONTENT_CHANGED_CHANNEL, area),
    log: request.log,
    databaseFailed: (error) => request.server.outage?.failed(error) ?? false,
    agamCounts: () => request.server.agamCounts.current(),
    staff: request.staff(),
    // Alerts runtime; the SMS gateway for outage reporters; the AGAM one-time codes' sender.
    alerts: deps.alerts,
    sms: smsGatewayOf(deps.config),
    sendText: textSenderFor(deps.config),
    retention: retentionOf(deps.config),
    payments: paymentSettings(deps.config),
    paymentReceipts: receiptSender(deps),
  };
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
    caches: import("./page-cache").ServerCaches;
    outage: DatabaseOutage;
    /** The AGAM registered counts, recomputed on a registration (server/agam-live.ts). */
    agamCounts: AgamLive<AgamCounts>;
    draining: boolean;
    /**
     * on: from the moment this instance starts stopping, new requests get 503 with Retry-After.
     * retiring: this process is one worker replaced in a rolling restart, its siblings keep the
     * port: what still reaches it is answered as usual (Connection: close), never a 503.
     */
    stopping: { on: boolean; retiring: boolean };
  }
}

/**
 * While this instance stops (SIGTERM, a deploy), what reaches it now is answered 503 with
 * Retry-After on a connection that closes: nginx sends a GET on to the other instance
 * (proxy_next_upstream http_503), and a form's sender reads "send it again in a few seconds"
 * with what they typed still in the page behind the Back button, never a request half-handled.
 * Requests already in flight finish.
 */
function registerClosingAnswer(app: FastifyInstance) {
  const stopping = { on: false, retiring: false };
  app.decorate("stopping", stopping);
  app.addHook("preClose", async () => {
    // A retiring worker's port stays served by the others: a request accepted just before it
    // stops listening is answered in full, not turned away (a 503 in a rolling restart).
    stopping.on = !stopping.retiring;
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!stopping.on) return;
    reply.header("Retry-After", "5").header("Connection", "close").header("Cache-Control", "no-store");
    const message = "The site is restarting. Go back and send it again in a few seconds: what you typed is still there.";
    if (request.headers.accept?.includes("text/html"))
      return reply
        .code(503)
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Try again in a few seconds</title><p>${message}</p></html>`,
        );
    return sendError(reply, 503, "unavailable", message);
  });
}

/** A parsed body or query (plain object or array); a page's raw body stream is left to its form reader. */
function plainOrNothing(value: unknown): unknown {
  if (!value || typeof value !== "object") return typeof value === "string" ? value : undefined;
  // A stream or a buffer is not walked (the query parser's objects have a prototype of their own).
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === "function") return undefined;
  return value;
}

/**
 * The HTTP server as Fastify makes its own (fastify/lib/server.js), around a handler of ours:
 * the same options, keep-alive and timeouts.
 */
function httpServer(
  options: { http?: http.ServerOptions | null; keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number },
  handler: http.RequestListener,
): http.Server {
  const server = http.createServer(options.http ?? {}, handler);
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  server.setTimeout(options.connectionTimeout ?? 0);
  return server;
}
