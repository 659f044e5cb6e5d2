/**
 * The glue to React Router: every path that is not the API, a file or an asset
 * becomes a Fetch Request for React Router's handler, and its Response is sent as is.
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, matchRoutes, type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import type { AppServices } from "./deps";
import { checkFormBody, unreadableFormPage } from "./form-body";
import { isKeepable, type ServerCaches, storeResponse, writeStored } from "./page-cache";
import { normalizePath } from "./route-policy";
import { documentPolicy } from "./security";

export interface ReactRouterOptions {
  build: ServerBuild;
  mode: string;
  /** Builds the services one request's loaders and actions see. */
  services(request: FastifyRequest): AppServices;
  bodyLimit: number;
  /** A larger limit for the paths of forms that upload files (undefined elsewhere). */
  uploadLimit?: (pathname: string) => number | undefined;
  caches?: ServerCaches;
  /** Counts React Router renders (benchmarks read it). */
  onRender?: () => void;
}

/**
 * The context key the build's loaders read (`services(context)`). app/entry.server.tsx
 * exports it: the build has its own copy of app/context.ts, and the key is an object.
 */
function appContextOf(build: ServerBuild): RouterContext<AppServices> {
  const entry: object = build.entry.module;
  if (!("appContext" in entry) || !isRouterContext(entry.appContext)) throw new Error("app/entry.server.tsx must export appContext");
  return entry.appContext;
}

function isRouterContext(x: unknown): x is RouterContext<AppServices> {
  return typeof x === "object" && x !== null;
}

/** app/entry.server.tsx's renderedDocument: the text of a page it rendered in one pass. */
type DocumentOf = (response: Response) => string | undefined;

function documentOfEntry(build: ServerBuild): DocumentOf {
  const entry: object = build.entry.module;
  if (!("renderedDocument" in entry) || typeof entry.renderedDocument !== "function")
    throw new Error("app/entry.server.tsx must export renderedDocument");
  const documentOf = entry.renderedDocument;
  return (response) => {
    const html: unknown = documentOf(response);
    return typeof html === "string" ? html : undefined;
  };
}

/** app/entry.server.tsx's memberPage: a member's overview or bill page answered without the handler, or null. */
type MemberPage = (
  request: Request,
  context: RouterContextProvider,
  handle: (request: Request, context: RouterContextProvider) => Promise<Response>,
  policyOf: (html: string) => string,
) => Promise<Response | null>;

function memberPageOfEntry(build: ServerBuild): MemberPage {
  const entry: object = build.entry.module;
  if (!("memberPage" in entry) || typeof entry.memberPage !== "function") throw new Error("app/entry.server.tsx must export memberPage");
  return entry.memberPage as MemberPage;
}

/** A render that failed because a backend (the database) is down. */
class RenderFailed extends Error {
  constructor(readonly response: () => Response) {
    super("render failed");
  }
}

/**
 * A failed render, which every request waiting on the same key is answered with (server/cache.ts
 * shares a failure with its waiters; an answer not kept is computed again for each): its body
 * read once, a fresh Response for each. A Response's body is one stream: the second reader of a
 * shared one got "Response body object should not be disturbed or locked", a 500.
 */
async function shared(response: Response): Promise<() => Response> {
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
  const { status, statusText } = response;
  const headers = [...response.headers];
  return () => new Response(body, { status, statusText, headers });
}

