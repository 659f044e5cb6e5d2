/**
 * PayMongo's hosted checkout (https://developers.paymongo.com): `POST /v1/checkout_sessions`
 * with the secret key as HTTP basic user, and its events (`checkout_session.payment.paid`,
 * `payment.failed`) read into the site's GatewayEvent. The stand-in gateway speaks the same.
 */
import { type CheckoutRequest, type GatewayCheckout, GatewayError, type GatewayEvent, type PaymentGateway } from "./gateway";

export interface PayMongoSettings {
  /** https://api.paymongo.com, or the stand-in's address. */
  url: string;
  secretKey: string;
  /** Seconds to wait for the gateway before telling the member to try again. */
  timeoutMs?: number;
}

/** Test keys start sk_test_; the stand-in's key does too. */
export const isTestKey = (secretKey: string) => !secretKey.startsWith("sk_live_");

export function payMongoGateway(settings: PayMongoSettings): PaymentGateway {
  const base = settings.url.replace(/\/+$/, "");
  const auth = `Basic ${Buffer.from(`${settings.secretKey}:`).toString("base64")}`;
  const testMode = isTestKey(settings.secretKey);
  return {
    name: "PayMongo",
    testMode,
    async createCheckout(request: CheckoutRequest): Promise<GatewayCheckout> {
      let answer: Response;
      try {
        answer = await fetch(`${base}/v1/checkout_sessions`, {
          method: "POST",
          headers: { authorization: auth, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({
            data: {
              attributes: {
                line_items: request.lines.map((l) => ({ name: l.name, amount: l.amount, currency: "PHP", quantity: 1 })),
                payment_method_types: ["qrph", "gcash", "paymaya", "card"],
                description: request.description,
                reference_number: request.reference,
                success_url: request.successUrl,
                cancel_url: request.cancelUrl,
                send_email_receipt: false,
                show_description: true,
                show_line_items: true,
              },
            },
          }),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new GatewayError(`gateway not reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      const text = await answer.text();
      if (!answer.ok) throw new GatewayError(`gateway answered ${answer.status}: ${text.slice(0, 200)}`);
      const body = safeJson(text) as { data?: { id?: unknown; attributes?: { checkout_url?: unknown; livemode?: unknown } } } | null;
      const id = body?.data?.id;
      const url = body?.data?.attributes?.checkout_url;
      if (typeof id !== "string" || typeof url !== "string") throw new GatewayError("gateway answer without id or checkout_url");
      return { sessionId: id, checkoutUrl: url, testMode };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null);
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);

/** Reads a PayMongo event body; null when it is not one. */
export function readPayMongoEvent(body: unknown): GatewayEvent | null {
  const data = obj(obj(body)?.data);
  const attributes = obj(data?.attributes);
  const id = str(data?.id);
  const type = str(attributes?.type);
  if (!data || !attributes || !id || !type) return null;
  const resource = obj(attributes.data);
  const resourceAttributes = obj(resource?.attributes);
  const resourceType = str(resource?.type);
  let payment: GatewayEvent["payment"] = null;
  let sessionId: string | null = null;
  let reference: string | null = null;
  if (resourceType === "checkout_session") {
    sessionId = str(resource?.id);
    reference = str(resourceAttributes?.reference_number);
    const payments = Array.isArray(resourceAttributes?.payments) ? resourceAttributes.payments : [];
    const paid = payments.map(obj).find((p) => str(obj(p?.attributes)?.status) === "paid") ?? obj(payments[0]);
    const pa = obj(paid?.attributes);
    const pid = str(paid?.id);
    if (pid && pa && Number.isSafeInteger(pa.amount)) payment = { id: pid, amount: Number(pa.amount), status: str(pa.status) ?? "" };
  } else if (resourceType === "payment") {
    const pid = str(resource?.id);
    const metadata = obj(resourceAttributes?.metadata);
    reference = str(metadata?.reference_number) ?? str(resourceAttributes?.external_reference_number);
    sessionId = str(metadata?.checkout_session_id);
    if (pid && resourceAttributes && Number.isSafeInteger(resourceAttributes.amount))
      payment = { id: pid, amount: Number(resourceAttributes.amount), status: str(resourceAttributes.status) ?? "" };
  }
  return { id, type, livemode: attributes.livemode === true, sessionId, reference, payment };
}
