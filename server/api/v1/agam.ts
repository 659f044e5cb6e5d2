/**
 * /api/v1/agam/pool: topics, account look-up, registration, confirmation, the
 * registered counts and their live stream (server-sent events).
 * Answers carrying a member's data are `Cache-Control: no-store`.
 */
import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { checkAccount, counts, decisionSchema, emailSchema, getConfirmation, listTopics, originSchema, phoneSchema, register } from "../../../core/agam";
import { accountNumberParam } from "../../../core/api-params";
import type { AppDeps } from "../../app";
import { AGAM_REGISTERED_CHANNEL, AgamLive } from "../../agam-live";
import { HttpError } from "../../errors";
import { typed } from "./types";
import { securityHeaders } from "../../security";

const TAGS = ["AGAM"];
const NO_STORE = "no-store";
/** Comment lines keep idle proxies from closing the stream. */
const HEARTBEAT_MS = 20_000;

export const topicsSchema = z.array(z.object({ AT_ID: z.number(), AT_SEQUENCE_NUMBER: z.number(), AT_TOPIC: z.string(), AT_TOPIC_DESC: z.string() }));
export const checkAccountSchema = z.object({
  result: z.array(z.object({ CNAME: z.string(), MEMNO: z.string(), CADDRESS: z.string() })),
  registered: z.number().int(),
});
export const countsSchema = z.object({ qmember: z.number().int(), qmember_north: z.number().int(), qmember_south: z.number().int() });
export const confirmationSchema = z.array(z.object({ reference: z.string(), account: z.string(), membership: z.string(), registered_at: z.string() }));
const registerBody = z.object({
  account: accountNumberParam,
  origin: originSchema.default("web"),
  phone: phoneSchema.default(""),
  email: emailSchema.default(""),
  decisions: z.array(decisionSchema).min(1).max(100),
});
const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }) });

export default async function agamApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const db = deps.database.db;
  const live = new AgamLive({
    compute: () => counts(db),
    bus: deps.bus,
    onError: (error) => app.log.warn({ err: error }, "agam counts failed"),
  });
  // For the viewers benchmark: at debug level, how many count queries ran (one line a second while watched).
  let statsTimer: NodeJS.Timeout | undefined;
  if (app.log.level === "debug" || app.log.level === "trace") {
    let last = -1;
    statsTimer = setInterval(() => {
      if (live.viewers === 0 && live.computations === last) return;
      last = live.computations;
      app.log.debug({ agamLive: { viewers: live.viewers, computations: live.computations, shortestGapMs: Number.isFinite(live.shortestGapMs) ? live.shortestGapMs : null } }, "agam live stats");
    }, 1000);
    statsTimer.unref();
  }

  const api = typed(app);

  api.get(
    "/agam/pool/get-all-topics",
    { schema: { summary: "The assembly's topics, in sequence order", tags: TAGS, response: { 200: topicsSchema } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=60");
      return (await listTopics(db)).map((t) => ({ AT_ID: t.id, AT_SEQUENCE_NUMBER: t.sequenceNumber, AT_TOPIC: t.topic, AT_TOPIC_DESC: t.description }));
    },
  );

  api.get(
    "/agam/pool/check-account-number/:account",
    {
      schema: {
        summary: "Look up a member account: name, membership number, address and whether it registered",
        tags: TAGS,
        params: z.object({ account: accountNumberParam }),
        response: { 200: checkAccountSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", NO_STORE);
      return checkAccount(db, request.params.account);
    },
  );

  api.post(
    "/agam/pool/register",
    {
      schema: {
        summary: "Register a member for the assembly with a decision on every topic (once per account)",
        tags: TAGS,
        body: registerBody,
        response: { 201: z.object({ data: z.object({ reference: z.string() }) }), 409: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", NO_STORE);
      const result = await register(db, request.body);
      if (result.ok) {
        await deps.bus.publish(AGAM_REGISTERED_CHANNEL, "").catch((error: unknown) => request.log.warn({ err: error }, "agam publish failed"));
        return reply.code(201).send({ data: { reference: result.reference } });
      }
      if (result.reason === "already_registered") throw new HttpError(409, "conflict", "This account is already registered.");
      if (result.reason === "unknown_account") throw new HttpError(422, "invalid_body", "Some fields are missing or invalid.", { account: "is not a member account" });
      throw new HttpError(422, "invalid_body", "Some fields are missing or invalid.", result.fields);
    },
  );

  api.get(
    "/agam/pool/get-registration-confirmation/:origin/:account",
    {
      schema: {
        summary: "The registration of an account: reference, membership number and time (empty list when none)",
        tags: TAGS,
        params: z.object({ origin: originSchema, account: accountNumberParam }),
        response: { 200: confirmationSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", NO_STORE);
      return getConfirmation(db, request.params.origin, request.params.account);
    },
  );

  api.get("/agam/pool/all", { schema: { summary: "Registered members: total, north and south", tags: TAGS, response: { 200: countsSchema } } }, async (_request, reply) => {
    reply.header("Cache-Control", NO_STORE);
    return live.current();
  });

  // Server-sent events: every open stream is one entry here; one value, one heartbeat timer for all.
  const streams = new Set<ServerResponse>();
  let heartbeat: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  const fanOut = (_counts: unknown, json: string) => {
    const frame = `event: counts\ndata: ${json}\n\n`;
    for (const res of streams) res.write(frame);
  };

  api.get(
    "/agam/pool/stream",
    { schema: { summary: "Server-sent events: the registered counts, sent on connect and on every change (event `counts`)", tags: TAGS }, logLevel: "warn" },
    async (request, reply) => {
      const first = await live.current();
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
    live.close();
    for (const res of streams) res.end();
    streams.clear();
  });
}
