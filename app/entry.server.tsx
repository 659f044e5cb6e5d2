import { PassThrough } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { loggableError } from "../modules/shared/errors";
import { appContext } from "./context";
import { hydrates } from "./hydration";

/** The member's overview and bill pages without React Router's handler (server/react-router.ts asks first). */
export { memberPage } from "./routes/mco/member-pages.server";
/** The server glue reads the context key from here, so both sides share one object. */
export { appContext };

export const streamTimeout = 5_000;

/** Loader and action errors: one line each in the request's log (no form contents), not React Router's full dump. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const services = context.get(appContext);
  // The database away: one line per outage, not one per request.
  if (services.databaseFailed(error)) return;
  services.log.error({ err: loggableError(error), path: new URL(request.url).pathname }, "render error");
};

/**
 * Documents rendered in one pass, by their Response: the server glue takes the text
 * from here (renderedDocument) instead of reading it back from the body.
 */
const documents = new WeakMap<Response, string>();

/** The text of a document this entry rendered in one pass, or undefined (then read the body). */
export function renderedDocument(response: Response): string | undefined {
  return documents.get(response);
}

/**
 * Renders the whole page before answering: pages are small, and a complete document
 * can be cached and served again as is. A page that loads no React (app/hydration.ts)
 * has nothing that suspends (no <Scripts/>, so no streamed loader data): it is rendered
 * in one synchronous pass to one string (renderStatic). A page that hydrates streams
 * its loader data into <Scripts/>, so it waits for onAllReady, then answers the whole text too.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { location, matches } = routerContext.staticHandlerContext;
  const withReact = hydrates(
    location.pathname,
    matches.map((m) => m.route),
  );
  if (!withReact) return renderStatic(request, responseStatusCode, responseHeaders, routerContext, loadContext);
  return new Promise<Response>((resolve, reject) => {
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        // Everything is rendered: take the whole text, then answer it as one document.
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timeoutId);
          const html = withoutModuleHints(Buffer.concat(chunks).toString("utf8"));
          resolve(documentResponse(html, responseHeaders, responseStatusCode));
        });
        body.on("error", reject);
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (process.env.NODE_ENV !== "test") loadContext.get(appContext).log.error({ err: loggableError(error) }, "render failed");
      },
    });
  });
}

/**
 * Without the `<link rel="modulepreload">` hints of `<Scripts/>`. React puts them at the top of
 * `<head>`, and wherever they stand the browser fetches all fifteen at once, competing on a slow
 * mobile link with the stylesheets the first paint waits for: Lighthouse (mobile) measured the
 * survey's first paint at 1.8–1.9 s with them in `<head>` or at the end of `<body>`, 1.0–1.1 s
 * without (performance 98 → 100). The page works before any script runs (its forms post
 * without JavaScript), so its modules may come after the paint: the module script at the end
 * of `<body>` imports them, their own imports following.
 */
export function withoutModuleHints(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/** A rendered document as a Response whose text the server glue can take as is (renderedDocument). */
function documentResponse(html: string, headers: Headers, status: number): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  // The body gives the same text to any other reader, encoded only when it is read.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(html));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(body, { headers, status });
  documents.set(response, html);
  return response;
}

/** A page without React: one synchronous render, no stream machinery. */
function renderStatic(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Response {
  // Nothing on such a page reads the other routes (no <Scripts/>, no client router), and
  // ServerRouter builds, converts and ranks every route it is given on each render: give
  // it the matched ones only.
  const { matches } = routerContext.staticHandlerContext;
  const routes = Object.fromEntries(matches.map((m) => [m.route.id, routerContext.manifest.routes[m.route.id]]));
  const context = { ...routerContext, manifest: { ...routerContext.manifest, routes } };
  let html: string;
  try {
    // renderToPipeableStream writes the doctype before <html>; renderToString leaves it to us.
    html = `<!DOCTYPE html>${renderToString(<ServerRouter context={context} url={request.url} />)}`;
  } catch (error) {
    if (process.env.NODE_ENV !== "test") loadContext.get(appContext).log.error({ err: loggableError(error) }, "render failed");
    throw error;
  }
  return documentResponse(html, responseHeaders, responseStatusCode);
}
