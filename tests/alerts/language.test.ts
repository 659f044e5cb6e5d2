/**
 * Alerts in the language a member subscribed in: subscribing on /fil/alerts stores Filipino,
 * and the confirmation e-mail, the SMS code and every interruption alert come in Filipino;
 * an English subscriber of the same area gets the same alert in English. Real SMTP
 * (smtp-server) and the SMS gateway stand-in on loopback; the alerts worker sends.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertSubscribers, barangays } from "../../db/schema";
import { checkSmsCode, confirmEmail } from "../../modules/alerts/subscriptions.server";
import { type Alerts, startAlerts } from "../../server/alerts/worker";
import { createChannels } from "../../server/messaging/channels";
import { createTestApp, type TestApp } from "../support/app";
import { daytimeInManila } from "../support/daytime";
import { publishInterruption } from "../support/publish";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";
import { type SmtpStandIn, startSmtpServer } from "../support/smtp";
import { waitUntil } from "../support/wait";

describe("alerts in the subscriber's language", () => {
  let t: TestApp;
  let smtp: SmtpStandIn;
  let sms: SmsGatewayStandIn;
  let alerts: Alerts | undefined;
  beforeAll(async () => {
    [smtp, sms] = await Promise.all([startSmtpServer(), startSmsGateway()]);
    t = await createTestApp({
      withPages: true,
      env: {
        RATE_LIMIT: "off",
        TRUST_PROXY: "127.0.0.1",
        PUBLIC_URL: "http://coop.test",
        SMTP_URL: smtp.url,
        SMS_GATEWAY_URL: sms.url,
        SMS_API_KEY: sms.apiKey,
        SMS_SENDER_NAME: "WESPECO",
      },
    });
  });
  afterAll(async () => {
    await alerts?.stop();
    await alerts?.channels.close();
    await t?.close();
    await smtp?.close();
    await sms?.close();
  });

  const subscribe = (path: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80", "x-forwarded-for": "198.18.1.1" },
      payload: new URLSearchParams({ area: "Bani", consent: "on", ...fields }).toString(),
    });

  /** Subscribes, then confirms with the link and the code that arrived, as the member would. */
  async function subscribeAndConfirm(path: string, email: string, mobile: string, number: string) {
    const answer = await subscribe(path, { email, mobile });
    expect(answer.statusCode).toBe(302);
    const mail = await waitUntil(async () => smtp.messages.find((m) => m.to === email));
    const text = await waitUntil(async () => sms.messages.find((m) => m.number === number));
    const token = /\/alerts\/confirm\/([\w-]+)/.exec(mail.text)![1]!;
    const manageToken = /\/alerts\/manage\/([\w-]+)/.exec(answer.headers.location!)![1]!;
    const code = /\b(\d{6})\b/.exec(text.message)![1]!;
    expect((await confirmEmail(t.db.handle.db, token)).status).toBe("confirmed");
    expect((await checkSmsCode(t.db.handle.db, manageToken, code)).status).toBe("confirmed");
    return { answer, mail, text, manageToken };
  }

  it("confirmation, code and alerts in Filipino for a /fil/ subscriber, in English for an English one", async () => {
    const fil = await subscribeAndConfirm("/fil/alerts", "miyembro@example.test", "0917 555 0101", "639175550101");
    expect(fil.answer.headers.location).toMatch(/^\/fil\/alerts\/manage\//);
    expect(fil.mail.subject).toBe("Kumpirmahin ang inyong abiso mula sa WESPECO tungkol sa pagkawala ng kuryente");
    expect(fil.mail.text).toContain("buksan ang link na ito sa loob ng 48 oras: http://coop.test/fil/alerts/confirm/");
    expect(fil.text.message).toMatch(/^WESPECO abiso sa brownout: ang code ninyo ay \d{6} \(10 min\)\. .* Reply STOP para itigil\.$/);
    const [stored] = await t.db.handle.db
      .select({ language: alertSubscribers.language })
      .from(alertSubscribers)
      .where(eq(alertSubscribers.manageToken, fil.manageToken));
    expect(stored!.language).toBe("fil");

    const en = await subscribeAndConfirm("/alerts", "member@example.test", "0917 555 0102", "639175550102");
    expect(en.answer.headers.location).toMatch(/^\/alerts\/manage\//);
    expect(en.mail.subject).toBe("Confirm your WESPECO interruption alerts");
    expect(en.text.message).toMatch(/^WESPECO outage alerts: your code is \d{6}/);

    alerts = await startAlerts(t.db.handle, createChannels(t.config), {
      publicUrl: "http://coop.test",
      relayIntervalMs: 200,
      retryDelaySeconds: 1,
      clock: () => daytimeInManila(),
    });
    const [b] = await t.db.handle.db.select().from(barangays).where(eq(barangays.town, "Bani"));
    await publishInterruption(t.db.handle.db, { town: "Bani", barangays: [b!.name], startsAt: new Date(Date.now() + 30 * 3600_000) });

    const mailTo = (to: string) => waitUntil(async () => smtp.messages.find((m) => m.to === to && m !== fil.mail && m !== en.mail));
    const smsTo = (number: string) =>
      waitUntil(async () => sms.messages.find((m) => m.number === number && m !== fil.text && m !== en.text));
    const [filMail, enMail, filSms, enSms] = await Promise.all([
      mailTo("miyembro@example.test"),
      mailTo("member@example.test"),
      smsTo("639175550101"),
      smsTo("639175550102"),
    ]);
    console.info(`[figure] Filipino alert SMS: ${filSms.message}`);
    expect(filMail.subject).toMatch(/^Nakatakdang pagkawala ng kuryente: [A-Z][a-z]+, [A-Z][a-z]+ \d+/);
    expect(filMail.text).toContain(`Mga lugar: Bani (${b!.name})`);
    expect(filMail.text).toContain(`http://coop.test/fil/alerts/manage/${fil.manageToken}`);
    expect(filMail.text).toContain("Natanggap ninyo ito dahil nagpa-abiso kayo");
    expect(filMail.text).not.toMatch(/\b(When|Areas|Details|You receive)\b/);
    expect(enMail.subject).toMatch(/^Scheduled power interruption: /);
    expect(enMail.text).toContain(`Areas: Bani (${b!.name})`);
    expect(enMail.text).toContain(`http://coop.test/alerts/manage/${en.manageToken}`);
    expect(filSms.message).toMatch(
      /^WESPECO: Nakatakdang pagkawala ng kuryente .* http:\/\/coop\.test\/fil\/news\/power-interruptions STOP para itigil$/,
    );
    expect(enSms.message).toMatch(/^WESPECO: Scheduled power interruption .* STOP to end$/);
  });
});
