import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { loggableError } from "../core/errors";
import { appContext } from "./context";
import { hydrates } from "./hydration";

/** The server glue reads the context key from here, so both sides share one object. */
export { appContext };

export const streamTimeout = 5_000;

/** Loader and action errors: one line each in the request's log (no form contents), not React Router's full dump. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || process.env.NODE_ENV === "test") return;
  context.get(appContext).log.error({ err: loggableError(error), path: new URL(request.url).pathname }, "render error");
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
 * its loader data into <Scripts/>, so it waits for onAllReady.
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
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (process.env.NODE_ENV !== "test") loadContext.get(appContext).log.error({ err: loggableError(error) }, "render failed");
      },
    });
  });
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
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
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
  const response = new Response(body, { headers: responseHeaders, status: responseStatusCode });
  documents.set(response, html);
  return response;
}
