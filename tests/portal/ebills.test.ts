/**
 * Paperless e-bills: queued by the bill import in its transaction, sent through a real SMTP
 * server on loopback, once per bill revision, whatever is imported again or whoever died.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { portalEbills, portalLinks, portalUser } from "../../db/schema";
import { importFile } from "../../modules/bills/import.server";
import { sendEbills } from "../../modules/portal/ebills.server";
import { emailSender } from "../../server/messaging/channels";
import { createTestApp, type TestApp } from "../support/app";
import { billFile, testBill } from "../support/bills";
import { addToRoll } from "../support/roll";
import { type SmtpStandIn, startSmtpServer } from "../support/smtp";

const PAPERLESS = "05-7100-0001";
const PAPER = "05-7100-0002";
const SMS_ONLY = "05-7100-0003";
const PUBLIC = "https://www.wespeco.example.ph";

let t: TestApp;
let smtp: SmtpStandIn;
let mail: ReturnType<typeof emailSender>;
const db = () => t.db.handle.db;

const makeBill = (accountNumber: string, billNumber: string, kwh: number, arrears = 0) =>
  testBill(db(), accountNumber, billNumber, kwh, arrears);

async function member(id: string, kind: "email" | "sms", contact: string, account: string, paperless: boolean) {
  await db()
    .insert(portalUser)
    .values({ id, name: id, email: `${id}@portal.invalid`, contactKind: kind, contact });
  await db().insert(portalLinks).values({ userId: id, accountNumber: account, paperless });
}

// E-mail only here: the texts of members who sign in by text are bill-texts.test.ts's.
const send = (opts: Parameters<typeof sendEbills>[3] = {}) => sendEbills(db(), { email: mail }, PUBLIC, opts);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp();
  mail = emailSender({
    SMTP_URL: smtp.url,
    MAIL_FROM: "WESPECO <bills@wespeco.example.ph>",
    SMTP_RATE_PER_SECOND: 50,
    SMTP_MAX_CONNECTIONS: 2,
  });
  await addToRoll(db(), [PAPERLESS, PAPER, SMS_ONLY], "SANTOS, MARIA CLARA");
  await member("m-paperless", "email", "maria@example.ph", PAPERLESS, true);
  await member("m-paper", "email", "juan@example.ph", PAPER, false);
  await member("m-sms", "sms", "09171234567", SMS_ONLY, true);
});

afterAll(async () => {
  await mail?.close();
  await t?.close();
  await smtp?.close();
});

describe("paperless e-bills", () => {
  it("an imported bill of an opted-in account sends one e-mail with the amount, due date and link", async () => {
    const bill = await makeBill(PAPERLESS, "E-2025-03-0001", 150);
    const others = [await makeBill(PAPER, "E-2025-03-0002", 90), await makeBill(SMS_ONLY, "E-2025-03-0003", 80)];
    const res = await importFile(db(), "bills", billFile(bill, ...others));
    expect(res.ok && res.summary.added).toBe(3);
    // Queued in the import's transaction: the row is there before any worker runs.
    // The member who signs in by text gets a text instead (queued for the SMS channel), never an e-mail.
    const queued = await db().select().from(portalEbills).orderBy(portalEbills.id);
    expect(queued.map((q) => [q.accountNumber, q.billNumber, q.revision, q.channel, q.address, q.state])).toEqual([
      [PAPERLESS, "E-2025-03-0001", 1, "email", "maria@example.ph", "queued"],
      [SMS_ONLY, "E-2025-03-0003", 1, "sms", "09171234567", "queued"],
    ]);
    const before = smtp.messages.length;
    expect(await send()).toBe(1);
    const [m] = (await smtp.waitFor(before + 1)).slice(before);
    expect(m.to).toBe("maria@example.ph");
    expect(m.subject).toBe(`Your bill for March 2025, account ${PAPERLESS}`);
    const pesos = (bill.totalDue / 100).toLocaleString("en-PH", { minimumFractionDigits: 2 });
    expect(m.text).toContain(`Amount due: PHP ${pesos}`);
    expect(m.text).toContain("Due date: March 14, 2025");
    expect(m.text).toContain(`${PUBLIC}/mco/accounts/${PAPERLESS}/bills/E-2025-03-0001`);
    expect(await send()).toBe(0);
    expect(smtp.messages.length).toBe(before + 1);
  });

  it("the same file imported again sends nothing", async () => {
    const before = smtp.messages.length;
    const again = await importFile(db(), "bills", billFile(await makeBill(PAPERLESS, "E-2025-03-0001", 150)));
    expect(again.ok && again.summary.unchanged).toBe(1);
    expect(await send()).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(before);
    expect((await db().select().from(portalEbills).where(eq(portalEbills.channel, "email"))).length).toBe(1);
  });

  it("a corrected bill sends one e-mail saying so, once", async () => {
    const corrected = await makeBill(PAPERLESS, "E-2025-03-0001", 175);
    const before = smtp.messages.length;
    const res = await importFile(db(), "bills", billFile(corrected));
    expect(res.ok && res.summary.replaced).toBe(1);
    expect(await send()).toBe(1);
    const [m] = (await smtp.waitFor(before + 1)).slice(before);
    expect(m.subject).toBe(`Corrected bill for March 2025, account ${PAPERLESS}`);
    expect(m.text).toContain("was corrected");
    expect(m.text).toContain(`Amount due: PHP ${(corrected.totalDue / 100).toLocaleString("en-PH", { minimumFractionDigits: 2 })}`);
    await importFile(db(), "bills", billFile(corrected));
    expect(await send()).toBe(0);
  });

  it("a row claimed by a worker that died is sent only after its claim is stale, with the same Message-ID", async () => {
    await importFile(db(), "bills", billFile(await makeBill(PAPERLESS, "E-2025-03-0009", 120)));
    // A worker claimed it and was killed before writing down the outcome.
    await db().execute(
      sql`update portal_ebills set state = 'sending', attempts = 1, updated_at = now() where bill_number = 'E-2025-03-0009'`,
    );
    const before = smtp.messages.length;
    expect(await send()).toBe(0); // maybe still alive: left alone
    expect(await send({ staleBefore: new Date(Date.now() + 1000) })).toBe(1);
    const [m] = (await smtp.waitFor(before + 1)).slice(before);
    const [row] = await db().select().from(portalEbills).where(eq(portalEbills.billNumber, "E-2025-03-0009"));
    expect(row.state).toBe("sent");
    expect(m.messageId).toContain(`ebill-${row.id}@`);
    expect(await send({ staleBefore: new Date(Date.now() + 1000) })).toBe(0);
  });

  it("two workers at once send each e-bill once", async () => {
    await importFile(db(), "bills", billFile(await makeBill(PAPERLESS, "E-2025-04-0001", 100)));
    const before = smtp.messages.length;
    const [a, b] = await Promise.all([send(), send()]);
    expect(a + b).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(before + 1);
    const states = await queryRows<{ state: string; n: number }>(
      db(),
      sql`select state, count(*)::int as n from portal_ebills where channel = 'email' group by state`,
    );
    expect(states).toEqual([{ state: "sent", n: 4 }]);
  });

  it("a member who uses the portal in Filipino gets the e-bill in Filipino, linked under /fil/", async () => {
    const FILIPINO = "05-7100-0004";
    await addToRoll(db(), [FILIPINO], "REYES, JOSE");
    await member("m-fil", "email", "jose@example.ph", FILIPINO, true);
    await db().update(portalUser).set({ language: "fil" }).where(eq(portalUser.id, "m-fil"));
    const bill = await makeBill(FILIPINO, "E-2025-03-0004", 110);
    await importFile(db(), "bills", billFile(bill));
    const before = smtp.messages.length;
    expect(await send()).toBe(1);
    const [m] = (await smtp.waitFor(before + 1)).slice(before);
    expect(m.to).toBe("jose@example.ph");
    expect(m.subject).toMatch(new RegExp(`^Ang inyong bill para sa \\S+ 2025, account ${FILIPINO}$`));
    expect(m.text).toContain("Handa na ang inyong bill E-2025-03-0004");
    expect(m.text).toContain(`Halagang babayaran: \u20b1${(bill.totalDue / 100).toLocaleString("en-PH", { minimumFractionDigits: 2 })}`);
    expect(m.text).toContain(`${PUBLIC}/fil/mco/accounts/${FILIPINO}/bills/E-2025-03-0004`);
    expect(m.text).not.toMatch(/Amount due|Due date|Your bill/);
  });
});
