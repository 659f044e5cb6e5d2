/** The configured SMS gateway, or null when SMS_GATEWAY_URL and SMS_API_KEY are not both set. */
import type { Config } from "../config";
import { type SmsGateway, semaphoreGateway } from "./sms";

const made = new WeakMap<Config, SmsGateway | null>();

export function smsGatewayOf(config: Config): SmsGateway | null {
  if (!made.has(config)) {
    made.set(
      config,
      config.SMS_GATEWAY_URL && config.SMS_API_KEY
        ? semaphoreGateway({
            url: config.SMS_GATEWAY_URL,
            apiKey: config.SMS_API_KEY,
            senderName: config.SMS_SENDER_NAME,
            bulkLimit: config.SMS_BULK_LIMIT,
          })
        : null,
    );
  }
  return made.get(config)!;
}
