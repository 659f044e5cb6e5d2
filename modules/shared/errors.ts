/**
 * The one error module. Every refusal and failure, from the API or a page, is turned into
 * an answer here: one shape (`{"error": {"code", "message", "fields"?}}`), one zod schema
 * of it (the OpenAPI document and the response schemas use it), and one function,
 * `toErrorAnswer`, that maps any thrown value (validation, size, media type, rate limit,
 * database down, unique violation, our own HttpError) to a status and that shape.
 * The API sends the body as JSON (server/errors.ts); pages use the status, the
 * Retry-After and the field messages (see `failureInit`).
 */
import { z } from "zod";
import { isDatabaseUnavailable, isForeignKeyViolation, isNulCharacterRefused, isUniqueViolation, readPgError } from "../../db/pg-error";

export const ERROR_CODES = [
  "bad_request",
  "not_found",
  "conflict",
  "invalid_body",
  "rate_limited",
  "unavailable",
  "forbidden",
  "payload_too_large",
  "unsupported_media_type",
  "method_not_allowed",
  "unauthorized",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A message per field: keys are dotted paths (`decisions.0.answer_value`). */
export type FieldErrors = Record<string, string>;

/** The error shape every 4xx and 503 answer has. */
export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).meta({ example: "bad_request" }),
      message: z.string().meta({ example: "Invalid parameter m: must be a month number from 1 to 12" }),
      fields: z.record(z.string(), z.string()).optional().meta({ description: "For 422: a message per invalid field" }),
    }),
  })
  .meta({ description: "Error" });
export type ErrorBody = z.infer<typeof errorSchema>;

export function errorBody(code: ErrorCode, message: string, fields?: FieldErrors): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** An error a core function, route or action throws to be answered with a 4xx or 503. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  /** Seconds the client should wait before trying again (503, 429). */
  retryAfter?: number;
  /** A fault of ours or of a backend, worth an error log line; a client's mistake is not. */
  fault: boolean;
}

export const MESSAGES = {
  invalidBody: "Some fields are missing or invalid.",
  invalidJson: "The body is not valid JSON.",
  unreadable: "The request could not be read.",
  tooLarge: "The request body is too large.",
  mediaType: "Send the body as application/json.",
  badUrl: "The address is not valid: check its percent-encoding.",
  conflict: "This was already done.",
  missingReference: "Something the request refers to does not exist.",
  unavailable: "The service could not answer just now. Please try again shortly.",
  nulCharacter: "Remove the invisible NUL character (U+0000): text cannot contain it.",
  repeatedField: "This field was sent more than once: send it once.",
} as const;

/**
 * The fields of a posted body (JSON, or a form's values) whose text holds U+0000, which
 * PostgreSQL cannot store in text: keyed by dotted path, with the one message. Checked
 * where bodies are read (readForm, and the API's preValidation hook), so such text is a
 * 422 beside its field rather than a database error.
 */
export function nulCharacterFields(value: unknown, path = "", fields: FieldErrors = {}, depth = 0): FieldErrors {
  if (typeof value === "string") {
    if (value.includes("\u0000")) fields[path || "body"] = MESSAGES.nulCharacter;
  } else if (value && typeof value === "object" && depth < 20) {
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      if (k.includes("\u0000")) fields[at] = MESSAGES.nulCharacter;
      nulCharacterFields(v, at, fields, depth + 1);
    }
  }
  return fields;
}

/** Seconds to wait after an outage answer. */
export const RETRY_AFTER_SECONDS = 10;

/** Field messages from zod issues: the first message per field, keyed by its dotted path. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[], fallback = "body"): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) fields[issue.path.map(String).join(".") || fallback] ??= issue.message;
  return fields;
}

/** What Fastify's schema validation (fastify-type-provider-zod) attaches to its error. */
interface ValidationFailure {
  validation: { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }[];
  validationContext?: string;
}

function isValidationFailure(error: object): error is ValidationFailure {
  return Array.isArray((error as { validation?: unknown }).validation);
}

function answer(status: number, code: ErrorCode, message: string, fields?: FieldErrors): ErrorAnswer {
  return { status, body: errorBody(code, message, fields), fault: false };
}

