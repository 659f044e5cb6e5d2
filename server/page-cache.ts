/**
 * Wires the ResponseCache into the service: public API GET handlers are wrapped
 * (their returned value is kept), and React Router pages are kept as complete
 * documents. Content changes on the bus expire everything, on every process.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Bus } from "./bus";
import { CHANGES_THAT_KEEP_CACHE, isCacheablePath, publicCacheControl, ResponseCache } from "./cache";
import { HttpError } from "./errors";

export const NONCE_PLACEHOLDER = "__CSP_NONCE_PLACEHOLDER__";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The document, with the CSP nonce of its render replaced by NONCE_PLACEHOLDER. */
  body: string;
  savedAt: number;
}

export interface ServerCaches {
  pages: ResponseCache<CachedPage>;
  api: ResponseCache<unknown>;
  ttlMs: number;
}

export function createCaches(ttlMs: number, bus: Bus, contentChannel: string): ServerCaches & { stop(): void } {
  const caches = { pages: new ResponseCache<CachedPage>(ttlMs), api: new ResponseCache<unknown>(ttlMs), ttlMs };
  const stop = bus.subscribe(contentChannel, (area) => {
    if (CHANGES_THAT_KEEP_CACHE.has(area)) return;
    caches.pages.expireAll();
    caches.api.expireAll();
  });
  return { ...caches, stop };
}

/** Wraps every cacheable GET route of the API registered after this call. */
export function cacheApiRoutes(app: FastifyInstance, caches: ServerCaches) {
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes("GET") || !route.url.startsWith("/api/v1/") || !isCacheablePath(route.url) || route.url.includes("*")) return;
    const original = route.handler;
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const result = await caches.api.get(`GET ${request.url}`, async () => {
        try {
          const value = await original.call(this, request, reply);
          if (value === reply || reply.sent || reply.statusCode !== 200 || value === undefined) return { uncacheable: value };
          return { value };
        } catch (error) {
          // A client's error (404, 400) is its answer, not an outage: don't serve a stale copy for it.
          if (error instanceof HttpError || ((error as { statusCode?: number }).statusCode ?? 500) < 500) return { uncacheable: { thrown: error } };
          throw error;
        }
      });
      if ("uncacheable" in result) {
        const u = result.uncacheable as { thrown?: unknown } | unknown;
        if (u && typeof u === "object" && "thrown" in (u as object)) throw (u as { thrown: unknown }).thrown;
        return u;
      }
      reply.header("Cache-Control", publicCacheControl(caches.ttlMs));
      reply.header("X-Cache", result.fromCache ? ("stale" in result && result.stale ? "STALE" : "HIT") : "MISS");
      return result.value;
    };
  });
}

/** Sends a kept page with this response's own nonce. */
export function sendCachedPage(reply: FastifyReply, page: CachedPage, nonce: string, ttlMs: number, state: "HIT" | "MISS" | "STALE") {
  for (const [k, v] of page.headers) reply.header(k, v);
  reply.header("Cache-Control", publicCacheControl(ttlMs));
  reply.header("X-Cache", state);
  reply.header("Last-Modified", new Date(page.savedAt).toUTCString());
  return reply.code(page.status).send(page.body.split(NONCE_PLACEHOLDER).join(nonce));
}

/** Whether a rendered page may be kept: a plain 200 that is not personal. */
export function isKeepable(response: Response): boolean {
  const cacheControl = response.headers.get("cache-control") ?? "";
  return response.status === 200 && !/no-store|private/.test(cacheControl) && !response.headers.has("set-cookie") && (response.headers.get("content-type") ?? "").startsWith("text/html");
}

export async function toCachedPage(response: Response, nonce: string): Promise<CachedPage> {
  const body = await response.text();
  const headers: [string, string][] = [];
  response.headers.forEach((value, key) => {
    if (!["content-length", "cache-control", "date", "connection", "transfer-encoding"].includes(key)) headers.push([key, value]);
  });
  return { status: response.status, headers, body: nonce ? body.split(nonce).join(NONCE_PLACEHOLDER) : body, savedAt: Date.now() };
}
