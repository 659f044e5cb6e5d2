/**
 * Posting and reconciliation of online payments, through the real paths: the billing system
 * reads what to post (its API with its token, or the console's CSV), then sends its payment
 * file with the reference column; a receipt that names a paid payment of its account posts it
 * (the bill counts the receipt from then on, never both), and any other is stored all the same
 * and listed in the console's reconciliation, with the amounts that differ and the refunds due.
 * Every view and export is audited. The clock is fixed: nothing depends on the hour.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, paymentCheckouts, paymentEvents } from "../../db/schema";
import { PAYMENT_COLUMNS, toCsv } from "../../modules/bills/files";
import { importFile } from "../../modules/bills/import.server";
import { billBalance } from "../../modules/payments/checkouts.server";
import { postingByBill } from "../../modules/payments/pay.server";
import { manilaDay } from "../../modules/payments/reconcile";
import { reconcileDay } from "../../modules/payments/reconcile.server";
import { setClock } from "../../modules/shared/clock";
import { createTestApp, type TestApp } from "../support/app";
import { billFile, testBill } from "../support/bills";
import { addToRoll } from "../support/roll";
import { signInAs, type TestStaff } from "../support/staff";

const ACCOUNT = "05-7200-0001";
const OTHER = "05-7200-0002";
/** Noon in Manila on November 28, 2026. */
const NOW = new Date("2026-11-28T04:00:00Z");
const REF = {
  overdue: "WP-POSTAAAAA1", // paid November 20: waiting more than 2 days
  recent: "WP-POSTAAAAA2", // paid November 27
  refund: "WP-POSTAAAAA3", // paid November 20 for a bill already paid
  expired: "WP-POSTAAAAA4", // never paid
};

let t: TestApp;
let admin: TestStaff;
let billing: TestStaff;
let ratesStaff: TestStaff;
let token = "";
let totalDue = 0;
const db = () => t.db.handle.db;

const checkout = (reference: string, billNumber: string, amount: number, paidAt: string | null, extra = {}) => ({
  reference,
  accountNumber: ACCOUNT,
  billNumber,
  amount,
  fee: 1_500,
  status: paidAt ? "paid" : "expired",
  gatewayPaymentId: paidAt ? `pay_${reference}` : null,
  testMode: true,
  language: "en",
  createdAt: new Date(paidAt ?? "2026-11-20T01:00:00Z"),
  expiresAt: new Date("2026-11-30T00:00:00Z"),
  paidAt: paidAt ? new Date(paidAt) : null,
  ...extra,
});

const api = (auth = `Bearer ${token}`) =>
  t.app.inject({ url: "/api/v1/billing/online-payments", headers: { authorization: auth, "user-agent": "billing-nightly/1.0" } });

const postPayments = (rows: string[][]) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/billing/payments",
    headers: { "content-type": "text/csv", authorization: `Bearer ${token}` },
    payload: toCsv([[...PAYMENT_COLUMNS, "reference"], ...rows]),
  });

const audited = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));
const row = async (reference: string) => (await db().select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference)))[0]!;

