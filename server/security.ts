/**
 * Security headers on every answer (pages, API, files, 404, 500). Pages allow their
 * own inline scripts by SHA-256 hash, computed once from the finished document (when a
 * cached copy is stored, or once per uncached render): no per-response nonce, so a kept
 * page is served as stored bytes. No 'unsafe-inline' for scripts.
 */
import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";

export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join("")}`,
    // React sets a few style attributes (carousel widths, ticker speed).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** 'sha256-…' for every inline script of an HTML document (script elements without src). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs!) || body === "") continue;
    hashes.add(`sha256-${crypto.createHash("sha256").update(body!, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/** The CSP of one HTML document: its own inline scripts and nothing else inline. */
export function documentPolicy(html: string): string {
  return contentSecurityPolicy(inlineScriptHashes(html));
}

const DEFAULT_POLICY = contentSecurityPolicy();

/** Headers that are the same on every answer (HSTS depends on the scheme, see securityHeaders). */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  // No other site may embed our answers (pages, files, API) with <img>, <script> and the like.
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
};

export const HSTS = "max-age=31536000; includeSubDomains";

/** The headers every answer carries; also for answers that bypass the hooks (event streams). */
export function securityHeaders(request: FastifyRequest, policy = DEFAULT_POLICY): Record<string, string> {
  const headers: Record<string, string> = { "Content-Security-Policy": policy, ...STATIC_SECURITY_HEADERS };
  if (request.protocol === "https") headers["Strict-Transport-Security"] = HSTS;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    // A page sets its own policy (with its scripts' hashes); everything else gets the strict default.
    const own = reply.getHeader("content-security-policy");
    reply.headers(securityHeaders(request, typeof own === "string" ? own : DEFAULT_POLICY));
    return payload;
  });
}
