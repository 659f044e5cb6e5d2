/**
 * A test app with its pages whose e-mail goes to a loopback SMTP server and whose texts go to
 * the SMS gateway stand-in, limits off and the loopback address trusted as a proxy (tests set
 * X-Forwarded-For to be several members).
 */
import { createTestApp, type TestApp } from "./app";
import { type SmsGatewayStandIn, startSmsGateway } from "./sms-gateway";
import { type SmtpStandIn, startSmtpServer } from "./smtp";

export interface MessagingApp {
  t: TestApp;
  smtp: SmtpStandIn;
  sms: SmsGatewayStandIn;
  close(): Promise<void>;
}

export async function createMessagingApp(): Promise<MessagingApp> {
  const [smtp, sms] = await Promise.all([startSmtpServer(), startSmsGateway()]);
  const t = await createTestApp({
    withPages: true,
    env: { RATE_LIMIT: "off", TRUST_PROXY: "127.0.0.1", SMTP_URL: smtp.url, SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey },
  });
  return {
    t,
    smtp,
    sms,
    async close() {
      await t.close();
      await smtp.close();
      await sms.close();
    },
  };
}
