import { PassThrough } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { appContext } from "./context";

/** The server glue reads the context key from here, so both sides share one object. */
export { appContext };

export const streamTimeout = 5_000;

/** Loader and action errors: one line each (no stack, no form contents), not React Router's full dump. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted || process.env.NODE_ENV === "test") return;
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  console.error(JSON.stringify({ level: 50, msg: "render error", method: request.method, path: new URL(request.url).pathname, error: message.slice(0, 200) }));
}

/**
 * Renders the whole page before answering (onAllReady): pages are small, and a
 * complete document can be cached and served again as is.
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
  const nonce = loadContext.get(appContext).nonce;
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
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
        if (process.env.NODE_ENV !== "test") console.error(error);
      },
    });
  });
}