beforeAll(async () => {
  t = await createTestApp({ withPages: true });
  admin = await signInAs(t, "admin");
  billing = await signInAs(t, "billing");
  ratesStaff = await signInAs(t, "rates");
  await addToRoll(db(), [ACCOUNT, OTHER]);
  const bills = await Promise.all([testBill(db(), ACCOUNT, "P-9100001", 150), testBill(db(), ACCOUNT, "P-9100002", 120)]);
  totalDue = bills[0]!.totalDue;
  expect((await importFile(db(), "bills", billFile(...bills))).ok).toBe(true);
  await db()
    .insert(paymentCheckouts)
    .values([
      checkout(REF.overdue, "P-9100001", 50_000, "2026-11-20T02:00:00Z"),
      checkout(REF.recent, "P-9100002", 30_000, "2026-11-27T07:00:00Z"),
      checkout(REF.refund, "P-9100001", 20_000, "2026-11-20T03:00:00Z", { refundDue: true }),
      checkout(REF.expired, "P-9100002", 10_000, null),
    ]);
  // A payment of another amount than its checkout's, recorded and not applied.
  await db()
    .insert(paymentEvents)
    .values({
      eventId: "evt_short",
      type: "checkout_session.payment.paid",
      reference: REF.expired,
      outcome: "amount-differs",
      amount: 9_000,
      receivedAt: new Date("2026-11-20T05:00:00Z"),
      payload: {},
    });
  const res = await t.app.inject({
    method: "POST",
    url: "/staff/bills/tokens",
    headers: { cookie: admin.cookie, origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
    payload: "name=Billing+system+nightly+job",
  });
  token = /bill_[A-Za-z0-9_-]{20,}/.exec(res.body)?.[0] ?? "";
  expect(token).not.toBe("");
  // The pages' "today" and "more than 2 days" from here on (the demo's schedule is published at the real time, so after setting up).
  setClock(NOW);
});

afterAll(async () => {
  setClock(null);
  await t?.close();
});

describe("what the billing system is to post", () => {
  it("GET /api/v1/billing/online-payments lists the paid payments not posted, oldest first, without refunds due", async () => {
    const res = await api();
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      data: {
        online_payments: [
          {
            reference: REF.overdue,
            account_number: ACCOUNT,
            bill_number: "P-9100001",
            amount_centavos: 50_000,
            amount_pesos: "500.00",
            fee_centavos: 1_500,
            fee_pesos: "15.00",
            paid_at: "2026-11-20T10:00:00+08:00",
            gateway_payment_id: `pay_${REF.overdue}`,
            test_mode: true,
          },
          expect.objectContaining({ reference: REF.recent, amount_centavos: 30_000, paid_at: "2026-11-27T15:00:00+08:00" }),
        ],
      },
    });
    const [entry] = await audited("online_payments.exported");
    expect(entry).toMatchObject({ actorEmail: "integration:Billing system nightly job", after: { via: "api", rows: 2 } });
  });

  it("answers 401 in the API's error shape without a valid token, and audits the refusal", async () => {
    for (const auth of ["", "Bearer bill_nope"]) {
      const res = await api(auth);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: "unauthorized", message: expect.stringContaining("integration token") } });
    }
    const refused = await audited("billing_token.refused");
    expect(refused.filter((r) => JSON.stringify(r.after).includes("online-payments"))).toHaveLength(2);
  });

  it("the console's CSV gives the same list to the billing role, audited; another role gets 403", async () => {
    const res = await t.app.inject({ url: "/staff/bills/payments/to-post.csv", headers: { cookie: billing.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="online-payments-to-post-2026-11-28.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "reference,account_number,bill_number,amount_centavos,amount_pesos,fee_centavos,fee_pesos,paid_at,gateway_payment_id,test_mode",
    );
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([REF.overdue, REF.recent]);
    expect(await audited("online_payments.exported")).toContainEqual(
      expect.objectContaining({ actorId: billing.id, after: { via: "console", rows: 2 } }),
    );
    const refused = await t.app.inject({ url: "/staff/bills/payments/to-post.csv", headers: { cookie: ratesStaff.cookie } });
    expect(refused.statusCode).toBe(403);
  });
});

