/**
 * Cached answers as stored bytes. A public page, feed, sitemap or API answer is kept
 * already compressed (brotli, gzip and identity), with every header it is sent with
 * (its own CSP, by the hashes of its inline scripts), and served with no work on the
 * body: a hit is answered in the first hook, before routing work, rate limits or
 * compression run. `ETag` and `If-None-Match` give `304`.
 *
 * The cache key is the normalized path plus only the query parameters the route reads
 * (declared per page route as `handle.query`, per API route by its querystring schema),
 * so `?cb=N` never makes a new entry; `Host` and `X-Forwarded-Host` are not in the key and
 * never reach what is stored (absolute links come from PUBLIC_URL only).
 */
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { acceptedEncodings } from "../modules/shared/accept-encoding";
import { HttpError } from "../modules/shared/errors";
import type { Bus } from "./bus";
import { CHANGES_THAT_KEEP_CACHE, publicCacheControl, ResponseCache } from "./cache";
import { NEGOTIATED_VARY } from "./language";
import { PUBLIC_READ_CORS } from "./protection";
import { normalizePath, routePolicy } from "./route-policy";
import { contentSecurityPolicy, documentPolicy, HSTS, STATIC_SECURITY_HEADERS } from "./security";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = "br" | "gzip" | "identity";

interface Variant {
  body: Buffer;
  /** Flat [name, value, …] for writeHead, without the per-request headers. */
  headers: string[];
}

export interface StoredAnswer {
  status: number;
  variants: Record<Encoding, Variant>;
  /** Headers of a 304. */
  notModified: string[];
  etag: string;
  savedAt: number;
  bytes: number;
}

export interface ServerCaches {
  /** Every kept answer, pages and API alike, capped in bytes. */
  store: ResponseCache<StoredAnswer>;
  ttlMs: number;
  /** The query parameters a page reads, by normalized path (set by the React Router glue). */
  pageQuery?: (pathname: string) => readonly string[];
  /**
   * keyOf's answers by request URL (bounded), so that a hit costs one look-up, not a path
   * normalization; with the route's pattern, which the metrics of a hit answered before
   * Fastify (answerKeptBeforeFastify) are counted under.
   */
  keys: Map<string, KeyOfUrl>;
}

interface KeyOfUrl {
  key: string | undefined;
  route: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The server-cache key of this request, when its answer may be kept. */
    cacheKey?: string;
  }
  interface FastifyContextConfig {
    /** API GET routes: the query parameters the answer depends on (set by cacheApiRoutes). */
    cacheQuery?: readonly string[];
    /** The React Router catch-all: pages, feeds and files it renders may be kept. */
    pageCache?: boolean;
  }
}

export function createCaches(opts: { ttlMs: number; maxBytes: number }, bus: Bus, contentChannel: string): ServerCaches & { stop(): void } {
  // Past its time a copy is served for 60 s more while one render renews it (as stale-while-revalidate=60 tells proxies).
  const store = new ResponseCache<StoredAnswer>(opts.ttlMs, undefined, 20_000, opts.maxBytes, (a) => a.bytes, 60_000);
  const caches: ServerCaches = { store, ttlMs: opts.ttlMs, keys: new Map() };
  const stop = bus.subscribe(contentChannel, (area) => {
    if (CHANGES_THAT_KEEP_CACHE.has(area)) return;
    store.expireAll();
  });
  return Object.assign(caches, { stop });
}

export interface ReferenceMemo {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Drops everything kept (a scheduled publication fell due). */
  clear(): void;
  stop(): void;
}

/** Reference data kept in memory for ttlMs, dropped on every content change (every process, through the bus). */
export function createReferenceMemo(ttlMs: number, bus: Bus, contentChannel: string): ReferenceMemo {
  const kept = new Map<string, { at: number; value: Promise<unknown> }>();
  const stop = bus.subscribe(contentChannel, (area) => {
    if (!CHANGES_THAT_KEEP_CACHE.has(area)) kept.clear();
  });
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return compute();
      const now = Date.now();
      const entry = kept.get(key);
      if (entry && now - entry.at < ttlMs) return entry.value as Promise<T>;
      const value = compute();
      kept.set(key, { at: now, value });
      // A failure is not kept: the next request asks the database again.
      value.catch(() => kept.get(key)?.value === value && kept.delete(key));
      return value;
    },
    clear: () => kept.clear(),
    stop,
  };
}

