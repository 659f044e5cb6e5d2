/**
 * New-bill texts for members who sign in by text: queued by the bill import for those who opted
 * in, sent through the SMS gateway stand-in on loopback (Semaphore's API) in the member's
 * language, with the account, amount and due date, GSM-7 within two segments, and no link but
 * the portal's sign-in page. They keep the alerts' SMS limits: nothing in the quiet hours, nothing
 * while the SMS channel is paused, and each bill revision once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalEbills, portalLinks, portalUser } from "../../db/schema";
import { smsSegments } from "../../modules/alerts/cost";
import { setChannelPaused } from "../../modules/alerts/deliveries.server";
import { importFile } from "../../modules/bills/import.server";
import { pesos } from "../../modules/bills/money";
import { sendEbills } from "../../modules/portal/ebills.server";
import { manilaMidnight } from "../../modules/shared/dates";
import { type Alerts, startAlerts } from "../../server/alerts/worker";
import { type ChannelSender, createChannels, smsSender } from "../../server/messaging/channels";
import { semaphoreGateway } from "../../server/messaging/sms";
import { createTestApp, type TestApp } from "../support/app";
import { billFile, testBill } from "../support/bills";
import { addToRoll } from "../support/roll";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";
import { waitUntil } from "../support/wait";

const PUBLIC = "https://www.wespeco.example.ph";
const TEXTED = "05-7200-0001";
const FILIPINO = "05-7200-0002";
const NOT_OPTED = "05-7200-0003";
const WORKER = "05-7200-0004";

/** Fixed Manila times (not the hour the test runs at): 10:00 and 22:00 of March 10, 2025. */
const MORNING = new Date(manilaMidnight(2025, 3, 10).getTime() + 10 * 3600_000);
const NIGHT = new Date(manilaMidnight(2025, 3, 10).getTime() + 22 * 3600_000);

let t: TestApp;
let gateway: SmsGatewayStandIn;
let sms: ChannelSender;
const db = () => t.db.handle.db;

async function member(id: string, mobile: string, account: string, paperless: boolean, language = "en") {
  await db()
    .insert(portalUser)
    .values({ id, name: id, email: `${id}@portal.invalid`, contactKind: "sms", contact: mobile, language });
  await db().insert(portalLinks).values({ userId: id, accountNumber: account, paperless });
}

const send = (siteTime = MORNING) => sendEbills(db(), { sms }, PUBLIC, { siteTime });
const textsTo = (number: string) => gateway.messages.filter((m) => m.number === number);

beforeAll(async () => {
  gateway = await startSmsGateway();
  t = await createTestApp({ env: { SMS_GATEWAY_URL: gateway.url, SMS_API_KEY: gateway.apiKey, SMS_SENDER_NAME: "WESPECO" } });
  sms = smsSender(semaphoreGateway({ url: gateway.url, apiKey: gateway.apiKey, senderName: "WESPECO" }), 120);
  await addToRoll(db(), [TEXTED, FILIPINO, NOT_OPTED, WORKER], "DELA CRUZ, ANA");
  await member("m-text", "639171110001", TEXTED, true);
  await member("m-fil", "639171110002", FILIPINO, true, "fil");
  await member("m-paper", "639171110003", NOT_OPTED, false);
  await member("m-worker", "639171110004", WORKER, true);
});

afterAll(async () => {
  await t?.close();
  await gateway?.close();
});