describe("the console's reconciliation before posting", () => {
  it("lists the day's payments, events and differences, and the payments waiting more than 2 days; the view is audited", async () => {
    const res = await t.app.inject({ url: "/staff/bills/payments?day=2026-11-20", headers: { cookie: billing.cookie } });
    expect(res.statusCode).toBe(200);
    const page = res.body;
    // Works without JavaScript: the day is a GET form.
    expect(page).toMatch(/<form[^>]*method="get"[^>]*>(?:(?!<\/form>)[\s\S])*name="day" value="2026-11-20"/);
    expect(page).toContain("November 20, 2026 at a glance");
    const section = (caption: string) => {
      const at = page.indexOf(`<caption>${caption}`);
      expect(at, caption).toBeGreaterThan(-1);
      return page.slice(at, page.indexOf("</table>", at));
    };
    // Paid on November 20, eight days ago: waiting; paid yesterday: not yet.
    const waiting = section("1 waiting");
    expect(waiting).toContain(REF.overdue);
    expect(waiting).not.toContain(REF.recent);
    expect(section("Paid but not posted")).toMatch(new RegExp(`${REF.overdue}[\\s\\S]*More than 2 days`));
    expect(section("Amounts that differ")).toMatch(/evt_short[\s\S]*₱115\.00[\s\S]*₱90\.00/);
    expect(section("Refunds due")).toContain(REF.refund);
    // Stacked rows on a phone: every cell names its column.
    expect(page).toContain('class="console-table console-table--stacked"');
    expect(page).toContain('data-label="Reference"');
    const [entry] = await audited("online_payments.viewed");
    expect(entry).toMatchObject({ actorId: billing.id, after: expect.objectContaining({ day: "2026-11-20", paid: 2, refundsDue: 1 }) });
    expect((await t.app.inject({ url: "/staff/bills/payments", headers: { cookie: ratesStaff.cookie } })).statusCode).toBe(403);
  });

  it("the overview's work list counts the payments waiting more than 2 days, one link from the list", async () => {
    const home = await t.app.inject({ url: "/staff", headers: { cookie: billing.cookie } });
    expect(home.body).toMatch(/<a href="\/staff\/bills\/payments"[^>]*>1 online payment not posted after 2 days<\/a>/);
  });

  it("a day that is not a date shows today in Manila", async () => {
    const res = await t.app.inject({ url: "/staff/bills/payments?day=2026-13-01", headers: { cookie: billing.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("That is not a date: today is shown.");
    expect(res.body).toContain("November 28, 2026 at a glance");
  });
});

describe("the payment file posts by reference", () => {
  const FILE = [
    // Posts the overdue payment (the reference in any case).
    ["OR-P1", ACCOUNT, "2026-11-21", "500.00", "e-wallet", REF.overdue.toLowerCase()],
    // Stored, listed as posted but not paid: unknown, never paid, another account.
    ["OR-P2", ACCOUNT, "2026-11-21", "123.00", "e-wallet", "WP-NOSUCHREF1"],
    ["OR-P3", ACCOUNT, "2026-11-21", "100.00", "e-wallet", REF.expired],
    ["OR-P4", OTHER, "2026-11-21", "300.00", "e-wallet", REF.recent],
    // Posts the recent payment, for another amount than paid.
    ["OR-P5", ACCOUNT, "2026-11-21", "299.00", "e-wallet", REF.recent],
    // A receipt of the office, no reference.
    ["OR-P6", ACCOUNT, "2026-11-21", "10.00", "office", ""],
  ];

  it("posts a paid payment in the import; the bill then counts the receipt, not both", async () => {
    expect(await billBalance(db(), "P-9100001")).toBe(totalDue - 50_000);
    expect((await postingByBill(db(), ACCOUNT)).get("P-9100001")?.reference).toBe(REF.overdue);

    const res = await postPayments(FILE);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ added: 6, refused: [], online_payments_posted: 2 });
    expect(await row(REF.overdue)).toMatchObject({ postedOrNumber: "OR-P1", postedAt: expect.any(Date) });
    expect(await row(REF.recent)).toMatchObject({ postedOrNumber: "OR-P5" });
    expect((await row(REF.expired)).postedOrNumber).toBeNull();

    // "Paid online, being posted" is gone from both bills; the receipts count once.
    const posting = await postingByBill(db(), ACCOUNT);
    expect(posting.has("P-9100001")).toBe(false);
    expect(posting.has("P-9100002")).toBe(false);
    // All of the account's receipts since the reading count on each of its bills (the billing system's rule).
    const receipts = 50_000 + 12_300 + 10_000 + 29_900 + 1_000;
    expect(await billBalance(db(), "P-9100001")).toBe(totalDue - receipts);
    // Nothing left to post: the API's list is empty.
    expect((await api()).json().data.online_payments).toEqual([]);
  });

  it("the same file again changes nothing", async () => {
    const before = await row(REF.overdue);
    const res = await postPayments(FILE);
    expect(res.json().data).toMatchObject({ added: 0, unchanged: 6, online_payments_posted: 0 });
    expect(await row(REF.overdue)).toEqual(before);
  });

  it("the reconciliation of the receipts' day lists what posted no payment and the amount that differs", async () => {
    const report = await reconcileDay(db(), manilaDay("2026-11-21", NOW).day, NOW);
    expect(report.postedNotPaid.map((r) => [r.orNumber, r.reason])).toEqual([
      ["OR-P2", "unknown"],
      ["OR-P3", "not-paid"],
      ["OR-P4", "other-account"],
    ]);
    expect(report.amountsDiffer).toEqual([{ source: "receipt", id: "OR-P5", reference: REF.recent, expected: 30_000, received: 29_900 }]);
    expect(report.overdue).toEqual([]);
    const page = (await t.app.inject({ url: "/staff/bills/payments?day=2026-11-21", headers: { cookie: billing.cookie } })).body;
    expect(page).toContain("Every online payment older than 2 days is posted.");
    expect(page).toMatch(/OR-P4[\s\S]*the online payment is for another account/);
    // The day the overdue payment was paid now shows it posted (the refund due stays a refund due).
    const paidDay = await reconcileDay(db(), manilaDay("2026-11-20", NOW).day, NOW);
    expect(paidDay).toMatchObject({ postedCount: 1, paidNotPosted: [], refundsDue: [expect.objectContaining({ reference: REF.refund })] });
  });
});
