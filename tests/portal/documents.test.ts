/**
 * What a member takes away: the bill as a PDF (read back with Debian's pdftotext and compared
 * with the bill's figures), the usage CSV, "my data" as JSON; closing the portal account after
 * a fresh code; a request to change the contact on file going to member services.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bills, portalContactRequests, portalLinks, portalUser } from "../../db/schema";
import { pesos } from "../../modules/bills/money";
import { storedBillLines } from "../../modules/portal/bill-lines";
import { setMemberLanguage } from "../../modules/portal/members.server";
import { formatDate } from "../../modules/shared/dates";
import { demoAccountNumber } from "../../seed/accounts";
import { createTestApp, type TestApp } from "../support/app";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";
import { codeIn, register, Visitor, waitUntil } from "./helpers";

/** A PDF's bytes in a file of their own. */
function pdfFile(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bill-pdf-")), "bill.pdf");
  fs.writeFileSync(file, bytes);
  return file;
}
/** A PDF's text as Debian's pdftotext reads it, laid out as on the page. */
const pdfText = (bytes: Buffer) => execFileSync("pdftotext", ["-layout", pdfFile(bytes), "-"]).toString();

describe("member portal documents", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  const ACCOUNT = demoAccountNumber(2, 4);
  const v = () => member;
  let member: Visitor;
  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await createTestApp({
      withPages: true,
      env: { RATE_LIMIT: "off", TRUST_PROXY: "127.0.0.1", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey },
    });
    member = new Visitor(t);
    await register(member, sms, ACCOUNT);
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  it("the PDF of a bill carries the same figures as the bill: every line, the total, the due date, the readings", async () => {
    const [bill] = await t.db.handle.db.select().from(bills).where(eq(bills.accountNumber, ACCOUNT)).orderBy(desc(bills.periodTo)).limit(1);
    const res = await v().get(`/mco/accounts/${ACCOUNT}/bills/${bill!.billNumber}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const text = pdfText(res.rawPayload);
    const info = execFileSync("pdfinfo", [pdfFile(res.rawPayload)]).toString();
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(text).toContain("Western Pangasinan Electric Cooperative, Inc.");
    expect(text).toContain(ACCOUNT);
    expect(text).toContain(bill!.billNumber);
    expect(text).toContain(`${formatDate(bill!.periodFrom)} to ${formatDate(bill!.periodTo)}`);
    const lines = storedBillLines(bill!);
    expect(lines.length).toBeGreaterThan(5);
    for (const l of lines)
      expect(text).toMatch(new RegExp(`${l.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s+Php ${pesos(l.amount).replace(".", "\\.")}`));
    expect(text).toMatch(new RegExp(`Total amount due\\s+Php ${pesos(bill!.totalDue).replace(".", "\\.")}`));
    expect(text).toContain(formatDate(bill!.dueDate));
    // The page shows the same total and lines.
    const page = await v().get(`/mco/accounts/${ACCOUNT}/bills/${bill!.billNumber}`);
    for (const l of lines) expect(page.body).toContain(`Php ${pesos(l.amount)}`);
    // In Filipino: the same lines and amounts, each named in Filipino.
    const filipino = storedBillLines(bill!, "fil");
    expect(filipino.map((l) => l.amount)).toEqual(lines.map((l) => l.amount));
    const filPage = await v().get(`/fil/mco/accounts/${ACCOUNT}/bills/${bill!.billNumber}`);
    for (const l of filipino) expect(filPage.body).toContain(l.label.replace(/&/g, "&amp;"));
    expect(filPage.body).not.toContain(lines[0]!.label);
    // The Filipino page links to the PDF in Filipino: its labels and dates in Filipino, the same figures.
    const filLink = /href="([^"]+\/pdf\?lang=fil)"/.exec(filPage.body)?.[1];
    expect(filLink).toBe(`/mco/accounts/${ACCOUNT}/bills/${bill!.billNumber}/pdf?lang=fil`);
    expect(/href="([^"]+\/pdf[^"]*)"/.exec(page.body)?.[1]).toBe(`/mco/accounts/${ACCOUNT}/bills/${bill!.billNumber}/pdf?lang=en`);
    const filText = pdfText((await v().get(filLink!)).rawPayload);
    expect(filText).toContain("Bill ng kuryente para sa ");
    expect(filText).toContain(`${formatDate(bill!.periodFrom, "fil")} hanggang ${formatDate(bill!.periodTo, "fil")}`);
    for (const label of ["Numero ng account", "Numero ng bill", "Panahon ng singil", "Basa ng metro", "Nagamit na kuryente"])
      expect(filText).toMatch(new RegExp(`${label}\\s+\\S`));
    for (const l of filipino)
      expect(filText).toMatch(
        new RegExp(`${l.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s+Php ${pesos(l.amount).replace(".", "\\.")}`),
      );
    for (const g of new Set(filipino.map((l) => l.group))) expect(filText).toContain(g);
    expect(filText).toMatch(new RegExp(`Kabuuang halagang babayaran\\s+Php ${pesos(bill!.totalDue).replace(".", "\\.")}`));
    expect(filText).toMatch(new RegExp(`Takdang petsa ng bayad\\s+${formatDate(bill!.dueDate, "fil")}`));
    for (const english of ["Total amount due", "Due date", "Billing period", "Account number", lines[0]!.label])
      expect(filText).not.toContain(english);
    // Opened without a language (an e-bill's link): the member's, the one of the pages they use.
    const pdfPath = `/mco/accounts/${ACCOUNT}/bills/${bill!.billNumber}/pdf`;
    expect(pdfText((await v().get(pdfPath)).rawPayload)).toContain("Total amount due");
    const [me] = await t.db.handle.db
      .select({ userId: portalLinks.userId })
      .from(portalLinks)
      .where(eq(portalLinks.accountNumber, ACCOUNT));
    await setMemberLanguage(t.db.handle.db, me!.userId, "fil");
    expect(pdfText((await v().get(pdfPath)).rawPayload)).toContain("Kabuuang halagang babayaran");
    await setMemberLanguage(t.db.handle.db, me!.userId, "en");
    // Another member gets nothing.
    const stranger = new Visitor(t);
    await register(stranger, sms, demoAccountNumber(3, 4));
    expect((await stranger.get(`/mco/accounts/${ACCOUNT}/bills/${bill!.billNumber}/pdf`)).statusCode).toBe(404);
    expect((await stranger.get(`/mco/accounts/${demoAccountNumber(3, 4)}/bills/${bill!.billNumber}/pdf`)).statusCode).toBe(404);
  });

  it("the usage CSV lists the 24 months' bills with kWh and amounts", async () => {
    const res = await v().get(`/mco/accounts/${ACCOUNT}/usage.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const rows = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows[0]).toBe("month,period_from,period_to,kwh,amount_due_php,due_date,bill_number");
    const stored = await t.db.handle.db.select().from(bills).where(eq(bills.accountNumber, ACCOUNT));
    expect(rows.length - 1).toBe(stored.length);
    const last = stored.sort((a, b) => a.periodTo.localeCompare(b.periodTo)).at(-1)!;
    expect(rows.at(-1)).toContain(`,${Number(last.kwh)},${(last.totalDue / 100).toFixed(2)},${last.dueDate},${last.billNumber}`);
  });

  it("the account page shows the usage chart as SVG with its table, the bills and the payments with receipt numbers", async () => {
    const page = await v().get(`/mco/accounts/${ACCOUNT}`);
    expect(page.body).toMatch(/<svg[^>]*role="img"/);
    expect(page.body).toContain("kWh used per month");
    expect(page.body).toContain("A year before");
    expect(page.body).toContain("Receipt (OR) number");
    // No React in the page (nothing on it needs it).
    expect(page.body).not.toMatch(/__reactRouterContext|entry\.client/);
  });

  it("my data is one JSON file of this member only; a contact change is a task for member services; closing needs a fresh code", async () => {
    const json = await v().get("/mco/my-data.json");
    expect(json.headers["cache-control"]).toBe("private, no-store");
    const body = JSON.parse(json.body);
    expect(body.accounts.map((a: { accountNumber: string }) => a.accountNumber)).toEqual([ACCOUNT]);
    expect(body.accounts[0].bills.length).toBeGreaterThan(0);
    // Money says its unit: centavos and pesos side by side, never a bare "totalDue".
    const [firstBill] = body.accounts[0].bills;
    expect(firstBill).not.toHaveProperty("totalDue");
    expect(firstBill.totalDuePesos).toBe(
      `${Math.floor(firstBill.totalDueCentavos / 100)}.${String(firstBill.totalDueCentavos % 100).padStart(2, "0")}`,
    );
    expect(body.units.totalDueCentavos).toMatch(/centavos/);
    expect(body.portalAccount.contact.kind).toBe("sms");

    const asked = await v().post("/mco/my-data", { intent: "contact-change", account: ACCOUNT, requested: "0918 555 0000" });
    expect(asked.body).toContain("went to member services");
    const [task] = await t.db.handle.db.select().from(portalContactRequests).where(eq(portalContactRequests.accountNumber, ACCOUNT));
    expect(task!.requested).toBe("0918 555 0000");
    // Someone else's account cannot be named.
    const other = await v().post("/mco/my-data", {
      intent: "contact-change",
      account: demoAccountNumber(3, 4),
      requested: "0918 555 0000",
    });
    expect(other.statusCode).toBe(422);

    const before = sms.messages.length;
    const start = await v().post("/mco/my-data", { intent: "close-start" });
    const r = /name="r" value="([^"]+)"/.exec(start.body)![1]!;
    await waitUntil(() => sms.messages.length > before);
    const wrong = await v().post("/mco/my-data", { intent: "close", r, code: "000000" });
    expect(wrong.statusCode).toBe(422);
    const [me] = await t.db.handle.db
      .select({ userId: portalLinks.userId })
      .from(portalLinks)
      .where(eq(portalLinks.accountNumber, ACCOUNT));
    const closed = await v().post("/mco/my-data", { intent: "close", r, code: codeIn(sms.messages.at(-1)!.message)! });
    expect(closed.statusCode).toBe(303);
    expect(await t.db.handle.db.select().from(portalUser).where(eq(portalUser.id, me!.userId))).toHaveLength(0);
    // The billing records stay.
    expect((await t.db.handle.db.select().from(bills).where(eq(bills.accountNumber, ACCOUNT))).length).toBeGreaterThan(0);
    expect((await v().get("/mco")).headers.location).toBe("/mco/login");
  });
});
