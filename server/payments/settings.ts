/**
 * The payment gateway this process uses, from the settings: the real one (PAYMENT_GATEWAY_URL,
 * PAYMENT_SECRET_KEY, PAYMENT_WEBHOOK_SECRET), or none. `npm start` without them starts the
 * stand-in gateway (server/payments/stand-in.ts) and fills them in before the config is read.
 */

import type { PaymentsService } from "../../modules/payments/gateway";
import { isTestKey, payMongoGateway } from "../../modules/payments/paymongo.server";
import type { ReceiptSender } from "../../modules/payments/receipts.server";
import type { Config } from "../config";
import type { AppDeps } from "../deps";
import { textSenderFor } from "../messaging/text-sender";

export interface PaymentSettings extends PaymentsService {
  webhookSecret: string;
}

const cache = new WeakMap<Config, PaymentSettings | null>();

export function paymentSettings(config: Config): PaymentSettings | null {
  if (cache.has(config)) return cache.get(config) ?? null;
  const { PAYMENT_GATEWAY_URL: url, PAYMENT_SECRET_KEY: secretKey, PAYMENT_WEBHOOK_SECRET: webhookSecret } = config;
  const settings =
    url && secretKey && webhookSecret
      ? {
          gateway: payMongoGateway({ url, secretKey }),
          webhookSecret,
          testMode: isTestKey(secretKey),
          fee: Math.round(config.PAYMENT_FEE_PHP * 100),
        }
      : null;
  cache.set(config, settings);
  return settings;
}

/** Sends a payment's acknowledgement by e-mail (SMTP) or text (the SMS gateway), whichever the contact is. */
export function receiptSender(deps: AppDeps): ReceiptSender {
  const text = textSenderFor(deps.config);
  return async (to, subject, body) => {
    if (to.kind === "sms") return (await text?.(to.value, body))?.ok ?? false;
    const mail = deps.alerts?.channels.mail;
    if (!mail) return false;
    return (await mail.send({ idempotencyKey: `payment-receipt-${subject}`, to: to.value, subject, body })).ok;
  };
}
