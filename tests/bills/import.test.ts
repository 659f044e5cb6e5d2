/**
 * Bill and payment import against a real database, through the HTTP endpoint the billing
 * system's job calls (with a token an administrator made in the console) and through the
 * console: bad rows, a file of the wrong kind, the same file twice, a corrected bill, a total
 * that does not add up, a revoked token, a role without permission, and the audit entries.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, billRevisions, bills, payments } from "../../db/schema";
import { BILL_COLUMNS, billToRow, PAYMENT_COLUMNS, toCsv } from "../../modules/bills/files";
import { latestBill } from "../../modules/bills/inquiry.server";
import { createTestApp, type TestApp } from "../support/app";
import { billFile, testBill } from "../support/bills";
import { addToRoll } from "../support/roll";
import { signInAs, type TestStaff } from "../support/staff";

let t: TestApp;
let admin: TestStaff;
let billing: TestStaff;
let ratesStaff: TestStaff;
let token = "";

const ACCOUNT = "05-7000-0001";
const OTHER = "05-7000-0002";

/** A bill of March 2025 worked out from the seeded schedule, so the bill check finds nothing. */
const makeBill = (accountNumber: string, billNumber: string, kwh: number, arrears = 0) =>
  testBill(t.db.handle.db, accountNumber, billNumber, kwh, arrears);

function post(kind: "bills" | "payments", body: string, auth = `Bearer ${token}`) {
  return t.app.inject({
    method: "POST",
    url: `/api/v1/billing/${kind}`,
    headers: { "content-type": "text/csv", authorization: auth, "user-agent": "billing-nightly/1.0" },
    payload: body,
  });
}

async function audited(action: string) {
  return t.db.handle.db.select().from(auditLog).where(eq(auditLog.action, action));
}

/** A multipart body as a browser sends it. */
async function multipart(fields: Record<string, string | { name: string; text: string }>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields))
    typeof v === "string" ? form.set(k, v) : form.set(k, new Blob([v.text], { type: "text/csv" }), v.name);
  const req = new Request("http://localhost/", { method: "POST", body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), type: req.headers.get("content-type")! };
}

