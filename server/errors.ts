/** The one error shape of the API: {"error": {"code", "message"}} (plus field messages for 422). */
import type { FastifyReply } from "fastify";

export type ErrorCode = "bad_request" | "not_found" | "conflict" | "invalid_body" | "rate_limited" | "unavailable" | "forbidden" | "payload_too_large" | "unsupported_media_type" | "method_not_allowed";

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function sendError(reply: FastifyReply, status: number, code: ErrorCode, message: string, fields?: Record<string, string>) {
  return reply.code(status).type("application/json; charset=utf-8").send(errorBody(code, message, fields));
}

/** An error a core function or route throws to be answered with a 4xx or 503. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