/** The normalized path plus the kept query parameters, sorted: the same answer, the same key. */
export function cacheKey(url: string, keep: readonly string[]): string {
  const q = url.indexOf("?");
  const path = normalizePath(q < 0 ? url : url.slice(0, q));
  if (q < 0 || keep.length === 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = [...params].filter(([name]) => keep.includes(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length ? `${path}?${new URLSearchParams(kept).toString()}` : path;
}

const MANIFEST_PATH = "/__manifest";
const MANIFEST_QUERY = ["paths", "version"] as const;

/** At most 10,000 URLs of up to 512 characters: 5 MB at worst. */
const KEYS_KEPT = 10_000;
const KEPT_URL_LENGTH = 512;

/**
 * The key of a request whose answer may be kept, or undefined. A URL always reaches the
 * same route with the same policy and query parameters, so its key is worked out once
 * (a flood of unique URLs only empties the memo now and then).
 */
export function keyOf(caches: ServerCaches, request: FastifyRequest): string | undefined {
  if ((request.method !== "GET" && request.method !== "HEAD") || caches.ttlMs <= 0) return undefined;
  const url = request.url;
  const known = caches.keys.get(url);
  if (known) return known.key;
  const key = keyOfRoute(caches, request);
  if (url.length > KEPT_URL_LENGTH) return key;
  if (caches.keys.size >= KEYS_KEPT) caches.keys.clear();
  caches.keys.set(url, { key, route: request.routeOptions.url ?? "(no route)" });
  return key;
}

function keyOfRoute(caches: ServerCaches, request: FastifyRequest): string | undefined {
  const config = request.routeOptions.config;
  if (config.cacheQuery) return cacheKey(request.url, config.cacheQuery);
  if (!config.pageCache || !caches.pageQuery) return undefined;
  const q = request.url.indexOf("?");
  const raw = q < 0 ? request.url : request.url.slice(0, q);
  // React Router's data requests (`.data`) are another kind of answer than the page: never kept.
  if (raw.endsWith(".data") || !request.server.routePolicies.lookup("GET", request.url).cache) return undefined;
  const path = normalizePath(raw);
  // React Router's route discovery answers for the paths it is asked (`paths`, comma-separated) at a build version.
  if (path === MANIFEST_PATH) return cacheKey(request.url, MANIFEST_QUERY);
  return cacheKey(request.url, caches.pageQuery(path));
}

/**
 * The first hook of the service: a fresh kept answer is written at once. Everything
 * else carries on with request.cacheKey set.
 */
export function registerCacheFastPath(app: FastifyInstance, caches: ServerCaches) {
  app.addHook("onRequest", (request, reply, done) => {
    const key = keyOf(caches, request);
    if (key === undefined) return done();
    request.cacheKey = key;
    const hit = caches.store.fresh(key);
    if (hit) return writeStored(request, reply, hit, "HIT");
    done();
  });
}

const COMPRESSIBLE =
  /^(text\/|application\/(json|xml|atom\+xml|rss\+xml|cap\+xml|javascript|ld\+json|manifest\+json|problem\+json)|image\/svg\+xml)/;
/** Headers of a render that are replaced or must not be repeated from a stored copy. */
const DROPPED = new Set([
  "content-length",
  "content-encoding",
  "cache-control",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-security-policy",
  "etag",
  "last-modified",
  "vary",
  "x-request-id",
  "set-cookie",
]);

/** Stores an answer: the CSP of its inline scripts, an ETag, and its compressed forms. */
export async function storeAnswer(
  input: { status: number; headers: Iterable<[string, string]>; body: Buffer; api?: boolean },
  ttlMs: number,
  now = Date.now(),
): Promise<StoredAnswer> {
  const own: [string, string][] = [];
  let type = "";
  for (const [k, v] of input.headers) {
    const name = k.toLowerCase();
    if (name === "content-type") type = v;
    if (!DROPPED.has(name)) own.push([name, v]);
  }
  const isHtml = type.startsWith("text/html");
  const policy = isHtml ? documentPolicy(input.body.toString("utf8")) : contentSecurityPolicy();
  const etag = `W/"${crypto.createHash("sha256").update(input.body).digest("base64url").slice(0, 27)}"`;
  const compressible = COMPRESSIBLE.test(type) && input.body.length > 0;
  const [br, gz] = compressible
    ? await Promise.all([
        brotli(input.body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.body.length },
        }),
        gzip(input.body, { level: 9 }),
      ])
    : [input.body, input.body];
  const common: [string, string][] = [
    ...own,
    ["cache-control", publicCacheControl(ttlMs)],
    ["etag", etag],
    ["last-modified", new Date(now).toUTCString()],
    ...(compressible ? ([["vary", "Accept-Encoding"]] as [string, string][]) : []),
    ["content-security-policy", policy],
    ...Object.entries(STATIC_SECURITY_HEADERS),
    ...(input.api ? Object.entries(PUBLIC_READ_CORS) : []),
  ];
  const flat = (pairs: [string, string][]) => pairs.flat();
  const variant = (body: Buffer, encoding: Encoding): Variant => ({
    body,
    headers: flat([
      ...common,
      ...(encoding === "identity" ? [] : ([["content-encoding", encoding]] as [string, string][])),
      ["content-length", String(body.length)],
    ]),
  });
  const identity = variant(input.body, "identity");
  const variants = compressible
    ? { identity, gzip: variant(gz, "gzip"), br: variant(br, "br") }
    : { identity, gzip: identity, br: identity };
  const notModified = flat(common.filter(([k]) => k !== "content-type" && !k.startsWith("content-")));
  const bytes = input.body.length + (compressible ? br.length + gz.length : 0) + 2048;
  return { status: input.status, variants, notModified, etag, savedAt: now, bytes };
}

const encodingMemo = new Map<string, Encoding>();

/** The best stored encoding the client accepts (q=0 excludes one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let chosen = encodingMemo.get(acceptEncoding);
  if (chosen) return chosen;
  const accepted = acceptedEncodings(acceptEncoding);
  chosen = accepted.has("br") ? "br" : accepted.has("gzip") || accepted.has("*") ? "gzip" : "identity";
  if (encodingMemo.size < 1000) encodingMemo.set(acceptEncoding, chosen);
  return chosen;
}

function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}

/** Writes a stored answer as it is: only the request id, the cache state and HSTS are per response. */
export function writeStored(request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer, state: "HIT" | "MISS" | "STALE") {
  if (state === "STALE") request.server.outage?.servedStale(request.url.split("?")[0]!);
  reply.hijack();
  writeKept(request.raw, reply.raw, answer, state, request.id, request.protocol === "https", request.negotiated === true);
}

function writeKept(
  req: IncomingMessage,
  res: ServerResponse,
  answer: StoredAnswer,
  state: "HIT" | "MISS" | "STALE",
  requestId: string,
  https: boolean,
  negotiated: boolean,
) {
  const perRequest = ["x-cache", state, "x-request-id", requestId];
  if (https) perRequest.push("strict-transport-security", HSTS);
  // `/` in English is one of two answers, by these headers (server/language.ts).
  if (negotiated) perRequest.push("vary", NEGOTIATED_VARY);
  const inm = req.headers["if-none-match"];
  if (typeof inm === "string" && answer.status === 200 && etagMatches(inm, answer.etag)) {
    res.writeHead(304, [...answer.notModified, ...perRequest]);
    res.end();
    return 304;
  }
  const variant = answer.variants[chooseEncoding(req.headers["accept-encoding"])];
  res.writeHead(answer.status, [...variant.headers, ...perRequest]);
  res.end(req.method === "HEAD" ? undefined : variant.body);
  return answer.status;
}

/** What an answer written before Fastify tells the request log and the metrics. */
export interface KeptAnswerWritten {
  id: string;
  method: string;
  url: string;
  /** The route's pattern, as Fastify names it (`/*` for pages). */
  route: string;
  status: number;
  elapsedMs: number;
}

/**
 * A fresh kept answer, written by the HTTP server's own handler before Fastify sees the
 * request: a URL already seen (its key worked out by Fastify's route once, in keyOf) whose
 * copy is fresh costs a map look-up and one write, not a Fastify request with its hooks.
 * Everything else (a first visit of a URL, `/` which negotiates its language, a stale copy, a
 * forwarded protocol only Fastify's trusted-proxy rule can judge) is handed on to Fastify,
 * whose first hook does the same for what it can. As there, a stopping process still writes a
 * kept copy, on a connection that then closes (draining). The request log's line and the
 * metrics are told of each answer written here (`written`).
 */
export function answerKeptBeforeFastify(
  caches: ServerCaches,
  opts: {
    /** Whether X-Forwarded-Proto may count (TRUST_PROXY set): then Fastify decides. */
    trustsProxy: boolean;
    /** The Fastify instance once built: whether it is draining. */
    app: () => Pick<FastifyInstance, "draining"> | undefined;
    written: (answer: KeptAnswerWritten) => void;
  },
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "/";
    const known = caches.keys.get(url);
    if (known?.key === undefined || url === "/" || url.startsWith("/?")) return false;
    if (opts.trustsProxy && req.headers["x-forwarded-proto"] !== undefined) return false;
    const app = opts.app();
    if (!app) return false;
    const hit = caches.store.fresh(known.key);
    if (!hit) return false;
    const start = performance.now();
    if (app.draining) res.shouldKeepAlive = false;
    const id = crypto.randomUUID();
    const status = writeKept(req, res, hit, "HIT", id, (req.socket as { encrypted?: boolean }).encrypted === true, false);
    opts.written({ id, method, url, route: known.route, status, elapsedMs: performance.now() - start });
    return true;
  };
}

