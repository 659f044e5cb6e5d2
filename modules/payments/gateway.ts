/**
 * What the site needs of a payment gateway with a hosted checkout: make a checkout session for
 * an amount and our reference, and read the signed events it sends back. One file per gateway
 * implements it (paymongo.server.ts); the stand-in on loopback speaks the same API.
 * No card or wallet data ever reaches the site: the member pays on the gateway's page.
 */

export interface CheckoutRequest {
  /** Ours ("WP-…"): the gateway keeps it and sends it back in its events. */
  reference: string;
  /** What the member pays, fee included, in centavos. */
  lines: { name: string; amount: number }[];
  description: string;
  successUrl: string;
  cancelUrl: string;
}

export interface GatewayCheckout {
  sessionId: string;
  checkoutUrl: string;
  /** The gateway's test mode (test keys, the stand-in): shown as "test payment". */
  testMode: boolean;
}

export interface PaymentGateway {
  readonly name: string;
  readonly testMode: boolean;
  createCheckout(request: CheckoutRequest): Promise<GatewayCheckout>;
}

/** A gateway event, as far as the site reads it. */
export interface GatewayEvent {
  id: string;
  type: string;
  livemode: boolean;
  /** The checkout session it concerns (paid events), when it names one. */
  sessionId: string | null;
  /** Our reference, when the event carries it. */
  reference: string | null;
  /** The payment's id and amount in centavos, for a payment event. */
  payment: { id: string; amount: number; status: string } | null;
}

export class GatewayError extends Error {}

/** Online payments as the pages see them: the gateway, its mode, and the fee shown before paying. */
export interface PaymentsService {
  gateway: PaymentGateway;
  testMode: boolean;
  /** The convenience fee, in centavos. */
  fee: number;
}
