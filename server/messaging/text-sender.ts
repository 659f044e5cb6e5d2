/**
 * How the service sends an AGAM one-time code: through the one configured SMS gateway
 * (smsGatewayOf: SMS_GATEWAY_URL and SMS_API_KEY), or, in development only
 * (NODE_ENV=development) and with no gateway, by writing the message to the server log so a
 * developer can go through the flow. In production without a gateway no code is sent
 * (members use their PIN).
 */

import type { SendText } from "../../modules/agam/second-factor.server";
import type { Config } from "../config";
import { smsGatewayOf } from "./sms-config";

const senders = new WeakMap<Config, SendText | undefined>();

export function textSenderFor(config: Config): SendText | undefined {
  if (senders.has(config)) return senders.get(config);
  const gateway = smsGatewayOf(config);
  let send: SendText | undefined;
  if (gateway) send = (to, text) => gateway.send(to, text);
  else if (config.NODE_ENV === "development") {
    send = async (to, text) => {
      console.warn(`[development: no SMS gateway configured] text to ${to}: ${text}`);
      return { ok: true };
    };
  }
  senders.set(config, send);
  return send;
}
