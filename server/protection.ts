/**
 * Protection of the whole service, in one place so it holds whatever the route
 * files do (which paths are personal or limited is the route-policy table's, server/route-policy.ts):
 * - per-IP rate limits on the account look-up, the survey and the AGAM registration
 *   (API and page form posts), shared through Redis when REDIS_URL is set;
 * - CORS: GET /api/v1/* readable from any origin, preflight answered for GET only;
 * - every POST (API and pages) only from the site's own origin (Origin, else Sec-Fetch-Site);
 * - `Cache-Control: no-store` on every answer that carries a member's personal data.
 * Register it before the API and the pages.
 */

import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { BILL_FILE_LIMIT } from "../modules/bills/files";
import { stripLocale } from "../modules/shared/i18n";
import type { AppDeps } from "./deps";
import { sendError } from "./errors";
import { type Bucket, normalizePath } from "./route-policy";

const TEN_MINUTES = 10 * 60_000;

/**
 * Requests per IP per 10 minutes. Page forms get more room than the API: a person
 * without JavaScript posts again after each validation error, and the AGAM page without
 * JavaScript posts once per step (look-up, one per topic, back, proceed).
 */
export const RATE_LIMITS: Record<Bucket, { max: number; timeWindowMs: number }> = {
  lookup: { max: 10, timeWindowMs: TEN_MINUTES },
  survey: { max: 5, timeWindowMs: TEN_MINUTES },
  registration: { max: 5, timeWindowMs: TEN_MINUTES },
  "page-lookup": { max: 10, timeWindowMs: TEN_MINUTES },
  "page-survey": { max: 10, timeWindowMs: TEN_MINUTES },
  "page-registration": { max: 30, timeWindowMs: TEN_MINUTES },
  // Outage reports and "this is mine too": a household reports a few problems, not dozens.
  "page-report": { max: 10, timeWindowMs: TEN_MINUTES },
  // Open311 clients (with an API key) may relay many residents' reports.
  open311: { max: 60, timeWindowMs: TEN_MINUTES },
  /** Sending a code and checking a code or PIN (API); on the page these are registration steps. */
  verification: { max: 10, timeWindowMs: TEN_MINUTES },
  "page-connection": { max: 10, timeWindowMs: TEN_MINUTES },
  /** Opening a private link (AGAM confirmation, new-connection summary). */
  "private-link": { max: 30, timeWindowMs: TEN_MINUTES },
  /** Captcha challenges: a person needs one per try of the bill inquiry. */
  challenge: { max: 30, timeWindowMs: TEN_MINUTES },
};

const API = "/api/v1";

/** CORS of every public API read (also written into the server cache's stored answers). */
export const PUBLIC_READ_CORS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Retry-After, X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset",
};
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The passkey ceremonies (server/staff-console.ts, server/portal-passkeys.ts) take JSON; they pass the same-origin check too. */
const isStaffJson = (url: string) => /^\/(staff|mco)\/auth\//.test(normalizePath(url));
/** Open311 (server/open311.ts) reads form and JSON bodies and answers its own errors in its own format. */
const isOpen311 = (url: string) => normalizePath(url).startsWith("/open311/");

const isApi = (url: string) => {
  const path = normalizePath(url);
  return path === API || path.startsWith(`${API}/`);
};

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** A write is accepted from the site itself, or from a client that sends neither header (curl, servers). */
export function isSameOriginWrite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (typeof origin === "string" && origin !== "") {
    const from = originOf(origin);
    if (!from) return false; // "null" (sandboxed frames, file:) and garbage
    return from === originOf(`${request.protocol}://${request.host}`) || (publicUrl !== undefined && from === originOf(publicUrl));
  }
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "") return site === "same-origin" || site === "none";
  return true;
}

/** Page forms that upload a file (multipart); their actions handle a malformed body themselves. */
export const UPLOAD_PATHS: ReadonlySet<string> = new Set(["/report"]);