export async function registerReactRouter(app: FastifyInstance, opts: ReactRouterOptions) {
  const handle = createRequestHandler(opts.build, opts.mode);
  if (opts.caches) opts.caches.pageQuery = pageQueryReader(opts.build);
  const appContext = appContextOf(opts.build);
  const documentOf = documentOfEntry(opts.build);
  const memberPage = memberPageOfEntry(opts.build);

  await app.register(async (scope) => {
    // Bodies stay raw streams: React Router reads form data itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      config: { pageCache: true },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const declared = Number(request.headers["content-length"] ?? 0);
        const uploadLimit = opts.uploadLimit?.(normalizePath(request.url));
        const bodyLimit = uploadLimit ?? opts.bodyLimit;
        if (declared > bodyLimit) return tooLarge(reply, uploadLimit !== undefined);
        // A form body is small: read it whole first, so that a large chunked body (no
        // Content-Length) is a 413 here rather than a failure inside the page's action.
        let body: Posted | undefined;
        if (request.method !== "GET" && request.method !== "HEAD") {
          const bytes = await readBody(request.raw, bodyLimit);
          if (!bytes) return tooLarge(reply, uploadLimit !== undefined);
          // Checked here once, so that no page action meets a body it cannot read (server/form-body.ts).
          const check = await checkFormBody(request.headers["content-type"], bytes);
          if (!check.ok)
            return reply
              .code(400)
              .header("Cache-Control", "no-store")
              .type("text/html; charset=utf-8")
              .send(unreadableFormPage(normalizePath(request.url), check.problem));
          body = { bytes, contentType: check.contentType };
        }
        const render = async (forCache = false) => {
          opts.onRender?.();
          const context = new RouterContextProvider();
          context.set(appContext, opts.services(request));
          const fetchRequest = toFetchRequest(request, reply, body, !forCache);
          const response = await handle(fetchRequest, context);
          const notFound = notFoundPageRequest(fetchRequest, response);
          if (!notFound) return response;
          const again = new RouterContextProvider();
          again.set(appContext, opts.services(request));
          return handle(notFound, again);
        };
        // A member's overview and bill pages (never kept): their template in a frame kept per
        // language, without the handler's routing and render (app/routes/mco/member-pages.server.ts).
        if ((request.method === "GET" || request.method === "HEAD") && MEMBER_PAGES.test(request.url)) {
          const context = new RouterContextProvider();
          context.set(appContext, opts.services(request));
          const answer = await memberPage(toFetchRequest(request, reply, undefined), context, handle, documentPolicy);
          if (answer) return sendMemberPage(reply, answer);
        }
        const caches = opts.caches;
        // HEAD renders without a body, so only GET fills the cache (a fresh copy answers HEAD in the fast path).
        const key = request.method === "GET" ? request.cacheKey : undefined;
        if (!caches || key === undefined) return sendRendered(reply, documentOf, asUnavailable(await render()));

        try {
          const result = await caches.store.get(key, async () => {
            // A render for the cache serves every waiter (and may renew a copy in the background): one client leaving does not abort it.
            const response = await render(true);
            if (response.status >= 500) throw new RenderFailed(await shared(response));
            return isKeepable(response) ? { value: await storeResponse(response, caches.ttlMs) } : { uncacheable: response };
          });
          if ("uncacheable" in result) return sendRendered(reply, documentOf, result.uncacheable as Response);
          return writeStored(request, reply, result.value, result.fromCache ? (result.stale ? "STALE" : "HIT") : "MISS");
        } catch (error) {
          if (error instanceof RenderFailed) return sendRendered(reply, documentOf, asUnavailable(error.response()));
          throw error;
        }
      },
    });
  });
}

/**
 * A file's address that leads nowhere (a bill's PDF or an account's CSV with a changed number,
 * someone else's account) answers a bare "Not found" from its resource route. A person who
 * opened it in the browser gets the site's 404 page instead, in the page's language and with
 * the same status: the request again at a path below it that only the catch-all route takes.
 * A client that asked for something else than HTML (a feed reader, a script) keeps the bare answer.
 */
