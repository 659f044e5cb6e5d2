/**
 * A guest's payment from the bill inquiry, through the pages (app.inject, the stand-in gateway):
 * the inquiry's answer carries a signed look-up token and never the bill's number or readings
 * (they prove an account, decision 0034); /pay with that token is the pay form; a missing
 * contact or a bad amount is said beside its field with what was typed kept; a forged, expired
 * or outdated token is refused; a good answer opens the checkout with the contact typed as where
 * the receipt goes, and goes on to the gateway through the acknowledgement page; unpaid, the
 * daily purge erases that contact a week after the checkout ended.
 */
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestPayToken, readGuestPayToken } from "../../app/routes/payments/guest-token.server";
import { agamAccounts, paymentCheckouts } from "../../db/schema";
import { importFile } from "../../modules/bills/import.server";
import { pesos } from "../../modules/bills/money";
import { purgeExpired } from "../../modules/privacy/personal-data.server";
import { DEFAULT_RETENTION } from "../../modules/privacy/retention";
import { type StandInGateway, startStandInGateway } from "../../server/payments/stand-in";
import { Visitor } from "../portal/helpers";
import { createTestApp, type TestApp } from "../support/app";
import { billFile, testBill } from "../support/bills";
import { addToRoll } from "../support/roll";

process.env.ALTCHA_COST = "1";
// The pages run from the build, with their own copy of the captcha module: one key for both, as
// several instances of the site share one.
process.env.ALTCHA_HMAC_KEY = "guest-pay-test-key-0123456789abcdef";

const SECRET_KEY = "sk_test_stand_in_guest";
const WEBHOOK_SECRET = "whsk_test_stand_in_guest";
const ACCOUNT = "05-7400-0001";
const BILL = "B-7400001";