describe("new-bill texts", () => {
  it("a member who opted in gets one text with the account, amount and due date, and only the sign-in link", async () => {
    const bill = await testBill(db(), TEXTED, "T-2025-03-0001", 150);
    const other = await testBill(db(), NOT_OPTED, "T-2025-03-0003", 90);
    const res = await importFile(db(), "bills", billFile(bill, other));
    expect(res.ok && res.summary.added).toBe(2);
    const queued = await db().select().from(portalEbills);
    expect(queued.map((q) => [q.accountNumber, q.channel, q.address, q.state])).toEqual([[TEXTED, "sms", "639171110001", "queued"]]);

    expect(await send()).toBe(1);
    const [text, ...more] = textsTo("639171110001");
    expect(more).toEqual([]);
    expect(textsTo("639171110003")).toEqual([]);
    console.info(`[figure] bill text (English): ${text!.message}`);
    expect(text!.message).toBe(
      `WESPECO: Your bill for March 2025, account ${TEXTED}, is ready: PHP ${pesos(bill.totalDue)}, due March 14, 2025. ` +
        `Sign in at ${PUBLIC}/mco to see it. You can stop these texts there.`,
    );
    expect(text!.sendername).toBe("WESPECO");
    // No link that opens anything: the only address is the sign-in page, without the bill or account in it.
    expect(text!.message.match(/https?:\/\/\S+/g)).toEqual([`${PUBLIC}/mco`]);
    expect(text!.message).not.toContain("T-2025-03-0001");
    const size = smsSegments(text!.message);
    expect(size.encoding).toBe("GSM-7");
    expect(size.segments).toBeLessThanOrEqual(2);
    // Once: sending again sends nothing, and so does the same file imported again.
    expect(await send()).toBe(0);
    await importFile(db(), "bills", billFile(bill, other));
    expect(await send()).toBe(0);
    expect(textsTo("639171110001")).toHaveLength(1);
  });

  it("a member who uses the portal in Filipino gets the text in Filipino, with the Filipino sign-in page", async () => {
    const bill = await testBill(db(), FILIPINO, "T-2025-03-0002", 480, 123_456);
    await importFile(db(), "bills", billFile(bill));
    expect(await send()).toBe(1);
    const [text] = textsTo("639171110002");
    console.info(`[figure] bill text (Filipino): ${text!.message}`);
    expect(text!.message).toBe(
      `WESPECO: Handa na ang bill ninyo para sa Marso 2025, account ${FILIPINO}: PHP ${pesos(bill.totalDue)}, bayaran hanggang Marso 14, 2025. ` +
        `Mag-sign in sa ${PUBLIC}/fil/mco para makita. Maaaring itigil doon ang text na ito.`,
    );
    expect(text!.message).not.toMatch(/Your bill|due /);
    const size = smsSegments(text!.message);
    expect(size.encoding).toBe("GSM-7");
    expect(size.segments).toBeLessThanOrEqual(2);
  });

  it("a corrected bill is texted once more, saying it was corrected", async () => {
    const corrected = await testBill(db(), TEXTED, "T-2025-03-0001", 175);
    const res = await importFile(db(), "bills", billFile(corrected));
    expect(res.ok && res.summary.replaced).toBe(1);
    expect(await send()).toBe(1);
    const texts = textsTo("639171110001");
    expect(texts).toHaveLength(2);
    expect(texts[1]!.message).toContain(`account ${TEXTED}, was corrected: PHP ${pesos(corrected.totalDue)}, due March 14, 2025.`);
  });

  it("in the quiet hours (21:00 to 07:00 Manila) the text waits, queued, for the morning", async () => {
    await importFile(db(), "bills", billFile(await testBill(db(), TEXTED, "T-2025-04-0001", 120)));
    const before = gateway.messages.length;
    expect(await send(NIGHT)).toBe(0);
    expect(gateway.messages.length).toBe(before);
    const [row] = await db().select().from(portalEbills).where(eq(portalEbills.billNumber, "T-2025-04-0001"));
    expect(row!.state).toBe("queued");
    expect(await send(MORNING)).toBe(1);
    expect(gateway.messages.length).toBe(before + 1);
  });

  it("with no SMS sender (not configured) the text waits; the worker holds it while the SMS channel is paused", async () => {
    await importFile(db(), "bills", billFile(await testBill(db(), WORKER, "T-2025-03-0004", 100)));
    expect(await sendEbills(db(), {}, PUBLIC, { siteTime: MORNING })).toBe(0);
    await setChannelPaused(db(), "sms", true, "test");
    const alerts: Alerts = await startAlerts(t.db.handle, createChannels(t.config), {
      publicUrl: PUBLIC,
      relayIntervalMs: 60_000,
      clock: () => MORNING,
    });
    try {
      expect(await alerts.ebillsNow()).toBe(0);
      expect(textsTo("639171110004")).toEqual([]);
      const [held] = await db().select().from(portalEbills).where(eq(portalEbills.billNumber, "T-2025-03-0004"));
      expect(held!.state).toBe("queued");
      await setChannelPaused(db(), "sms", false, "test");
      // Sent by this call or by the worker's own loop, whichever comes first: once either way.
      await alerts.ebillsNow();
      const text = await waitUntil(async () => textsTo("639171110004")[0]);
      expect(text.message).toContain(`account ${WORKER}, is ready`);
      expect(textsTo("639171110004")).toHaveLength(1);
    } finally {
      await alerts.stop();
      await alerts.channels.close();
    }
  });
});
