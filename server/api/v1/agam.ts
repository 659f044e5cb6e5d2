/**
 * /api/v1/agam/pool: topics, account look-up, registration, confirmation, the
 * registered counts and their live stream (server-sent events).
 * Answers carrying a member's data are `Cache-Control: no-store`.
 */
import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { closedMessage, registrationWindowState } from "../../../modules/agam/admin.server";
import {
  type AgamCounts,
  decisionSchema,
  decisionsOf,
  findMember,
  getConfirmation,
  listTopics,
  originSchema,
  register,
  registrationSchema,
} from "../../../modules/agam/pool.server";
import { checkSecondFactor, hasProof, secondFactorMessage, sendCode } from "../../../modules/agam/second-factor.server";
import { accountNumberParam } from "../../../modules/shared/api-params";
import { now } from "../../../modules/shared/clock";
import { errorSchema, HttpError, MESSAGES } from "../../../modules/shared/errors";
import { AGAM_REGISTERED_CHANNEL } from "../../agam-live";
import type { AppDeps } from "../../deps";
import { textSenderFor } from "../../messaging/text-sender";
import { securityHeaders } from "../../security";
import { confirmationBody, contractFields, countsBody, decisionFromBody, lookupBody, topicBody } from "./agam-contract";
import { typed } from "./types";

const TAGS = ["AGAM"];
const NO_STORE = "no-store";
/** Live values (and the topics, kept by browsers a minute): never kept by the server cache. */
const LIVE = { cache: false } as const;
/** Comment lines keep idle proxies from closing the stream. */
const HEARTBEAT_MS = 20_000;

export const topicsSchema = z.array(
  z.object({ AT_ID: z.number(), AT_SEQUENCE_NUMBER: z.number(), AT_TOPIC: z.string(), AT_TOPIC_DESC: z.string() }),
);
export const checkAccountSchema = z.object({
  result: z.array(z.object({ CNAME: z.string(), MEMNO: z.string(), CADDRESS: z.string() })),
  registered: z.number().int(),
});
export const countsSchema = z.object({ qmember: z.number().int(), qmember_north: z.number().int(), qmember_south: z.number().int() });
export const confirmationSchema = z.array(
  z.object({ reference: z.string(), account: z.string(), membership: z.string(), registered_at: z.string() }),
);
/** The body of POST /register: the domain's own rules (modules/agam/rules.ts, modules/agam/pool.server.ts) under the contract's names, mapped to the domain. */
const registerBody = z
  .object({
    ...registrationSchema.shape,
    proof: z.string().max(100).default("").meta({ description: "The proof token from POST /agam/pool/verification (the second factor)" }),
    account: accountNumberParam,
    decisions: decisionsOf(
      z.object({
        topic_sequence_id: decisionSchema.shape.topicSequence,
        answer_topic_id: decisionSchema.shape.topicId,
        answer_value: decisionSchema.shape.value,
        answer_topic_reason: decisionSchema.shape.reason,
      }),
    ),
  })
  .transform((body) => ({ ...body, decisions: body.decisions.map(decisionFromBody) }));
