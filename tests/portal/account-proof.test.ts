/**
 * Proof of an account with no contact on file (docs/decisions/0034-account-proof-and-code-limits.md):
 * the takeover a stranger tried (bill inquiry → bill proof with what it showed → a code to the
 * stranger's e-mail → signed in) fails at the bill proof; the member with the paper bill gets
 * through; and no public answer (bill inquiry, AGAM check, any /api/v1 GET, feeds) shows a
 * figure used as proof.
 */
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agamAccounts } from "../../db/schema";
import { latestBill } from "../../modules/bills/inquiry.server";
import { pesos } from "../../modules/bills/money";
import { PRIVATE_BILL_FIELDS } from "../../modules/bills/proof-figures";
import { BILL_PROOFS_PER_ACCOUNT } from "../../modules/portal/codes.server";
import { formatDate } from "../../modules/shared/dates";
import { demoAccountNumber, registeredDemoAccount } from "../../seed/accounts";
import { createTestApp, type TestApp } from "../support/app";
import { type SmtpStandIn, startSmtpServer } from "../support/smtp";
import { codeIn, paperBill, rOf, Visitor } from "./helpers";

process.env.ALTCHA_COST = "1";

describe("proof of an account with no contact on file", () => {
  let t: TestApp;
  let smtp: SmtpStandIn;
  const NO_CONTACT = demoAccountNumber(6, 3);
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off", TRUST_PROXY: "127.0.0.1", SMTP_URL: smtp.url } });
    await t.db.handle.db.update(agamAccounts).set({ phone: null, email: null }).where(eq(agamAccounts.accountNumber, NO_CONTACT));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const db = () => t.db.handle.db;

  /** The public bill inquiry as anyone can ask it: a solved captcha and an account number. */
  async function billInquiry(v: Visitor, account: string, path = "/service/bill-inquiry") {
    const challenge = (await v.get(`${path.replace(/^\/fil/, "")}/challenge`)).json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    const answer = await v.post(path, { accountNumber: account, altcha });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  }

  it("a stranger's takeover fails: what the bill inquiry shows does not prove the account", async () => {
    const stranger = new Visitor(t);
    const shown = await billInquiry(stranger, NO_CONTACT);
    const bill = (await latestBill(db(), NO_CONTACT))!;
    // The amount and due date are public: they are on the page.
    expect(shown).toContain(`Php ${pesos(bill.totalDue)}`);
    expect(shown).toContain(formatDate(bill.dueDate));
    // The stranger types whatever the page gave away: the amount and due date (the old proof), and
    // the bill number and present reading if the page (or its data) carried them.
    const paper = await paperBill(db(), NO_CONTACT);
    const seen = (value: string) => (shown.includes(value) ? value : "");
    const tried = await stranger.post("/mco/register/bill", {
      step: "bill",
      accountNumber: NO_CONTACT,
      amount: (bill.totalDue / 100).toFixed(2),
      dueDate: bill.dueDate,
      billNumber: seen(paper.billNumber),
      presentReading: seen(String(paper.reading)) || seen(paper.presentReading),
    });
    expect(tried.statusCode).toBe(422);
    expect(tried.body).not.toContain('name="token"');
    // So no code reaches the stranger's e-mail, and no account page opens.
    const before = smtp.messages.length;
    const next = await stranger.post("/mco/register/bill", { step: "contact", token: "", contact: "stranger@example.org" });
    expect(next.headers.location ?? "").not.toMatch(/register\/code/);
    expect(smtp.messages.length).toBe(before);
    const page = await stranger.get(`/mco/accounts/${NO_CONTACT}`);
    expect(page.statusCode).not.toBe(200);
    expect((await stranger.get(`/mco/accounts/${NO_CONTACT}/usage.csv`)).statusCode).not.toBe(200);
  });

  it("the member with the paper bill proves it by bill number and present reading, the bill before too; the form keeps what was typed", async () => {
    const v = new Visitor(t);
    const paper = await paperBill(db(), NO_CONTACT);
    const wrong = await v.post("/mco/register/bill", {
      step: "bill",
      accountNumber: NO_CONTACT,
      billNumber: paper.billNumber,
      presentReading: "1",
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain("do not match");
    expect(wrong.body).toContain(`value="${paper.billNumber}"`);
    expect(wrong.body).toContain('value="1"');
    // What to fix, beside each field: the two figures go together.
    expect(wrong.body).toMatch(/id="billNumber-error"[^>]*>.*?do not match/);
    expect(wrong.body).toMatch(/id="presentReading-error"[^>]*>.*?Check the present reading too/);
    // The bill before the latest (the paper one may be a cycle behind), typed in lower case with spaces.
    const before = await paperBill(db(), NO_CONTACT, 1);
    const ok = await v.post("/mco/register/bill", {
      step: "bill",
      accountNumber: NO_CONTACT,
      billNumber: ` ${before.billNumber.toLowerCase()} `,
      presentReading: before.presentReading,
    });
    expect(ok.statusCode).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(ok.body)![1]!;
    const sent = smtp.messages.length;
    const asked = await v.post("/mco/register/bill", { step: "contact", token, contact: "member@example.org" });
    const [mail] = (await smtp.waitFor(sent + 1)).slice(sent);
    // The code page after adding a contact does not offer the bill proof the member just made.
    const codePage = await v.get(asked.headers.location as string);
    expect(codePage.body).toContain("The bill proved the account");
    expect(codePage.body).not.toContain("Prove the account with your latest bill instead");
    const done = await v.post("/mco/register/code", { r: rOf(asked.headers.location as string), code: codeIn(mail!.text)! });
    expect(done.headers.location).toBe(`/mco/accounts/${NO_CONTACT}`);
    expect((await v.get(`/mco/accounts/${NO_CONTACT}`)).statusCode).toBe(200);
    // A bill older than the two latest proves nothing.
    const old = await paperBill(db(), NO_CONTACT, 2);
    const stale = await new Visitor(t).post("/mco/register/bill", {
      step: "bill",
      accountNumber: NO_CONTACT,
      billNumber: old.billNumber,
      presentReading: old.presentReading,
    });
    expect(stale.statusCode).toBe(422);
  });

  it("30 simultaneous wrong bill proofs for one account, from 30 addresses, compare 5; then it waits, and the page says until when", async () => {
    const account = demoAccountNumber(6, 5);
    const paper = await paperBill(db(), account);
    const tries = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new Visitor(t).post("/mco/register/bill", {
          step: "bill",
          accountNumber: account,
          billNumber: paper.billNumber,
          presentReading: String(paper.reading + 1 + i),
        }),
      ),
    );
    const compared = tries.filter((a) => a.statusCode === 422);
    const refused = tries.filter((a) => a.statusCode === 429);
    console.info(`[figure] 30 simultaneous wrong bill proofs for one account → ${compared.length} compared, ${refused.length} refused`);
    expect(compared).toHaveLength(BILL_PROOFS_PER_ACCOUNT.free);
    expect(refused).toHaveLength(30 - BILL_PROOFS_PER_ACCOUNT.free);
    for (const r of refused)
      expect(r.body).toMatch(/Too many tries\. You can try again after ([A-Z][a-z]+ \d{1,2}, \d{4}, )?\d{1,2}:\d{2} [AP]M\./);
    // The right figures now wait too: the limit holds before anything is compared.
    const right = await new Visitor(t).post("/mco/register/bill", {
      step: "bill",
      accountNumber: account,
      billNumber: paper.billNumber,
      presentReading: paper.presentReading,
    });
    expect(right.statusCode).toBe(429);
    expect(right.body).not.toContain('name="token"');
  });

  it("no public answer shows a figure used as proof (bill inquiry in both languages, AGAM check, every /api/v1 GET, feeds)", async () => {
    const account = registeredDemoAccount(2);
    // The public summary has none of the private fields.
    const summary = (await latestBill(db(), account))!;
    for (const field of PRIVATE_BILL_FIELDS) expect(Object.keys(summary)).not.toContain(field);

    const v = new Visitor(t);
    const answers: { what: string; body: string; forAccount: boolean }[] = [
      { what: "bill inquiry", body: await billInquiry(v, account), forAccount: true },
      { what: "bill inquiry (fil)", body: await billInquiry(v, account, "/fil/service/bill-inquiry"), forAccount: true },
    ];
    const spec = (await v.get("/api/v1/openapi.json")).json() as { paths: Record<string, Record<string, unknown>> };
    const fill: Record<string, string> = { account, origin: "web", kind: "electricity-rates", m: "3", y: "2026", id: "1" };
    for (const [path, methods] of Object.entries(spec.paths)) {
      // The stream never ends; it carries the same object as /agam/pool/all, read here.
      if (!("get" in methods) || path.endsWith("/stream")) continue;
      const url = `/api/v1${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(fill[name] ?? "1"))}`;
      answers.push({ what: url, body: (await v.get(url)).body, forAccount: path.includes("{account}") });
    }
    expect(answers.some((a) => a.what.includes("check-account-number"))).toBe(true);
    for (const feed of ["/feeds/power-interruptions.atom", "/feeds/advisories.atom"])
      answers.push({ what: feed, body: (await v.get(feed)).body, forAccount: false });
    // The AGAM pages that take an account number.
    for (const page of [`/agam-registration-confirmation/web/${account}`, `/fil/agam-registration-confirmation/web/${account}`])
      answers.push({ what: page, body: (await v.get(page)).body, forAccount: true });

    for (const back of [0, 1]) {
      const paper = await paperBill(db(), account, back);
      const readings = [paper.reading, paper.previous].flatMap((n) => [String(n), n.toLocaleString("en-PH"), n.toFixed(2)]);
      for (const { what, body, forAccount } of answers) {
        expect(body, what).not.toContain(paper.billNumber);
        // A reading is a short number: looked for in the answers about this account, where it would be its reading.
        if (forAccount)
          for (const r of readings)
            expect(body, `${what} shows reading ${r}`).not.toMatch(new RegExp(`(^|[^\\d,.])${r.replace(/[.,]/g, "\\$&")}([^\\d,]|$)`));
      }
    }
  });
});
