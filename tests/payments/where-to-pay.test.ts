/**
 * "Where to pay" as content staff edit (the shared editor, both languages, a revision each save)
 * and everywhere a member is asked to pay: open and alone on the account page, the bill page,
 * the overview and the bill PDF when the site takes no payments online (this app has no
 * gateway settings), in the page's language; gone once the bill is paid. With a gateway it sits
 * folded beside each Pay button (tests/payments/guest-pay.test.ts, the bill inquiry).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, paymentPlaces } from "../../db/schema";
import { listRevisions } from "../../modules/content/revisions.server";
import { latestPayableBill } from "../../modules/payments/pay.server";
import { demoAccountNumber } from "../../seed/accounts";
import { register, Visitor } from "../portal/helpers";
import { createTestApp, type TestApp } from "../support/app";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";
import { signInAs, type TestStaff } from "../support/staff";

const pdfText = (bytes: Buffer) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "where-to-pay-")), "bill.pdf");
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
};

describe("where to pay", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  let staff: TestStaff;
  let member: Visitor;
  let account = "";
  let billNumber = "";
  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await createTestApp({
      withPages: true,
      env: { RATE_LIMIT: "off", TRUST_PROXY: "127.0.0.1", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey },
    });
    staff = await signInAs(t, "communications");
    // A demo account whose latest bill has something left to pay.
    for (let k = 2; k < 24 && !account; k++) {
      const bill = await latestPayableBill(t.db.handle.db, demoAccountNumber(6, k));
      if (bill && bill.balance > 0) [account, billNumber] = [demoAccountNumber(6, k), bill.billNumber];
    }
    expect(account).not.toBe("");
    member = new Visitor(t);
    await register(member, sms, account);
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  const staffPost = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { cookie: staff.cookie, origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });

  it("the demo lists offices, collectors, outlets and e-wallets with their biller names, in both languages, and no Pay button without a gateway", async () => {
    const page = (await member.get(`/mco/accounts/${account}`)).body;
    expect(page).toContain("<h2>Where to pay</h2>");
    for (const text of [
      "Cooperative offices",
      "Main Office, Bani",
      "Collectors",
      "Partner payment outlets",
      "Bayad Center",
      "GCash",
      "Bills, then Electric Utilities, then WESPECO",
    ])
      expect(page).toContain(text);
    expect(page).not.toContain("online</a>");
    const fil = (await member.get(`/fil/mco/accounts/${account}`)).body;
    expect(fil).toContain("<h2>Saan magbabayad</h2>");
    expect(fil).toContain("Punong Tanggapan, Bani");
    expect(fil).toContain("Mga kolektor sa barangay");
    expect(fil).not.toContain("Main Office, Bani");
    for (const url of [
      "/mco",
      `/mco/accounts/${account}/bills/${encodeURIComponent(billNumber)}`,
      `/mco/accounts/${account}/bills/${encodeURIComponent(billNumber)}/pay`,
    ]) {
      const res = await member.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("Where to pay");
      expect(res.body, url).toContain("Alaminos Collection Office");
    }
  });

  it("the bill PDF prints where to pay in the sheet's language", async () => {
    const pdf = `/mco/accounts/${account}/bills/${encodeURIComponent(billNumber)}/pdf`;
    const en = pdfText((await member.get(`${pdf}?lang=en`)).rawPayload);
    expect(en).toContain("Where to pay");
    expect(en).toMatch(/GCash: Bills, then Electric Utilities, then WESPECO; Reference: your account number/);
    const fil = pdfText((await member.get(`${pdf}?lang=fil`)).rawPayload);
    expect(fil).toContain("Saan magbabayad");
    expect(fil).toContain("Punong Tanggapan, Bani");
  });

  it("staff add a place with its Filipino version; a wrong one is refused beside its field; pages show it at once; every save is a revision and an audit entry", async () => {
    const bad = await staffPost("/staff/content/where-to-pay/new", { kind: "shop", name: "", details: "x" });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("Fill in name.");
    expect(bad.body).toContain("Choose one of the listed kind.");
    const saved = await staffPost("/staff/content/where-to-pay/new", {
      kind: "wallet",
      name: "ShopeePay",
      details: "Bills, then Electricity, then WESPECO\nReference: your account number",
      position: "5",
      "fil.name": "ShopeePay",
      "fil.details": "Bills, saka Electricity, saka WESPECO\nReference: ang numero ng account",
    });
    expect(saved.statusCode, saved.body.slice(0, 1500)).toBe(302);
    const id = /^\/staff\/content\/where-to-pay\/(\d+)\?saved=/.exec(String(saved.headers.location))?.[1];
    expect(id).toBeDefined();
    expect((await member.get(`/mco/accounts/${account}`)).body).toContain("Bills, then Electricity, then WESPECO");
    expect((await member.get(`/fil/mco/accounts/${account}`)).body).toContain("Bills, saka Electricity, saka WESPECO");
    // A place written only in English says so on the Filipino page.
    await staffPost(`/staff/content/where-to-pay/${id}`, {
      kind: "wallet",
      name: "ShopeePay",
      details: "Bills, then Electricity, then WESPECO",
      position: "5",
    });
    const fil = (await member.get(`/fil/mco/accounts/${account}`)).body;
    expect(fil.replace(/<!-- -->/g, "")).toMatch(/<li lang="en"><strong>ShopeePay<\/strong><span lang="fil"> \(sa Ingles\)<\/span>/);
    expect((await listRevisions(t.db.handle.db, "payment-place", id!)).length).toBe(2);
    const audited = await t.db.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, "payment-place"), eq(auditLog.objectId, id!)));
    expect(audited.length).toBe(2);
    // Removed, it leaves every page.
    const removed = await staffPost(`/staff/content/where-to-pay/${id}`, { intent: "remove" });
    expect(removed.statusCode).toBe(302);
    expect(
      await t.db.handle.db
        .select()
        .from(paymentPlaces)
        .where(eq(paymentPlaces.id, Number(id))),
    ).toEqual([]);
    expect((await member.get(`/mco/accounts/${account}`)).body).not.toContain("ShopeePay");
  });

  it("other roles may not edit it", async () => {
    const billing = await signInAs(t, "billing");
    const res = await t.app.inject({ url: "/staff/content/where-to-pay", headers: { cookie: billing.cookie } });
    expect(res.statusCode).toBe(403);
  });
});