beforeAll(async () => {
  t = await createTestApp({ withPages: true });
  admin = await signInAs(t, "admin");
  billing = await signInAs(t, "billing");
  ratesStaff = await signInAs(t, "rates");
  await addToRoll(t.db.handle.db, [ACCOUNT, OTHER], "SANTOS, MARIA CLARA");
  // An administrator makes the billing system's token in the console; it is shown once.
  const res = await t.app.inject({
    method: "POST",
    url: "/staff/bills/tokens",
    headers: { cookie: admin.cookie, origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
    payload: "name=Billing+system+nightly+job",
  });
  expect(res.statusCode).toBe(200);
  token = /bill_[A-Za-z0-9_-]{20,}/.exec(res.body)?.[0] ?? "";
  expect(token).not.toBe("");
});

afterAll(async () => t?.close());

describe("POST /api/v1/billing/bills", () => {
  it("stores the good rows and lists the bad ones with their line and reason", async () => {
    const good = await makeBill(ACCOUNT, "T-2025-03-0001", 150);
    const wrongTotal = { ...(await makeBill(OTHER, "T-2025-03-0002", 80)) };
    const wrongTotalRow = billToRow(wrongTotal).map((v, i) => (BILL_COLUMNS[i] === "total_amount_due" ? "1.00" : v));
    const badAccount = billToRow(await makeBill("5-70-1", "T-2025-03-0003", 90));
    const res = await post("bills", billFile(good, wrongTotalRow, badAccount));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        kind: "bills",
        added: 1,
        replaced: 0,
        unchanged: 0,
        with_differences: 0,
        refused: [
          { line: 3, key: "T-2025-03-0002", reason: expect.stringMatching(/^the lines add up to [\d.]+, not the total amount due 1\.00$/) },
          { line: 4, key: "T-2025-03-0003", reason: 'account number "5-70-1" must be like 01-1000-4568' },
        ],
        online_payments_posted: 0,
      },
    });
    const [stored] = await t.db.handle.db.select().from(bills).where(eq(bills.billNumber, "T-2025-03-0001"));
    expect(stored).toMatchObject({ accountNumber: ACCOUNT, totalDue: good.totalDue, revision: 1, differences: [] });
    expect(await t.db.handle.db.select().from(bills).where(eq(bills.billNumber, "T-2025-03-0002"))).toEqual([]);
    // The use is audited under the integration's name, with counts (not the rows).
    const [entry] = await audited("bills.imported");
    expect(entry).toMatchObject({
      actorId: null,
      actorEmail: "integration:Billing system nightly job",
      objectType: "bill_import",
      userAgent: "billing-nightly/1.0",
    });
    expect(entry!.after).toMatchObject({ added: 1, replaced: 0, unchanged: 0, refused: 2, via: "api" });
  });

  it("refuses bills and payments for an account not on the member roll, with their line and reason", async () => {
    const stranger = "05-7999-0001";
    const bill = await makeBill(stranger, "T-2025-03-0100", 100);
    const member = await makeBill(OTHER, "T-2025-03-0101", 100);
    const res = await post("bills", billFile(member, bill));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      added: 1,
      refused: [
        {
          line: 3,
          key: stranger,
          reason: `bill T-2025-03-0100: account ${stranger} is not on the member roll (import the roll first, or correct the account number)`,
        },
      ],
    });
    expect(await t.db.handle.db.select().from(bills).where(eq(bills.accountNumber, stranger))).toEqual([]);
    const paid = await post(
      "payments",
      toCsv([
        [...PAYMENT_COLUMNS],
        ["OR-ROLL-1", stranger, "2025-03-10", "100.00", "office"],
        ["OR-ROLL-2", OTHER, "2025-03-10", "100.00", "office"],
      ]),
    );
    expect(paid.json().data).toMatchObject({
      added: 1,
      refused: [
        {
          line: 2,
          key: stranger,
          reason: expect.stringMatching(/^official receipt OR-ROLL-1: account 05-7999-0001 is not on the member roll/),
        },
      ],
    });
    expect(await t.db.handle.db.select().from(payments).where(eq(payments.accountNumber, stranger))).toEqual([]);
  });

  it("changes nothing when the same file comes twice", async () => {
    const file = billFile(await makeBill(ACCOUNT, "T-2025-03-0001", 150));
    const before = await t.db.handle.db.select().from(bills).where(eq(bills.billNumber, "T-2025-03-0001"));
    const res = await post("bills", file);
    expect(res.json().data).toMatchObject({ added: 0, replaced: 0, unchanged: 1, refused: [] });
    expect(await t.db.handle.db.select().from(bills).where(eq(bills.billNumber, "T-2025-03-0001"))).toEqual(before);
    expect(await t.db.handle.db.select().from(billRevisions).where(eq(billRevisions.billNumber, "T-2025-03-0001"))).toEqual([]);
  });

  it("replaces a corrected bill (same number) and keeps the earlier one as a revision", async () => {
    const corrected = await makeBill(ACCOUNT, "T-2025-03-0001", 150, 12_345);
    const res = await post("bills", billFile(corrected));
    expect(res.json().data).toMatchObject({ added: 0, replaced: 1, unchanged: 0 });
    const [stored] = await t.db.handle.db.select().from(bills).where(eq(bills.billNumber, "T-2025-03-0001"));
    expect(stored).toMatchObject({ revision: 2, arrears: 12_345, totalDue: corrected.totalDue });
    const revisions = await t.db.handle.db.select().from(billRevisions).where(eq(billRevisions.billNumber, "T-2025-03-0001"));
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({
      revision: 1,
      snapshot: expect.objectContaining({ arrears: 0, totalDue: corrected.totalDue - 12_345 }),
    });
  });

  it("stores a bill whose lines differ from the schedule and lists it in the console's bill check", async () => {
    const bill = await makeBill(OTHER, "T-2025-03-0009", 200);
    bill.charges.generation += 250; // 2.50 too much generation, the total still adds up
    bill.totalDue += 250;
    const res = await post("bills", billFile(bill));
    expect(res.json().data).toMatchObject({ added: 1, with_differences: 1 });
    const page = await t.app.inject({ url: "/staff/bills/check", headers: { cookie: billing.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("T-2025-03-0009");
    expect(page.body).toMatch(
      /Generation charge<\/td><td data-label="Billed" class="num">[\d,]+\.\d\d<\/td><td data-label="Recomputed" class="num">[\d,]+\.\d\d<\/td>/,
    );
    expect((await audited("bill_check.viewed")).length).toBeGreaterThan(0);
  });

  it("lists a bill altered by one centavo, states the rounding rule, and lets it pass only with a tolerance and its reason", async () => {
    const bill = await makeBill(OTHER, "T-2025-03-0011", 180);
    bill.charges.uc_me += 1; // one centavo more, the total still adds up
    bill.totalDue += 1;
    const res = await post("bills", billFile(bill));
    expect(res.json().data).toMatchObject({ added: 1, with_differences: 1 });
    const check = () => t.app.inject({ url: "/staff/bills/check", headers: { cookie: billing.cookie } });
    const page = await check();
    expect(page.body).toContain("T-2025-03-0011");
    expect(page.body).toContain("to the centavo");
    expect(page.body).toContain("rounded to the centavo, half a centavo up");
    expect(page.body).toMatch(/Universal charge: missionary electrification<\/td>.*?<td data-label="Difference" class="num">\+0\.01<\/td>/);

    const form = (fields: Record<string, string>) => ({
      method: "POST" as const,
      url: "/staff/bills/check",
      headers: { cookie: billing.cookie, origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });
    // A tolerance without a reason is refused beside the field, keeping what was typed.
    const refused = await t.app.inject(form({ tolerance: "1", reason: "" }));
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("Say why lines that far off are let through");
    expect(refused.body).toMatch(/id="tolerance"[^>]*value="1"/);
    const saved = await t.app.inject(form({ tolerance: "1", reason: "The billing system rounds VAT per bill, not per line." }));
    expect(saved.statusCode).toBe(302);
    const after = await check();
    expect(after.body).not.toContain("T-2025-03-0011");
    expect(after.body.replace(/<!-- -->/g, "")).toContain(
      "Lines up to 1 centavo off are not listed. Why: The billing system rounds VAT per bill, not per line.",
    );
    expect((await audited("bill_check.tolerance_set")).length).toBe(1);
    // Back to the centavo: listed again, with no new import.
    await t.app.inject(form({ tolerance: "0", reason: "" }));
    expect((await check()).body).toContain("T-2025-03-0011");
  });

  it("stores nothing from a file that is not a bill file (a payment file sent as bills)", async () => {
    const res = await post("bills", toCsv([[...PAYMENT_COLUMNS], ["OR-1", ACCOUNT, "2025-03-10", "100.00", "office"]]));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: "invalid_body", message: expect.stringMatching(/^This is not a bill file/) });
    expect(await t.db.handle.db.select().from(payments).where(eq(payments.orNumber, "OR-1"))).toEqual([]);
    expect((await audited("bills.import_refused")).length).toBe(1);
  });

  it("answers 401 without a token, with a wrong one, and with a revoked one; each refusal is audited", async () => {
    const file = billFile(await makeBill(OTHER, "T-2025-03-0010", 120));
    expect((await post("bills", file, "")).statusCode).toBe(401);
    expect((await post("bills", file, "Bearer bill_nope")).statusCode).toBe(401);
    // The administrator revokes the token in the console.
    const tokens = await t.app.inject({ url: "/staff/bills/tokens", headers: { cookie: admin.cookie } });
    const id = /name="confirm" value="revoke-(\d+)"/.exec(tokens.body)?.[1];
    // Revoke only asks first (without JavaScript too): the question, and nothing revoked yet.
    const ask = await t.app.inject({ url: `/staff/bills/tokens?confirm=revoke-${id}`, headers: { cookie: admin.cookie } });
    expect(ask.body).toMatch(/<h2 id="confirm-title">Revoke the token of [^<]+\?<\/h2>/);
    expect(ask.body).toContain("Yes, revoke it");
    expect(ask.body).toContain(`name="id" value="${id}"`);
    expect((await audited("billing_token.revoked")).length).toBe(0);
    const revoke = await t.app.inject({
      method: "POST",
      url: "/staff/bills/tokens",
      headers: { cookie: admin.cookie, origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
      payload: `intent=revoke&id=${id}`,
    });
    expect(revoke.statusCode).toBe(200);
    const res = await post("bills", file);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthorized");
    expect(await t.db.handle.db.select().from(bills).where(eq(bills.billNumber, "T-2025-03-0010"))).toEqual([]);
    expect((await audited("billing_token.refused")).length).toBe(3);
    expect((await audited("billing_token.issued")).length).toBe(1);
    expect((await audited("billing_token.revoked")).length).toBe(1);
  });
});

describe("the console's import", () => {
  it("answers 403 to a role without the billing permission, and to billing staff on the tokens page", async () => {
    const body = await multipart({ kind: "bills", file: { name: "bills.csv", text: billFile(await makeBill(OTHER, "T-X", 100)) } });
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/bills",
      headers: { cookie: ratesStaff.cookie, origin: "http://localhost:80", "content-type": body.type },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.handle.db.select().from(bills).where(eq(bills.billNumber, "T-X"))).toEqual([]);
    expect((await t.app.inject({ url: "/staff/bills/tokens", headers: { cookie: billing.cookie } })).statusCode).toBe(403);
  });

  it("imports payments for billing staff, which set the bill's status and balance", async () => {
    const [bill] = await t.db.handle.db.select().from(bills).where(eq(bills.billNumber, "T-2025-03-0001"));
    const half = Math.floor(bill!.totalDue / 2);
    const csv = toCsv([
      [...PAYMENT_COLUMNS],
      ["OR-2025-0001", ACCOUNT, "2025-03-10", (half / 100).toFixed(2), "e-wallet"],
      ["OR-BAD", ACCOUNT, "2025-03-10", "-5", "office"],
    ]);
    const body = await multipart({ kind: "payments", file: { name: "payments-2025-03.csv", text: csv } });
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/bills",
      headers: { cookie: billing.cookie, origin: "http://localhost:80", "content-type": body.type },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Payments imported.");
    expect(res.body).toMatch(/>0<!-- --> online payments posted/);
    expect(res.body).toContain("OR-BAD");
    const [entry] = (await audited("payments.imported")).filter((e) => e.actorEmail === billing.email);
    expect(entry!.after).toMatchObject({ file: "payments-2025-03.csv", added: 1, refused: 1 });
    const partly = await latestBill(t.db.handle.db, ACCOUNT, new Date("2025-03-12T00:00:00Z"));
    expect(partly).toMatchObject({ status: "partly-paid", balance: bill!.totalDue - half, maskedName: "M. C. S." });
    expect((await latestBill(t.db.handle.db, ACCOUNT, new Date("2025-03-20T00:00:00Z")))!.status).toBe("overdue");
    const rest = toCsv([
      [...PAYMENT_COLUMNS],
      ["OR-2025-0002", ACCOUNT, "2025-03-13", ((bill!.totalDue - half) / 100).toFixed(2), "office"],
    ]);
    expect((await post("payments", rest, "")).statusCode).toBe(401);
    const again = await multipart({ kind: "payments", file: { name: "rest.csv", text: rest } });
    await t.app.inject({
      method: "POST",
      url: "/staff/bills",
      headers: { cookie: billing.cookie, origin: "http://localhost:80", "content-type": again.type },
      payload: again.payload,
    });
    expect(await latestBill(t.db.handle.db, ACCOUNT, new Date("2025-03-20T00:00:00Z"))).toMatchObject({
      status: "paid",
      balance: 0,
      lastPayment: { paidOn: "2025-03-13", amount: bill!.totalDue - half },
    });
    const stored = await t.db.handle.db
      .select()
      .from(payments)
      .where(and(eq(payments.accountNumber, ACCOUNT)));
    expect(stored).toHaveLength(2);
  });
});