/**
 * The body limit of a form that uploads files, or undefined for every other path: the outage
 * report's photo (8 MB plus the form), and the console's forms with attachments (a 10 MB PDF
 * and a few images; each console page checks the staff role before it reads the body).
 */
export function uploadLimitOf(pathname: string): number | undefined {
  if (UPLOAD_PATHS.has(stripLocale(pathname))) return 9 * 1024 * 1024;
  // A whole cycle's bill file (about 400 bytes a bill): the console's bill import.
  if (/^\/staff\/bills\/?$/i.test(pathname)) return BILL_FILE_LIMIT + 1024 * 1024;
  if (/^\/staff\//i.test(pathname)) return 40 * 1024 * 1024;
  return undefined;
}

/**
 * A page form post: urlencoded (what every form of the site sends, with or without
 * JavaScript), or no body at all. Multipart only for the console's forms with attachments
 * (they read it with readForm, which answers a malformed body with a message); elsewhere a
 * malformed multipart body would make `request.formData()` throw inside the page actions.
 */
export function isFormBody(request: FastifyRequest): boolean {
  const type = String(request.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  if (type === "application/x-www-form-urlencoded") return true;
  if (type === "multipart/form-data" && uploadLimitOf(normalizePath(request.url)) !== undefined) return true;
  // The language switch as a button of the report form (server/language.ts) reads nothing: its
  // 307 has the browser send the same body to the report page, which is checked there.
  if (type === "multipart/form-data" && /^\/language\/[a-z]+$/.test(normalizePath(request.url))) return true;
  if (type !== "") return false;
  return !request.headers["transfer-encoding"] && Number(request.headers["content-length"] ?? 0) === 0;
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: 403 | 415 | 429, message: string) {
  reply.header("Cache-Control", "no-store");
  if (isApi(request.url))
    return sendError(reply, status, status === 403 ? "forbidden" : status === 415 ? "unsupported_media_type" : "rate_limited", message);
  const title = status === 403 ? "Not accepted" : status === 415 ? "Not a form" : "Too many tries";
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | WESPECO</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem"><h1>${title}</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></body></html>`,
    );
}

type Counted = { current: number; ttl: number };

/**
 * Request counts per key in this process, for @fastify/rate-limit without Redis. The plugin's
 * own memory store hands every caller its one live counter object, which the plugin reads
 * after an await: when 30 requests from one address arrive at once, every one of them read 30
 * and all 30 were refused, the first ten included. Here each caller gets its own count.
 * Bounded: past MAX_KEYS, expired keys go, then the oldest.
 */
export class MemoryCounts {
  static readonly MAX_KEYS = 50_000;
  private readonly counts = new Map<string, { count: number; start: number }>();
  incr(key: string, done: (error: Error | null, result: Counted) => void, timeWindow: number) {
    const now = Date.now();
    let entry = this.counts.get(key);
    if (!entry || entry.start + timeWindow <= now) {
      if (entry) this.counts.delete(key);
      else if (this.counts.size >= MemoryCounts.MAX_KEYS) this.sweep(now, timeWindow);
      entry = { count: 0, start: now };
      this.counts.set(key, entry);
    }
    entry.count++;
    done(null, { current: entry.count, ttl: entry.start + timeWindow - now });
  }
  /** The count without adding one (the plugin's `increment: false`). */
  read(key: string, done: (error: Error | null, result: Counted) => void, timeWindow: number) {
    const now = Date.now();
    const entry = this.counts.get(key);
    if (!entry || entry.start + timeWindow <= now) done(null, { current: 0, ttl: 0 });
    else done(null, { current: entry.count, ttl: entry.start + timeWindow - now });
  }
  child() {
    return new MemoryCounts();
  }
  private sweep(now: number, timeWindow: number) {
    for (const [key, entry] of this.counts) if (entry.start + timeWindow <= now) this.counts.delete(key);
    // Still full: the oldest windows (first in the map's order) make room.
    for (const key of this.counts.keys()) {
      if (this.counts.size < MemoryCounts.MAX_KEYS * 0.9) break;
      this.counts.delete(key);
    }
  }
}

export async function registerProtection(
  app: FastifyInstance,
  deps: Pick<AppDeps, "config" | "bus">,
  opts: { limits?: Partial<typeof RATE_LIMITS> } = {},
) {
  const { config } = deps;
  const publicUrl = config.PUBLIC_URL ? config.publicUrl : undefined;
  const policies = app.routePolicies;

  // CORS and same-origin writes come first: a refused request costs no rate-limit count.
  app.addHook("onRequest", async (request, reply) => {
    const api = isApi(request.url);
    // Personal answers (the look-up, a confirmation) are not offered to other origins.
    if (
      api &&
      (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") &&
      !policies.lookup(request.method === "OPTIONS" ? "GET" : request.method, request.url).personal
    ) {
      reply.headers(PUBLIC_READ_CORS);
    }
    if (api && request.method === "OPTIONS") {
      // Preflight: reading is open to every origin; writes are not offered (POST is absent).
      const wanted = String(request.headers["access-control-request-headers"] ?? "");
      reply.header("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
      if (wanted) reply.header("Access-Control-Allow-Headers", wanted.replace(/[^\w, -]/g, "").slice(0, 200));
      reply.header("Access-Control-Max-Age", "86400");
      reply.header("Cache-Control", "public, max-age=86400");
      return reply.code(204).send();
    }
    if (WRITE_METHODS.has(request.method) && !isSameOriginWrite(request, publicUrl)) {
      return refuse(request, reply, 403, "Forms and writes are accepted only from this site itself.");
    }
    if (WRITE_METHODS.has(request.method) && !api && !isStaffJson(request.url) && !isOpen311(request.url) && !isFormBody(request)) {
      // Page actions read form data; anything else (text/plain, JSON, XML) would only make them fail.
      return refuse(request, reply, 415, "Send the form as application/x-www-form-urlencoded.");
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (policies.lookup(request.method, request.url).personal) {
      // A page that says more ("private, no-store": the member portal) keeps its words.
      if (!String(reply.getHeader("Cache-Control") ?? "").includes("no-store")) reply.header("Cache-Control", "no-store");
      reply.removeHeader("ETag");
      reply.removeHeader("Last-Modified");
    }
    return payload;
  });

  if (config.RATE_LIMIT === "off") return;

  // The counting store: Redis shared by every instance, or this process's memory; which
  // requests count and how refusals look is decided here, per bucket.
  await app.register(rateLimit, {
    global: false,
    ...(deps.bus.redis ? { redis: deps.bus.redis, nameSpace: "rate-limit:" } : { store: MemoryCounts }),
    // An unreachable Redis must not take the forms down with it.
    skipOnError: true,
  });
  const limits = { ...RATE_LIMITS, ...opts.limits };
  const limiters = Object.fromEntries(
    (Object.keys(limits) as Bucket[]).map((bucket) => [
      bucket,
      app.createRateLimit({
        max: limits[bucket].max,
        timeWindow: limits[bucket].timeWindowMs,
        keyGenerator: (request: FastifyRequest) => `${bucket}:${request.ip}`,
      }),
    ]),
  ) as Record<Bucket, ReturnType<FastifyInstance["createRateLimit"]>>;

  app.addHook("onRequest", async (request, reply) => {
    if (reply.sent) return;
    const bucket = policies.lookup(request.method, request.url).bucket;
    if (!bucket) return;
    const result = await limiters[bucket](request);
    if (result.isAllowed) return;
    reply.header("X-RateLimit-Limit", result.max);
    reply.header("X-RateLimit-Remaining", result.remaining);
    reply.header("X-RateLimit-Reset", result.ttlInSeconds);
    if (!result.isExceeded) return;
    const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
    reply.header("Retry-After", String(Math.max(1, result.ttlInSeconds)));
    return refuse(
      request,
      reply,
      429,
      `Too many requests from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  });
}
