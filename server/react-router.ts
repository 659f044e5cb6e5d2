/**
 * The glue to React Router: every path that is not the API, a file or an asset
 * becomes a Fetch Request for React Router's handler, and its Response is sent as is.
 */
import { Transform } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { AppServices } from "../app/context";
import { isCacheablePath } from "./cache";
import { isKeepable, sendCachedPage, toCachedPage, type ServerCaches } from "./page-cache";

export interface ReactRouterOptions {
  build: ServerBuild;
  mode: string;
  /** Builds the services one request's loaders and actions see. */
  services(request: FastifyRequest): AppServices;
  bodyLimit: number;
  caches?: ServerCaches;
  /** Counts React Router renders (benchmarks read it). */
  onRender?: () => void;
}

/** A render that failed because a backend (the database) is down. */
class RenderFailed extends Error {
  constructor(readonly response: Response) {
    super(`render answered ${response.status}`);
  }
}

export async function registerReactRouter(app: FastifyInstance, opts: ReactRouterOptions) {
  const handle = createRequestHandler(opts.build, opts.mode);
  const appContext = (opts.build.entry.module as unknown as { appContext: AppServices extends never ? never : import("react-router").RouterContext<AppServices> }).appContext;

  await app.register(async (scope) => {
    // Bodies stay raw streams: React Router reads form data itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const declared = Number(request.headers["content-length"] ?? 0);
        if (declared > opts.bodyLimit) return reply.code(413).type("text/plain").send("The form is too large.");
        const render = async () => {
          opts.onRender?.();
          const context = new RouterContextProvider();
          context.set(appContext, opts.services(request));
          return handle(toFetchRequest(request, reply, opts.bodyLimit), context);
        };
        const caches = opts.caches;
        // HEAD renders without a body, so only GET fills or reads the cache.
        const isRead = request.method === "GET";
        if (!caches || !isRead || !isCacheablePath(request.url.split("?")[0]!)) return reply.send(asUnavailable(await render()));

        const nonce = request.cspNonce;
        try {
          const result = await caches.pages.get(`GET ${request.url}`, async () => {
            const response = await render();
            if (response.status >= 500) throw new RenderFailed(response);
            return isKeepable(response) ? { value: await toCachedPage(response, nonce) } : { uncacheable: response };
          });
          if ("uncacheable" in result) return reply.send(result.uncacheable as Response);
          return sendCachedPage(reply, result.value, nonce, caches.ttlMs, result.fromCache ? (result.stale ? "STALE" : "HIT") : "MISS");
        } catch (error) {
          if (error instanceof RenderFailed) return reply.send(asUnavailable(error.response));
          throw error;
        }
      },
    });
  });
}

/**
 * Our pages fail only when a backend (the database) is down: say so with 503 and
 * Retry-After, never a bare 500 (the error page itself shows no stack trace).
 */
function asUnavailable(response: Response): Response {
  if (response.status < 500) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", "10");
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: 503, headers });
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply, bodyLimit: number): Request {
  const url = `${request.protocol}://${request.host}${request.url}`;
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== "GET" && request.method !== "HEAD") {
    let seen = 0;
    const limited = request.raw.pipe(
      new Transform({
        transform(chunk: Buffer, _enc, callback) {
          seen += chunk.length;
          if (seen > bodyLimit) callback(new Error("body too large"));
          else callback(null, chunk);
        },
      }),
    );
    init.body = createReadableStreamFromReadable(limited);
    init.duplex = "half";
  }
  return new Request(url, init);
}