export function notFoundPageRequest(request: Request, response: Response): Request | null {
  if (response.status !== 404 || (request.method !== "GET" && request.method !== "HEAD")) return null;
  if ((response.headers.get("content-type") ?? "").startsWith("text/html")) return null;
  if (!(request.headers.get("accept") ?? "").includes("text/html")) return null;
  const url = new URL(request.url);
  // React Router's own data requests answer in their own format.
  if (url.pathname.endsWith(".data")) return null;
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/not-found`;
  url.search = "";
  return new Request(url, { method: request.method, headers: request.headers, signal: request.signal });
}

/**
 * Sends a render that is not kept. A document gets the CSP of its own inline scripts
 * (their hashes): the same rule as kept pages, with no nonce.
 */
async function sendRendered(reply: FastifyReply, documentOf: DocumentOf, response: Response) {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html") || !response.body) return reply.send(response);
  const html = documentOf(response) ?? (await response.text());
  reply.code(response.status);
  for (const [k, v] of response.headers) if (k !== "content-length") reply.header(k, v);
  reply.header("Content-Security-Policy", documentPolicy(html));
  return reply.send(html);
}

/** A member page as it was made (its own policy; gzip already when it says so): no hashing or compression here. */
async function sendMemberPage(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [k, v] of response.headers) reply.header(k, v);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/** Paths the member pages' fast path may answer (it checks them exactly); anything else skips it at once. */
const MEMBER_PAGES = /^(?:\/fil)?\/mco(?:\/?(?:\?|$)|\/accounts\/[^/?]+\/bills\/[^/?]+\/?(?:\?|$))/i;

/**
 * A page's route pattern (`news/:slug`) for the metrics' labels: never the path itself, which
 * may hold an account number or a token. Memoized per path; the memo is bounded.
 */
export function pagePatternReader(build: ServerBuild): (pathname: string) => string {
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  const byId = new Map(routes.map((r) => [r.id, r]));
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };
  const nodes = new Map<string, Node>(
    routes.map((r) => [r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: [] }]),
  );
  const roots: Node[] = [];
  for (const r of routes) {
    if (r.parentId && nodes.has(r.parentId)) nodes.get(r.parentId)!.children.push(nodes.get(r.id)!);
    else roots.push(nodes.get(r.id)!);
  }
  const memo = new Map<string, string>();
  return (pathname) => {
    let pattern = memo.get(pathname);
    if (pattern) return pattern;
    const matches = matchRoutes(roots as Parameters<typeof matchRoutes>[0], pathname) ?? [];
    const parts = matches.map((m) => byId.get(m.route.id!)?.path).filter((p): p is string => Boolean(p));
    // One series per page in both languages: `/fil?/rates` is counted as `/rates`.
    pattern = matches.length ? `/${parts.join("/")}`.replace(/^\/fil\?(?=\/|$)/, "") || "/" : "(no route)";
    if (memo.size >= 5000) memo.clear();
    memo.set(pathname, pattern);
    return pattern;
  };
}

/**
 * The query parameters a page reads, from its route modules' `handle.query` (every
 * matching route, the root included). Anything else in a query string is not part of
 * the cache key. Memoized per path; the memo is bounded.
 */
export function pageQueryReader(build: ServerBuild): (pathname: string) => readonly string[] {
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };
  const nodes = new Map<string, Node>();
  for (const r of Object.values(build.routes))
    if (r) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: [] });
  const roots: Node[] = [];
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = nodes.get(r.id)!;
    if (r.parentId && nodes.has(r.parentId)) nodes.get(r.parentId)!.children.push(node);
    else roots.push(node);
  }
  const memo = new Map<string, readonly string[]>();
  return (pathname) => {
    let keep = memo.get(pathname);
    if (keep) return keep;
    const matches = matchRoutes(roots as Parameters<typeof matchRoutes>[0], pathname) ?? [];
    keep = [
      ...new Set(
        matches.flatMap((m) => (build.routes[m.route.id!]?.module as { handle?: { query?: string[] } } | undefined)?.handle?.query ?? []),
      ),
    ];
    if (memo.size >= 5000) memo.clear();
    memo.set(pathname, keep);
    return keep;
  };
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

/** A request's body, read whole, and the type it is read as (a bare POST: an empty form). */
interface Posted {
  bytes: Buffer;
  contentType: string | undefined;
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply, body: Posted | undefined, abortOnClose = true): Request {
  // The Host header only locates the request here; absolute links come from PUBLIC_URL (services.publicUrl).
  const url = `${request.protocol}://${request.host}${request.url}`;
  const controller = new AbortController();
  // A client that leaves before the answer is written aborts the render; the close that
  // follows every finished answer does not (an abort builds an error and runs listeners).
  if (abortOnClose) reply.raw.on("close", () => reply.raw.writableFinished || controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const init: RequestInit = { method: request.method, headers, signal: controller.signal };
  if (body !== undefined) {
    init.body = new Uint8Array(body.bytes);
    headers.delete("transfer-encoding");
    headers.set("content-length", String(body.bytes.length));
    if (body.contentType) headers.set("content-type", body.contentType);
  }
  return new Request(url, init);
}

/** The whole body, or undefined once it passes `limit` bytes (the rest is left unread). */
async function readBody(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let seen = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    seen += buf.length;
    if (seen > limit) return undefined;
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** 413, and the connection closed: what is still coming of the body is not read. */
function tooLarge(reply: FastifyReply, upload?: boolean) {
  if (upload) {
    // The outage report's photo: without JavaScript nothing checked its size before sending, so say what to do.
    return reply
      .code(413)
      .header("Connection", "close")
      .header("Cache-Control", "no-store")
      .type("text/html; charset=utf-8")
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Photo too large</title></head>' +
          '<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem"><h1>The photo is too large</h1><p>A photo can be at most 8 MB. Go back (your browser keeps what you typed), choose a smaller photo or none, and send again.</p></body></html>',
      );
  }
  return reply
    .code(413)
    .header("Connection", "close")
    .header("Cache-Control", "no-store")
    .type("text/plain; charset=utf-8")
    .send("The form is too large.");
}
