/**
 * `npm start` away from production with no gateway configured: the stand-in gateway on
 * loopback, so a newcomer can pay a demo bill end to end (every page it touches says "test
 * payment"). It fills in the PAYMENT_* settings before the config is read; cluster workers
 * inherit them. NODE_ENV=production never gets it: there, no settings means no Pay button.
 */
import crypto from "node:crypto";
import { type StandInGateway, startStandInGateway } from "./stand-in";

export async function startDemoGateway(env: NodeJS.ProcessEnv = process.env): Promise<StandInGateway | null> {
  if (env.NODE_ENV === "production" || env.PAYMENT_GATEWAY_URL || env.PAYMENT_STAND_IN === "off") return null;
  const secretKey = `sk_test_stand_in_${crypto.randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsk_test_${crypto.randomBytes(16).toString("hex")}`;
  const port = env.PORT || "3000";
  const gateway = await startStandInGateway({
    secretKey,
    webhookSecret,
    webhookUrl: `http://127.0.0.1:${port}/api/v1/payments/webhook`,
    // A repeat of each event a little later, as real gateways do: the site must apply it once.
    repeats: () => 1,
    repeatDelayMs: () => 2000,
  });
  env.PAYMENT_GATEWAY_URL = gateway.url;
  env.PAYMENT_SECRET_KEY = secretKey;
  env.PAYMENT_WEBHOOK_SECRET = webhookSecret;
  return gateway;
}