/** Wraps every cacheable GET route of the API registered after this call. */
export function cacheApiRoutes(app: FastifyInstance, caches: ServerCaches) {
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes("GET") || !route.url.startsWith("/api/v1/") || !routePolicy(route).cache || route.url.includes("*")) return;
    // The answer depends on the path and on the query parameters its schema declares, nothing else.
    const querystring = (
      route.schema as { querystring?: { shape?: Record<string, unknown>; properties?: Record<string, unknown> } } | undefined
    )?.querystring;
    route.config = { ...route.config, cacheQuery: Object.keys(querystring?.shape ?? querystring?.properties ?? {}) };
    const original = route.handler;
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const key = request.cacheKey;
      if (key === undefined) return original.call(this, request, reply);
      const result = await caches.store.get(key, async () => {
        try {
          const value = await original.call(this, request, reply);
          if (value === reply || reply.sent || reply.statusCode !== 200 || value === undefined) return { uncacheable: value };
          // A route that sets its own type (the CAP feed's XML) answers text that is sent as is;
          // Fastify's serializer is looked up by that type and has none for it.
          const ownType = reply.getHeader("content-type");
          const type = typeof ownType === "string" && !/json/i.test(ownType) ? ownType : "application/json; charset=utf-8";
          const text = type.startsWith("application/json") ? (reply.serialize(value) as string) : String(value);
          const body = Buffer.from(text);
          return { value: await storeAnswer({ status: 200, headers: [["content-type", type]], body, api: true }, caches.ttlMs) };
        } catch (error) {
          // A client's error (404, 400) is its answer, not an outage: don't serve a stale copy for it.
          if (error instanceof HttpError || ((error as { statusCode?: number }).statusCode ?? 500) < 500)
            return { uncacheable: { thrown: error } };
          throw error;
        }
      });
      if ("uncacheable" in result) {
        const u = result.uncacheable as { thrown?: unknown } | unknown;
        if (u && typeof u === "object" && "thrown" in (u as object)) throw (u as { thrown: unknown }).thrown;
        return u;
      }
      writeStored(request, reply, result.value, result.fromCache ? (result.stale ? "STALE" : "HIT") : "MISS");
    };
  });
}

/** Whether a rendered answer may be kept: a plain 200 that is not personal. */
export function isKeepable(response: Response): boolean {
  const cacheControl = response.headers.get("cache-control") ?? "";
  return response.status === 200 && !/no-store|private/.test(cacheControl) && !response.headers.has("set-cookie");
}

/** Keeps a rendered React Router answer (page, feed, sitemap, image). */
export async function storeResponse(response: Response, ttlMs: number): Promise<StoredAnswer> {
  const body = Buffer.from(await response.arrayBuffer());
  return storeAnswer({ status: response.status, headers: response.headers.entries(), body }, ttlMs);
}
