/**
 * Sending the one error shape from Fastify. What an error means (status, code, message)
 * is decided in modules/shared/errors.ts, shared with the pages.
 */

import type { FastifyReply, FastifyRequest } from "fastify";
import {
  type ErrorAnswer,
  type ErrorCode,
  errorBody,
  type FieldErrors,
  loggableError,
  MESSAGES,
  toErrorAnswer,
} from "../modules/shared/errors";
import { securityHeaders } from "./security";

export function sendError(reply: FastifyReply, status: number, code: ErrorCode, message: string, fields?: FieldErrors) {
  return reply
    .code(status)
    .type("application/json; charset=utf-8")
    .send(errorBody(code, message, fields));
}

export function sendErrorAnswer(reply: FastifyReply, answer: ErrorAnswer) {
  if (answer.retryAfter) reply.header("Retry-After", String(answer.retryAfter));
  return reply.code(answer.status).type("application/json; charset=utf-8").send(answer.body);
}

/** The error handler of the whole service: any thrown value answered in the one shape; faults logged. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = toErrorAnswer(error);
  // The database away is one line per outage (server/outage.ts), not one per request.
  if (answer.fault && !request.server.outage?.failed(error)) request.log.error({ err: loggableError(error) }, "request failed");
  return sendErrorAnswer(reply, answer);
}

/**
 * Fastify's answer to errors found before routing (a malformed percent-encoding such as
 * `/api/v1/%`): a 400 in the error shape rather than Fastify's own body.
 */
export function answerFrameworkError(_error: Error, request: FastifyRequest, reply: FastifyReply) {
  // Sent before the hooks run: the security headers are added here.
  reply.headers(securityHeaders(request));
  return sendError(reply, 400, "bad_request", MESSAGES.badUrl);
}
