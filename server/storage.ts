/**
 * GET /storage/{file}: uploaded and seeded files, and nothing else. Stored names are
 * flat and plain (`slug-<hash>.ext`), so anything else in the path is refused before
 * the disk is touched: no `..`, no percent-encoding at all (so no encoded or double
 * encoded traversal), no backslash, no dotfiles, no sub-folders. A name that passes
 * is resolved with realpath and must still lie inside the storage folder (no symlink
 * out) and be a regular file. Everything else is a 404 with the error shape.
 */
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./errors";

/** Letters, digits, dot, dash, underscore; starts with a letter or digit; no "..". */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
/** Content-addressed names (a hash before the extension) never change. */
const CONTENT_ADDRESSED = /-[0-9a-f]{12}(-\d+)?\.[a-z0-9]+$/;

export const STORAGE_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The file name from the raw URL, or undefined when it is not a plain stored name. */
export function storedName(rawUrl: string): string | undefined {
  const rawPath = rawUrl.split("?")[0]!;
  if (!rawPath.startsWith("/storage/")) return undefined;
  const name = rawPath.slice("/storage/".length);
  if (!SAFE_NAME.test(name) || name.includes("..")) return undefined;
  return name;
}

/** The real path of a regular file inside `root`, or undefined. */
export async function resolveInside(root: string, name: string): Promise<string | undefined> {
  try {
    const realRoot = await fs.promises.realpath(root);
    const real = await fs.promises.realpath(path.join(realRoot, name));
    if (path.dirname(real) !== realRoot) return undefined;
    if (path.basename(real).startsWith(".")) return undefined;
    const stat = await fs.promises.stat(real);
    return stat.isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** Content-Disposition naming the file as it was uploaded, so a download keeps its original name. */
export function dispositionFor(originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}

export async function registerStorage(app: FastifyInstance, storageDir: string, originalNameOf?: (name: string) => Promise<string | null>) {
  fs.mkdirSync(storageDir, { recursive: true });
  const notFound = (_request: FastifyRequest, reply: FastifyReply) => sendError(reply, 404, "not_found", "There is no such file.");

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: storageDir,
        serve: false,
        index: false,
        dotfiles: "deny",
        // Content types come from STORAGE_TYPES below, not from a guess.
        setHeaders(res: { header(k: string, v: string): unknown }, filePath: string) {
          const ext = path.extname(filePath).slice(1).toLowerCase();
          res.header("Content-Type", STORAGE_TYPES[ext] ?? "application/octet-stream");
          if (!STORAGE_TYPES[ext]) res.header("Content-Disposition", "attachment");
          res.header(
            "Cache-Control",
            CONTENT_ADDRESSED.test(path.basename(filePath)) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
          );
        },
      });
      scope.setNotFoundHandler(notFound);
      // Nothing is ever uploaded here: bodies are not read, and any error is answered in the error shape.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
      scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 404) {
          return sendError(reply, error.statusCode, "bad_request", "The request could not be read.");
        }
        if ((!error.statusCode || error.statusCode >= 500) && !request.server.outage?.failed(error))
          request.log.error({ err: error }, "storage request failed");
        return notFound(request, reply);
      });
      // An SVG opened directly must not run script or load anything (runs after the site-wide CSP).
      scope.addHook("onSend", async (request, reply, payload) => {
        if (/\.svg$/i.test(request.url.split("?")[0]!) && reply.statusCode < 300) {
          reply.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
        }
        return payload;
      });
      scope.route({
        method: ["GET", "HEAD"],
        url: "/*",
        handler: async (request, reply) => {
          const name = storedName(request.url);
          const real = name && (await resolveInside(storageDir, name));
          if (!real) return notFound(request, reply);
          const original = await originalNameOf?.(name).catch(() => null);
          if (original) reply.header("Content-Disposition", dispositionFor(original));
          return reply.sendFile(path.basename(real), path.dirname(real));
        },
      });
      scope.route({ method: ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"], url: "/*", handler: notFound });
      scope.route({ method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"], url: "/", handler: notFound });
    },
    { prefix: "/storage" },
  );
}
