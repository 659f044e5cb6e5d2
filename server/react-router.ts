/**
 * The glue to React Router: every path that is not the API, a file or an asset
 * becomes a Fetch Request for React Router's handler, and its Response is sent as is.
 */
import { Transform } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { AppServices } from "../app/context";

export interface ReactRouterOptions {
  build: ServerBuild;
  mode: string;
  /** Builds the services one request's loaders and actions see. */
  services(request: FastifyRequest): AppServices;
  bodyLimit: number;
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
        const context = new RouterContextProvider();
        context.set(appContext, opts.services(request));
        const response = await handle(toFetchRequest(request, reply, opts.bodyLimit), context);
        return reply.send(response);
      },
    });
  });
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
