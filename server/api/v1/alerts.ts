/**
 * Alerts endpoints: a browser's push subscription (sent by the manage page's script), and the
 * SMS gateway's inbound messages, where STOP ends every SMS subscription of that number.
 */
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CONSENT_TEXTS, smsStoppedText } from "../../../modules/alerts/messages";
import { isAllowedPushEndpoint, parsePushOrigins } from "../../../modules/alerts/push-endpoints";
import { savePushSubscription, stopMobile } from "../../../modules/alerts/subscriptions.server";
import { errorSchema, HttpError } from "../../../modules/shared/errors";
import { normalizeMobile } from "../../../modules/shared/phone";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

const pushSubscriptionBody = z.object({
  token: z.string().min(20).max(100),
  subscription: z.object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    keys: z.object({ p256dh: z.string().min(20).max(200), auth: z.string().min(8).max(100) }),
  }),
});

/** Words that end SMS alerts (NTC practice; STOP is the one the messages name). */
const STOP_WORDS = new Set(["STOP", "STOP ALL", "UNSUBSCRIBE", "END", "CANCEL", "QUIT", "OFF"]);

const inboundBody = z.object({
  number: z.string().min(1).max(30).optional(),
  from: z.string().min(1).max(30).optional(),
  message: z.string().max(1000).optional(),
  text: z.string().max(1000).optional(),
});

export default async function alertsApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  typed(app).post(
    "/alerts/push-subscriptions",
    {
      config: { policy: { personal: true, bucket: "registration" } },
      schema: {
        summary: "Keep a browser's push subscription for an alerts subscriber",
        tags: ["Alerts"],
        body: pushSubscriptionBody,
        response: { 201: z.object({ data: z.object({ saved: z.literal(true) }) }), 404: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const { token, subscription } = request.body;
      if (!isAllowedPushEndpoint(subscription.endpoint, parsePushOrigins(deps.config.PUSH_SERVICE_ORIGINS)))
        throw new HttpError(422, "invalid_body", "subscription.endpoint must be an https address of a browser's push service.");
      const saved = await savePushSubscription(deps.database.db, token, subscription, CONSENT_TEXTS);
      if (!saved) throw new HttpError(404, "not_found", "There is no such alerts subscription.");
      return reply
        .code(201)
        .header("Cache-Control", "no-store")
        .send({ data: { saved: true as const } });
    },
  );

  // The gateway posts a form or JSON; the shared secret comes in the query or a header.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  typed(app).post(
    "/alerts/sms-inbound",
    {
      config: { policy: { personal: true } },
      schema: {
        summary: "Inbound SMS from the gateway: STOP ends SMS alerts for that number",
        tags: ["Alerts"],
        querystring: z.object({ secret: z.string().max(200).optional() }),
        body: inboundBody,
        response: { 200: z.object({ data: z.object({ stopped: z.number().int() }) }), 403: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const expected = deps.config.SMS_INBOUND_SECRET;
      const given = String(request.headers["x-sms-secret"] ?? request.query.secret ?? "");
      if (!expected || given.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
        throw new HttpError(403, "forbidden", "Unknown sender.");
      }
      const mobile = normalizeMobile(request.body.number ?? request.body.from ?? "");
      if (!mobile)
        throw new HttpError(422, "invalid_body", "The sender's number is not a Philippine mobile number.", { number: "is invalid" });
      const word = (request.body.message ?? request.body.text ?? "").trim().toUpperCase().replace(/\s+/g, " ");
      let stopped = 0;
      if (STOP_WORDS.has(word)) {
        const result = await stopMobile(deps.database.db, mobile);
        stopped = result.stopped;
        // One last message saying it worked (NTC: the stop is acknowledged), in the subscriber's language.
        if (stopped) await deps.alerts?.channels.sms?.send(mobile, smsStoppedText(result.language));
      }
      return reply.header("Cache-Control", "no-store").send({ data: { stopped } });
    },
  );
}