export default async function agamApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const db = deps.database.db;
  // The one live value of the counts (server/app.ts), which the status page reads too.
  const live = app.agamCounts;
  // For the viewers benchmark: at debug level, how many count queries ran (one line a second while watched).
  let statsTimer: NodeJS.Timeout | undefined;
  if (app.log.level === "debug" || app.log.level === "trace") {
    let last = -1;
    statsTimer = setInterval(() => {
      if (live.viewers === 0 && live.computations === last) return;
      last = live.computations;
      app.log.debug(
        {
          agamLive: {
            viewers: live.viewers,
            computations: live.computations,
            shortestGapMs: Number.isFinite(live.shortestGapMs) ? live.shortestGapMs : null,
          },
        },
        "agam live stats",
      );
    }, 1000);
    statsTimer.unref();
  }

  const api = typed(app);
  const send = textSenderFor(deps.config);

  /** Outside the registration window the flow stores nothing: no code sent, no proof, no registration. */
  const assertOpen = async () => {
    const window = await registrationWindowState(db, now());
    if (!window.open) throw new HttpError(403, "forbidden", closedMessage(window));
  };

  api.get(
    "/agam/pool/get-all-topics",
    {
      config: { policy: LIVE },
      schema: { summary: "The assembly's topics, in sequence order", tags: TAGS, response: { 200: topicsSchema } },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=60");
      return (await listTopics(db)).map(topicBody);
    },
  );

  api.get(
    "/agam/pool/check-account-number/:account",
    {
      config: { policy: { personal: true, bucket: "lookup" } },
      schema: {
        summary:
          "Look up a member account: its name masked (membership number and address stay empty until the second factor) and whether it registered",
        tags: TAGS,
        params: z.object({ account: accountNumberParam }),
        response: { 200: checkAccountSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", NO_STORE);
      return lookupBody(await findMember(db, request.params.account));
    },
  );

  const secondFactorError = (failure: Parameters<typeof secondFactorMessage>[0], reply: { header(k: string, v: string): unknown }) => {
    const message = secondFactorMessage(failure);
    if (failure.reason === "locked" || failure.reason === "wait") {
      reply.header("Retry-After", String(failure.retryAfterSeconds));
      return new HttpError(429, "rate_limited", message);
    }
    // Locked for good until member services unlock it: no Retry-After, since waiting does not help.
    if (failure.reason === "suspended") return new HttpError(422, "invalid_body", message, { code: message });
    const field = failure.reason === "unknown_account" ? "account" : failure.reason === "no_pin" ? "pin" : "code";
    return new HttpError(422, "invalid_body", message, { [field]: message });
  };

  api.post(
    "/agam/pool/verification/send-code",
    {
      config: { policy: { personal: true, bucket: "verification" } },
      schema: {
        summary: "Send a 6-digit one-time code by SMS to the member's mobile number on file (valid 10 minutes; another after 60 s)",
        tags: TAGS,
        body: z.object({ account: accountNumberParam }),
        response: {
          202: z.object({ data: z.object({ sent_to: z.string(), expires_in: z.number().int(), resend_after: z.number().int() }) }),
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", NO_STORE);
      await assertOpen();
      const result = await sendCode(db, request.body.account, { send });
      if (!result.ok) throw secondFactorError(result, reply);
      return reply
        .code(202)
        .send({ data: { sent_to: result.sentTo, expires_in: result.expiresInSeconds, resend_after: result.resendAfterSeconds } });
    },
  );

  api.post(
    "/agam/pool/verification",
    {
      config: { policy: { personal: true, bucket: "verification" } },
      schema: {
        summary:
          "Prove the second factor with the code sent by SMS or the registration PIN; answers a proof token for 30 minutes (5 wrong tries lock the account for 10 minutes)",
        tags: TAGS,
        body: z.union([
          z.object({ account: accountNumberParam, code: z.string().regex(/^\d{6}$/, "must be the 6 digits sent by SMS") }),
          z.object({ account: accountNumberParam, pin: z.string().min(4).max(12) }),
        ]),
        response: { 200: z.object({ data: z.object({ proof: z.string() }) }), 422: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", NO_STORE);
      await assertOpen();
      const body = request.body;
      const result = await checkSecondFactor(db, body.account, "code" in body ? { code: body.code } : { pin: body.pin }, {
        send,
        mail: deps.alerts?.channels.mail,
      });
      if (!result.ok) throw secondFactorError(result, reply);
      return { data: { proof: result.proof } };
    },
  );

  api.post(
    "/agam/pool/register",
    {
      config: { policy: { personal: true, bucket: "registration" } },
      schema: {
        summary: "Register a member for the assembly with a decision on every topic (once per account)",
        tags: TAGS,
        body: registerBody,
        response: { 201: z.object({ data: z.object({ reference: z.string() }) }), 409: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", NO_STORE);
      await assertOpen();
      if (!(await hasProof(db, request.body.account, request.body.proof))) {
        throw new HttpError(
          403,
          "forbidden",
          "Prove it is you first: a code by SMS or your registration PIN (POST /api/v1/agam/pool/verification), then send its proof.",
        );
      }
      const result = await register(db, request.body);
      if (result.ok) {
        await deps.bus
          .publish(AGAM_REGISTERED_CHANNEL, "")
          .catch((error: unknown) => request.log.warn({ err: error }, "agam publish failed"));
        return reply.code(201).send({ data: { reference: result.reference } });
      }
      if (result.reason === "already_registered") throw new HttpError(409, "conflict", "This account is already registered.");
      if (result.reason === "unknown_account")
        throw new HttpError(422, "invalid_body", MESSAGES.invalidBody, { account: "is not a member account" });
      throw new HttpError(422, "invalid_body", MESSAGES.invalidBody, contractFields(result.fields));
    },
  );

  api.get(
    "/agam/pool/get-registration-confirmation/:origin/:account",
    {
      config: { policy: { personal: true } },
      schema: {
        summary:
          "The registration of an account: reference, membership number and time; an empty list when none, or without the member's proof token",
        tags: TAGS,
        params: z.object({ origin: originSchema, account: accountNumberParam }),
        querystring: z.object({ proof: z.string().max(100).optional() }),
        response: { 200: confirmationSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", NO_STORE);
      // Nothing personal until the member proves the second factor.
      if (!(await hasProof(db, request.params.account, request.query.proof))) return [];
      return (await getConfirmation(db, request.params.account)).map(confirmationBody);
    },
  );

  api.get(
    "/agam/pool/all",
    {
      config: { policy: LIVE },
      schema: { summary: "Registered members: total, north and south", tags: TAGS, response: { 200: countsSchema } },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", NO_STORE);
      return countsBody(await live.current());
    },
  );

  // Server-sent events: every open stream is one entry here; one value, one heartbeat timer for all.
  const streams = new Set<ServerResponse>();
  let heartbeat: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  const fanOut = (counts: AgamCounts) => {
    const frame = `event: counts\ndata: ${JSON.stringify(countsBody(counts))}\n\n`;
    for (const res of streams) res.write(frame);
  };

  api.get(
    "/agam/pool/stream",
    {
      config: { policy: LIVE },
      schema: { summary: "Server-sent events: the registered counts, sent on connect and on every change (event `counts`)", tags: TAGS },
      logLevel: "warn",
    },
    async (request, reply) => {
      const first = countsBody(await live.current());
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // Headers the hooks set so far (CORS, request id); the hijacked reply skips onSend.
        ...(reply.getHeaders() as Record<string, string | number | string[]>),
        ...securityHeaders(request),
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": NO_STORE,
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      });
      if (request.method === "HEAD") return void res.end();
      res.write(`retry: 2000\nevent: counts\ndata: ${JSON.stringify(first)}\n\n`);
      streams.add(res);
      unsubscribe ??= live.subscribe(fanOut);
      if (!heartbeat) {
        heartbeat = setInterval(() => {
          for (const r of streams) r.write(": heartbeat\n\n");
        }, HEARTBEAT_MS);
        heartbeat.unref();
      }
      res.on("close", () => {
        streams.delete(res);
        if (streams.size > 0) return;
        if (heartbeat) clearInterval(heartbeat);
        heartbeat = undefined;
        unsubscribe?.();
        unsubscribe = undefined;
      });
    },
  );

  // Streams never end on their own: end them before the server waits for connections to close.
  app.addHook("preClose", async () => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    if (statsTimer) clearInterval(statsTimer);
    unsubscribe?.();
    for (const res of streams) res.end();
    streams.clear();
  });
}
