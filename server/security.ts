/**
 * Security headers on every answer (pages, API, files, 404, 500), and the
 * per-response CSP nonce that lets the page's few inline scripts run.
 */
import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
}

export function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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

/** The headers every answer carries; also for answers that bypass the hooks (event streams). */
export function securityHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(request.cspNonce),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  };
  if (request.protocol === "https") headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", async (request: FastifyRequest) => {
    request.cspNonce = newNonce();
  });
  app.addHook("onSend", async (request, reply, payload) => {
    reply.headers(securityHeaders(request));
    return payload;
  });
}
