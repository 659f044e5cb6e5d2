/**
 * Interruption alerts in a real browser, against a real SMTP server on loopback: subscribe by
 * e-mail for one barangay (without JavaScript), follow the link from the e-mail that arrived,
 * publish an interruption there through core, and the alert arrives; one for another barangay
 * of the same town does not. Plus the SMS code and STOP, and the page at 360 px.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser } from "../../support/browser";
import { publishInterruption } from "../../support/publish";
import { type SmsGatewayStandIn, startSmsGateway } from "../../support/sms-gateway";
import { type SmtpStandIn, startSmtpServer } from "../../support/smtp";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const shots = path.resolve(import.meta.dirname, "..", "..", ".tmp", "screenshots");

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe("interruption alerts", () => {
  let t: TestApp;
  let smtp: SmtpStandIn;
  let sms: SmsGatewayStandIn;
  let noJs: Awaited<ReturnType<typeof openBrowser>>;

  beforeAll(async () => {
    [smtp, sms] = await Promise.all([startSmtpServer(), startSmsGateway()]);
    // Links in alerts are absolute (PUBLIC_URL), so the port is chosen before the app starts.
    const port = await freePort();
    t = await createTestApp({
      withPages: true,
      env: {
        ALERTS_WORKER: "on",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: smtp.url,
        SMS_GATEWAY_URL: sms.url,
        SMS_API_KEY: sms.apiKey,
        SMS_INBOUND_SECRET: "inbound-secret-for-tests",
      },
    });
    await t.app.listen({ port, host: "127.0.0.1" });
    t.url = `http://127.0.0.1:${port}`;
    noJs = await openBrowser({ javaScriptEnabled: false, width: 360, height: 740 });
    fs.mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await noJs?.cleanup();
    await t?.close();
    await Promise.all([smtp?.close(), sms?.close()]);
  });

  it("subscribe by e-mail without JavaScript, confirm from the e-mail, and only the subscribed barangay's interruption is sent", async () => {
    const db = t.db.handle.db;
    const bani = await db.select().from(barangays).where(eq(barangays.town, "Bani"));
    const mine = bani.find((b) => b.name === "Tiep")!;
    const other = bani.find((b) => b.name === "Colayo")!;

    const page = await noJs.newPage();
    await page.goto(`${t.url}/news/power-interruptions`);
    await page.getByRole("link", { name: /Get an e-mail, a text message or a notification/ }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Interruption alerts");
    // 360 px: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Mistakes are explained beside the field, and what was typed is kept.
    await page.getByRole("textbox", { name: "E-mail address" }).fill("not-an-address");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/Choose at least one town or barangay/);
    expect(await page.getByRole("textbox", { name: "E-mail address" }).inputValue()).toBe("not-an-address");
    await expect.poll(() => page.locator("#email-error").textContent()).toMatch(/Enter an e-mail address like/);

    await page.getByText("Bani", { exact: true }).click(); // open the town
    await page.getByRole("checkbox", { name: "Tiep" }).check();
    await page.getByRole("textbox", { name: "E-mail address" }).fill("maria@example.test");
    await page.getByRole("checkbox", { name: /I agree that/ }).check();
    await page.screenshot({ path: path.join(shots, "alerts-subscribe-360.png"), fullPage: true });
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your interruption alerts");
    expect(await page.getByRole("status").first().textContent()).toMatch(/We sent a confirmation link to maria@example.test/);

    // The confirmation e-mail arrived at the SMTP server; nothing else was sent before confirming.
    const [confirmation] = await smtp.waitFor(1);
    expect(confirmation!.to).toBe("maria@example.test");
    const link = /(http:\/\/\S+\/alerts\/confirm\/\S+)/.exec(confirmation!.text)![1]!;
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/Your e-mail address is confirmed/);

    // Published through core: one in another barangay of the same town, then one in Tiep.
    await publishInterruption(db, { town: "Bani", barangays: [other.name], startsAt: new Date(Date.now() + 30 * 3600_000) });
    const id = await publishInterruption(db, { town: "Bani", barangays: [mine.name], startsAt: new Date(Date.now() + 54 * 3600_000) });
    const mails = await smtp.waitFor(2);
    await t.app.deps.alerts!.worker!.relayNow(); // nothing more may come: both events are relayed
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.messages).toHaveLength(2);
    const alert = mails[1]!;
    expect(alert.to).toBe("maria@example.test");
    expect(alert.text).toContain("Bani (Tiep)");
    expect(alert.text).not.toContain("Colayo");
    expect(alert.text).toContain(`/news/power-interruptions#interruption-${id}`);

    // The one-click link in the e-mail stops everything.
    const manage = /(http:\/\/\S+\/alerts\/manage\/\S+)/.exec(alert.text)![1]!;
    await page.goto(manage);
    await page.getByRole("button", { name: "Stop all alerts" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Alerts stopped");
    await page.close();
  });

  it("SMS: a wrong number is refused with an example, the code confirms, STOP ends it", async () => {
    const page = await noJs.newPage();
    await page.goto(`${t.url}/alerts`);
    await page.getByText("Agno", { exact: true }).click();
    await page.getByRole("checkbox", { name: "All of Agno" }).check();
    await page.getByRole("textbox", { name: "Mobile number (SMS)" }).fill("12345");
    await page.getByRole("checkbox", { name: /I agree that/ }).check();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.locator("#mobile-error").textContent()).toMatch(/for example 0917 123 4567/);
    await page.getByRole("textbox", { name: "Mobile number (SMS)" }).fill("0917-555-0101");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your interruption alerts");
    await expect.poll(() => sms.messages.length).toBe(1);
    const text = sms.messages[0]!;
    expect(text.number).toBe("639175550101");
    // NTC: the service, how often, free, how to stop.
    expect(text.message).toMatch(/WESPECO outage alerts/);
    expect(text.message).toMatch(/only when an interruption affects your area/);
    expect(text.message).toMatch(/Free/);
    expect(text.message).toMatch(/Reply STOP/);
    expect(text.message.length).toBeLessThanOrEqual(160);
    const code = /code is (\d{6})/.exec(text.message)![1]!;
    await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => page.locator("#code-error").textContent()).toMatch(/4 tries left/);
    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toMatch(/mobile number is confirmed/);
    expect(await page.getByText(/0917 ••• 0101/).count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(shots, "alerts-manage-360.png"), fullPage: true });

    const stop = await fetch(`${t.url}/api/v1/alerts/sms-inbound?secret=inbound-secret-for-tests`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ number: "639175550101", message: " stop " }),
    });
    expect(await stop.json()).toEqual({ data: { stopped: 1 } });
    await expect.poll(() => sms.messages.length).toBe(2);
    expect(sms.messages[1]!.message).toMatch(/stopped/);
    await page.reload();
    expect(await page.getByText(/0917 ••• 0101/).count()).toBe(0);
    await page.close();
  });

  it("with JavaScript on a desktop: browser notifications are offered, and axe finds no WCAG 2.2 AA violation", async () => {
    const browser = await openBrowser({ width: 1280, height: 900 });
    try {
      const page = await browser.newPage();
      await page.goto(`${t.url}/alerts`);
      await expect.poll(() => page.getByRole("checkbox", { name: "Also show notifications in this browser" }).isVisible()).toBe(true);
      await page.screenshot({ path: path.join(shots, "alerts-subscribe-1280.png") });
      await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
          }
        ).axe;
        const result = await axe.run(document, {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
          resultTypes: ["violations"],
        });
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      });
      expect(violations).toEqual([]);
    } finally {
      await browser.cleanup();
    }
  });
});
