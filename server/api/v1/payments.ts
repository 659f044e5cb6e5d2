/**
 * POST /api/v1/payments/webhook: the payment gateway's signed events (PayMongo's shape,
 * modules/payments/). The raw body is kept for the signature; an event is answered 200 only
 * after its effect is committed, so a process killed on the way leaves the gateway to retry.
 * Off (404) while no gateway is configured.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { applyGatewayEvent } from "../../../modules/payments/checkouts.server";
import { readPayMongoEvent } from "../../../modules/payments/paymongo.server";
import { sendReceiptOnce } from "../../../modules/payments/receipts.server";
import { checkSignature } from "../../../modules/payments/webhook-signature.server";
import { errorSchema, HttpError } from "../../../modules/shared/errors";
import type { AppDeps } from "../../deps";
import { paymentSettings, receiptSender } from "../../payments/settings";
import { typed } from "./types";

/** The gateway's events are small; a larger body is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export default async function paymentsApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  // This plugin's own JSON parser keeps the body as text: the signature is over the raw bytes.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  const api = typed(app);
  api.post(
    "/payments/webhook",
    {
      // No per-address limit: the gateway sends from a few addresses, and its retries must get through.
      config: { policy: { personal: true } },
      schema: {
        summary: "The payment gateway's signed events (Paymongo-Signature: t=…,te=…,li=…); each applied once by its id",
        tags: ["Payments"],
        headers: z.object({ "paymongo-signature": z.string().max(1000).optional() }),
        body: z.string(),
        response: { 200: z.object({ data: z.object({ outcome: z.string() }) }), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const settings = paymentSettings(deps.config);
      if (!settings) throw new HttpError(404, "not_found", "Online payments are not set up.");
      let body: unknown;
      try {
        body = JSON.parse(request.body);
      } catch {
        throw new HttpError(400, "bad_request", "The body is not JSON.");
      }
      const event = readPayMongoEvent(body);
      if (!event) throw new HttpError(400, "bad_request", "The body is not a gateway event.");
      const signature = checkSignature(settings.webhookSecret, request.headers["paymongo-signature"], request.body, !settings.testMode);
      if (!signature.ok) {
        request.log.warn({ reason: signature.reason, event: event.id }, "payment webhook refused");
        throw new HttpError(401, "unauthorized", `The signature is ${signature.reason === "stale" ? "too old" : "not valid"}.`);
      }
      if (event.livemode === settings.testMode) throw new HttpError(400, "bad_request", "The event's mode is not this site's.");
      const { outcome, reference } = await applyGatewayEvent(deps.database.db, event, body);
      if (outcome === "amount-differs" || outcome === "refund-due" || outcome === "unknown-checkout")
        request.log.warn({ event: event.id, type: event.type, outcome }, "payment event needs the billing staff");
      // After the commit: the acknowledgement, once (a repeat of the event sends one that a crash left unsent).
      if (reference) await sendReceiptOnce(deps.database.db, reference, receiptSender(deps));
      return { data: { outcome } };
    },
  );
}