function unavailable(): ErrorAnswer {
  return { status: 503, body: errorBody("unavailable", MESSAGES.unavailable), retryAfter: RETRY_AFTER_SECONDS, fault: true };
}

/** The answer to any thrown value. Never a 5xx other than 503, never a stack trace. */
export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof HttpError) {
    const a = answer(error.status, error.code, error.message, error.fields);
    return error.status === 503 ? { ...a, retryAfter: RETRY_AFTER_SECONDS } : a;
  }
  if (error instanceof z.ZodError) return answer(422, "invalid_body", MESSAGES.invalidBody, fieldErrorsOf(error.issues));
  if (!error || typeof error !== "object") return unavailable();

  if (isValidationFailure(error)) {
    const fields: FieldErrors = {};
    for (const issue of error.validation) {
      const key = issue.instancePath?.replace(/^\//, "").replace(/\//g, ".") || issue.params?.issue?.path?.map(String).join(".") || "body";
      fields[key] ??= issue.message ?? "is invalid";
    }
    const context = error.validationContext ?? "body";
    if (context === "body") return answer(422, "invalid_body", MESSAGES.invalidBody, fields);
    const [name, message] = Object.entries(fields)[0] ?? ["parameter", "is invalid"];
    return answer(400, "bad_request", `Invalid ${context === "querystring" ? "query parameter" : "parameter"} ${name}: ${message}`);
  }

  if (isUniqueViolation(error)) return answer(409, "conflict", MESSAGES.conflict);
  if (isForeignKeyViolation(error)) return answer(422, "invalid_body", MESSAGES.missingReference);
  // Text the body checks did not see (a header, a query value): PostgreSQL refuses U+0000.
  if (isNulCharacterRefused(error)) return answer(422, "invalid_body", MESSAGES.nulCharacter);
  if (isDatabaseUnavailable(error)) return unavailable();

  const { statusCode, code, message } = error as { statusCode?: unknown; code?: unknown; message?: unknown };
  const status = typeof statusCode === "number" && statusCode >= 400 && statusCode < 500 ? statusCode : 500;
  if (status === 413) return answer(413, "payload_too_large", MESSAGES.tooLarge);
  if (status === 415) return answer(415, "unsupported_media_type", MESSAGES.mediaType);
  if (status === 429) return answer(429, "rate_limited", typeof message === "string" ? message : "Too many requests.");
  if (status === 404) return answer(404, "not_found", "Nothing is here.");
  if (status === 405) return answer(405, "method_not_allowed", "This method is not allowed here.");
  if (status < 500) {
    if (code === "FST_ERR_CTP_INVALID_JSON_BODY" || code === "FST_ERR_CTP_EMPTY_JSON_BODY")
      return answer(status, "bad_request", MESSAGES.invalidJson);
    if (code === "FST_ERR_BAD_URL") return answer(400, "bad_request", MESSAGES.badUrl);
    // Fastify's own messages describe the request, never the server; anything else stays generic.
    const text = typeof code === "string" && code.startsWith("FST_") && typeof message === "string" ? message : MESSAGES.unreadable;
    return answer(status, "bad_request", text);
  }
  return unavailable();
}

/**
 * What a log line may say about an error: its type, the first line of its message (a
 * failed query's parameters, which hold form contents, come after it), its SQLSTATE,
 * and where it was thrown.
 */
export function loggableError(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).split("\n")[0]!.slice(0, 200) };
  const code =
    readPgError(error)?.code ??
    (typeof (error as { code?: unknown }).code === "string" ? String((error as { code?: unknown }).code) : undefined);
  const stack = error.stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .join("\n");
  return { type: error.name, message: error.message.split("\n")[0]!.slice(0, 200), ...(code ? { code } : {}), ...(stack ? { stack } : {}) };
}

/** The status and headers a page action answers a failure with (the page shows its own message). */
export function failureInit(error: unknown): { status: number; headers: Record<string, string> } {
  const a = toErrorAnswer(error);
  return { status: a.status, headers: a.retryAfter ? { "Retry-After": String(a.retryAfter) } : {} };
}
