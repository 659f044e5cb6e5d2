/**
 * No messages to a stranger on demand: the alerts form sends confirmation e-mails and SMS
 * codes to whatever address or number is typed, so they are capped per recipient (3 a day
 * until one is used) and a new SMS code waits a minute, however many requests arrive at
 * once. Real SMTP (smtp-server) and the SMS gateway stand-in on loopback count what left.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATIONS_PER_DAY } from "../../modules/alerts/confirmation-limits.server";
import type { TestApp } from "../support/app";
import { createMessagingApp, type MessagingApp } from "../support/messaging-app";
import type { SmsGatewayStandIn } from "../support/sms-gateway";
import type { SmtpStandIn } from "../support/smtp";

describe("confirmation messages per recipient", () => {
  let t: TestApp;
  let smtp: SmtpStandIn;
  let sms: SmsGatewayStandIn;
  let app: MessagingApp | undefined;
  beforeAll(async () => {
    app = await createMessagingApp();
    ({ t, smtp, sms } = app);
  });
  afterAll(async () => {
    await app?.close();
  });

  let ip = 1;
  const subscribe = (fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/alerts",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost:80",
        "x-forwarded-for": `198.18.0.${ip++}`,
      },
      payload: new URLSearchParams({ area: "Bani", consent: "on", ...fields }).toString(),
    });

  it("30 subscribes at once for one stranger's e-mail send 3 e-mails, from any number of addresses", async () => {
    const before = smtp.accepted;
    const answers = await Promise.all(Array.from({ length: 30 }, () => subscribe({ email: "stranger@example.org" })));
    const sent = smtp.accepted - before;
    console.info(`[figure] 30 concurrent subscribes to one e-mail address → ${sent} confirmation e-mails`);
    expect(sent).toBe(CONFIRMATIONS_PER_DAY);
    expect(answers.filter((a) => a.statusCode === 302)).toHaveLength(CONFIRMATIONS_PER_DAY);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.body).toContain("We have already sent 3 confirmation e-mails to this address today");
    expect(refused.body).toContain('value="stranger@example.org"'); // what was typed is kept
  });

  it("a subscribe and 29 'send a new code' at once send one text", async () => {
    const before = sms.messages.length;
    const first = await subscribe({ mobile: "0917 555 1234" });
    expect(first.statusCode).toBe(302);
    const manage = first.headers.location!.split("?")[0]!;
    const answers = await Promise.all(
      Array.from({ length: 29 }, () =>
        t.app.inject({
          method: "POST",
          url: manage,
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
          payload: "intent=resend-sms",
        }),
      ),
    );
    const sent = sms.messages.length - before;
    console.info(`[figure] a subscribe + 29 concurrent "resend code" to one number → ${sent} texts`);
    expect(sent).toBe(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(29);
    expect(answers[0]!.body).toMatch(/You can ask for another in \d+ seconds/);
  });
});