describe("a guest pays from the bill inquiry", () => {
  let t: TestApp;
  let gateway: StandInGateway;
  let presentReading = 0;
  /** The bill's total as the page writes it ("Php 1,821.20"), from the demo schedule of its month. */
  let total = "";
  beforeAll(async () => {
    gateway = await startStandInGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp({
      withPages: true,
      env: { PAYMENT_GATEWAY_URL: gateway.url, PAYMENT_SECRET_KEY: SECRET_KEY, PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, RATE_LIMIT: "off" },
    });
    const db = t.db.handle.db;
    await addToRoll(db, [ACCOUNT]);
    await db.update(agamAccounts).set({ phone: null, email: null }).where(eq(agamAccounts.accountNumber, ACCOUNT));
    const bill = await testBill(db, ACCOUNT, BILL, 180);
    presentReading = bill.presentReading;
    total = `Php ${pesos(bill.totalDue)}`;
    expect((await importFile(db, "bills", billFile(bill))).ok).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  async function inquire(v: Visitor, path = "/service/bill-inquiry") {
    const challenge = (await v.get("/service/bill-inquiry/challenge")).json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    const answer = await v.post(path, { accountNumber: ACCOUNT, altcha });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  }
  const tokenIn = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";

  it("the inquiry's answer has a Pay button with a signed token, and neither the bill number nor a reading, in both languages", async () => {
    for (const path of ["/service/bill-inquiry", "/fil/service/bill-inquiry"]) {
      const page = await inquire(new Visitor(t), path);
      expect(page).toContain(path.startsWith("/fil") ? `Bayaran ang ${total} online` : `Pay ${total} online`);
      expect(page).toContain(`action="${path.startsWith("/fil") ? "/fil" : ""}/pay"`);
      expect(readGuestPayToken(tokenIn(page))).toEqual({ accountNumber: ACCOUNT, billingYear: 2025, billingMonth: 3 });
      expect(page).not.toContain(BILL);
      expect(page).not.toContain(String(presentReading));
      // Where else to pay it, folded under the Pay button (tests/payments/where-to-pay.test.ts: the places).
      expect(page).toMatch(
        path.startsWith("/fil")
          ? /<details class="where-to-pay"><summary>Iba pang paraan ng pagbabayad[^<]*<\/summary>[\s\S]*Punong Tanggapan, Bani/
          : /<details class="where-to-pay"><summary>Other ways to pay[^<]*<\/summary>[\s\S]*Main Office, Bani/,
      );
    }
  });

  it("the guest's pay form, its errors beside the fields with what was typed kept, then on to the gateway", async () => {
    const v = new Visitor(t);
    const token = tokenIn(await inquire(v));
    const form = await v.post("/pay", { token });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("Other ways to pay");
    expect(form.body).toContain("Pay the March 2025 bill of account 05-7400-0001");
    expect(form.body).not.toContain(BILL);
    expect(form.body).not.toContain('id="contact-error"');

    const refused = await v.post("/pay", { token, amount: "5", contact: "not a contact" });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("The smallest online payment is Php 20.00");
    expect(refused.body).toMatch(/id="contact-error"[^>]*>[\s\S]*?Enter an e-mail address like juan@example.com/);
    expect(refused.body).toContain('value="not a contact"');
    expect(refused.body).toContain('value="5"');
    expect((await v.post("/fil/pay", { token, amount: "", contact: "" })).body).toContain(
      "Ilagay ang e-mail address o mobile number para sa pagkilala.",
    );

    const paid = await v.post("/pay", { token, amount: "500", contact: " Guest@Example.com " });
    expect(paid.statusCode).toBe(303);
    const reference = /^\/pay\/(WP-[A-Z2-9]{10})\?go=1$/.exec(paid.headers.location ?? "")?.[1];
    expect(reference).toBeTruthy();
    const [row] = await t.db.handle.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference!));
    expect(row).toMatchObject({ accountNumber: ACCOUNT, amount: 50_000, receiptTo: "guest@example.com", portalUserId: null });
    // The acknowledgement page forwards to the gateway (a form's answer may not redirect off the site).
    const forward = await v.get(paid.headers.location!);
    expect(forward.body).toContain(`http-equiv="refresh" content="0;url=${row!.checkoutUrl}"`);
    expect((await v.get(`/pay/${reference}`)).body).not.toContain('http-equiv="refresh"');

    // Never paid: the daily purge erases the guest's contact a week after the checkout ended.
    const weekAfter = new Date(row!.expiresAt.getTime() + 7 * 86_400_000);
    expect((await purgeExpired(t.db.handle.db, DEFAULT_RETENTION, weekAfter)).guestContactsErased).toBe(0);
    const later = await purgeExpired(t.db.handle.db, DEFAULT_RETENTION, new Date(weekAfter.getTime() + 60_000));
    expect(later.guestContactsErased).toBe(1);
    const [erased] = await t.db.handle.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference!));
    expect(erased!.receiptTo).toBeNull();
  });

  it("a forged, expired or outdated token is refused, with the way back to the bill inquiry", async () => {
    const v = new Visitor(t);
    const good = guestPayToken({ accountNumber: ACCOUNT, billingYear: 2025, billingMonth: 3 });
    const forged = good.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const other = guestPayToken({ accountNumber: "05-7400-0002", billingYear: 2025, billingMonth: 3 }).replace("05-7400-0002", ACCOUNT);
    for (const token of [forged, other, "", "05-7400-0001.2025-03.99999999999.x"]) {
      const answer = await v.post("/pay", { token, amount: "", contact: "guest@example.com" });
      expect(answer.statusCode, token).toBe(422);
      expect(answer.body).toContain("This pay form has expired");
      expect(answer.body).toContain('href="/service/bill-inquiry"');
    }
    const old = guestPayToken({ accountNumber: ACCOUNT, billingYear: 2025, billingMonth: 2 });
    expect((await v.post("/pay", { token: old, contact: "guest@example.com" })).body).toContain("This account has a newer bill now");
    // Past its half hour.
    const now = Date.now();
    expect(readGuestPayToken(guestPayToken({ accountNumber: ACCOUNT, billingYear: 2025, billingMonth: 3 }, now), now + 31 * 60_000)).toBe(
      "expired",
    );
    // A GET has nothing to pay: the link to the bill inquiry.
    expect((await v.get("/pay")).body).toContain('href="/service/bill-inquiry"');
  });
});
