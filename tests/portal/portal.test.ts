/**
 * The member portal over HTTP (inject), with the SMS gateway stand-in and a real SMTP server
 * on loopback: registration by a code to the contact on file, no enumeration, codes single
 * use / 10 minutes / 5 tries, send limits under 30 simultaneous requests, sessions in their
 * own realm, and every member page private to its member.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agamAccounts,
  agamRegistrations,
  agamTopics,
  alertConsents,
  alertEndpoints,
  alertSubscriberAreas,
  alertSubscribers,
  auditLog,
  barangays,
  bills,
  portalCodes,
  portalLinks,
  portalSession,
} from "../../db/schema";
import { pesos } from "../../modules/bills/money";
import { normalizeMobile } from "../../modules/shared/phone";
import { sessionTokenHash } from "../../modules/shared/session-token-hash.server";
import { demoAccountNumber } from "../../seed/accounts";
import { createTestApp, type TestApp } from "../support/app";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";
import { type SmtpStandIn, startSmtpServer } from "../support/smtp";
import { codeIn, paperBill, register, rOf, Visitor, waitUntil } from "./helpers";

describe("member portal", () => {
  let t: TestApp;
  let smtp: SmtpStandIn;
  let sms: SmsGatewayStandIn;
  const A = demoAccountNumber(1, 0);
  const A2 = demoAccountNumber(1, 2);
  const B = demoAccountNumber(2, 0);
  const EMAIL_ONLY = demoAccountNumber(3, 7);
  const NO_CONTACT = demoAccountNumber(4, 7);
  beforeAll(async () => {
    [smtp, sms] = await Promise.all([startSmtpServer(), startSmsGateway()]);
    t = await createTestApp({
      withPages: true,
      env: { RATE_LIMIT: "off", TRUST_PROXY: "127.0.0.1", SMTP_URL: smtp.url, SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey },
    });
    await t.db.handle.db.update(agamAccounts).set({ phone: null, email: null }).where(eq(agamAccounts.accountNumber, NO_CONTACT));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await sms?.close();
  });
  const db = () => t.db.handle.db;

  it("registers with a code texted to the number on file and signs in with a __Host- cookie", async () => {
    const v = new Visitor(t);
    const { done } = await register(v, sms, A);
    expect([302, 303]).toContain(done.statusCode);
    expect(done.headers.location).toBe(`/mco/accounts/${A}`);
    const cookie = ([] as string[]).concat(done.headers["set-cookie"] as string[]).find((c) => c.startsWith("__Host-mco.session="))!;
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const home = await v.get("/mco");
    expect(home.statusCode).toBe(200);
    expect(home.headers["cache-control"]).toBe("private, no-store");
    expect(home.body).toContain(A);
    const text = sms.messages.at(-1)!;
    expect(text.number).toBe(normalizeMobile((await db().select().from(agamAccounts).where(eq(agamAccounts.accountNumber, A)))[0]!.phone!));
  });

  it("answers the same for an unknown account, one without a contact and one with, and texts only the real one", async () => {
    const answers = [];
    const before = sms.messages.length + smtp.accepted;
    for (const account of ["09-9999-9999", NO_CONTACT]) {
      const v = new Visitor(t);
      const asked = await v.post("/mco/register", { accountNumber: account });
      const page = await v.get(asked.headers.location as string);
      const wrong = await v.post("/mco/register/code", { r: rOf(asked.headers.location as string), code: "000000" });
      answers.push({
        status: asked.statusCode,
        page: page.body.replace(/r=[^&"]+|r%3D[^%&"]+|value="[^"]+"|\d{2}-\d{4}-\d{4}/g, "_"),
        wrong: wrong.body.replace(/value="[^"]+"|\d{2}-\d{4}-\d{4}/g, "_"),
      });
    }
    const v = new Visitor(t);
    const asked = await v.post("/mco/register", { accountNumber: B });
    const page = await v.get(asked.headers.location as string);
    const wrong = await v.post("/mco/register/code", { r: rOf(asked.headers.location as string), code: "000000" });
    answers.push({
      status: asked.statusCode,
      page: page.body.replace(/r=[^&"]+|r%3D[^%&"]+|value="[^"]+"|\d{2}-\d{4}-\d{4}/g, "_"),
      wrong: wrong.body.replace(/value="[^"]+"|\d{2}-\d{4}-\d{4}/g, "_"),
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await waitUntil(() => sms.messages.length + smtp.accepted > before);
    await new Promise((r) => setTimeout(r, 200));
    expect(sms.messages.length + smtp.accepted - before).toBe(1);
    expect(sms.messages.at(-1)!.message).toContain(B);
  });

  it("e-mails the code when the account has only an e-mail on file (real SMTP)", async () => {
    const v = new Visitor(t);
    const before = smtp.messages.length;
    const asked = await v.post("/mco/register", { accountNumber: EMAIL_ONLY });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const onFile = (await db().select().from(agamAccounts).where(eq(agamAccounts.accountNumber, EMAIL_ONLY)))[0]!;
    expect(mail!.to).toContain(onFile.email);
    const done = await v.post("/mco/register/code", { r: rOf(asked.headers.location as string), code: codeIn(mail!.text)! });
    expect([302, 303]).toContain(done.statusCode);
    expect((await v.get("/mco")).body).toContain(EMAIL_ONLY);
    // Signed in by e-mail: paperless e-bills are offered, switched on and off by a plain form.
    const page = await v.get(`/mco/accounts/${EMAIL_ONLY}`);
    expect(page.body).toContain("E-mail me each new bill");
    const on = await v.post(`/mco/accounts/${EMAIL_ONLY}`, { intent: "paperless-on" });
    expect(on.headers.location).toBe(`/mco/accounts/${EMAIL_ONLY}`);
    expect(on.headers["cache-control"]).toBe("private, no-store");
    expect((await v.get(`/mco/accounts/${EMAIL_ONLY}`)).body).toContain("Stop e-mailing my bills");
    const [link] = await db().select().from(portalLinks).where(eq(portalLinks.accountNumber, EMAIL_ONLY));
    expect(link!.paperless).toBe(true);
    await v.post(`/mco/accounts/${EMAIL_ONLY}`, { intent: "paperless-off" });
    expect((await db().select().from(portalLinks).where(eq(portalLinks.accountNumber, EMAIL_ONLY)))[0]!.paperless).toBe(false);
  });

  it("a code works once, not after 10 minutes, and not after 5 wrong tries, even 30 at once", async () => {
    const v = new Visitor(t);
    const { done, code, r } = await register(v, sms, A2);
    expect([302, 303]).toContain(done.statusCode);
    const again = await new Visitor(t).post("/mco/register/code", { r, code });
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain("can no longer be used");

    // Expired: the same code, its time moved back past 10 minutes.
    const w = new Visitor(t);
    const asked = await w.post("/mco/register", { accountNumber: A2 });
    await waitUntil(() => codeIn(sms.messages.at(-1)!.message) !== code);
    const fresh = codeIn(sms.messages.at(-1)!.message)!;
    await db()
      .update(portalCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalCodes.id, rOf(asked.headers.location as string)));
    const late = await w.post("/mco/register/code", { r: rOf(asked.headers.location as string), code: fresh });
    expect(late.body).toContain("can no longer be used");

    // 30 wrong tries at once, then the right one.
    const x = new Visitor(t);
    const asked3 = await x.post("/mco/register", { accountNumber: B });
    await waitUntil(() => sms.messages.at(-1)!.number !== undefined);
    await new Promise((res) => setTimeout(res, 100));
    const right = codeIn(sms.messages.at(-1)!.message)!;
    const r3 = rOf(asked3.headers.location as string);
    const wrongCode = right === "123456" ? "654321" : "123456";
    const tries = await Promise.all(Array.from({ length: 30 }, () => x.post("/mco/register/code", { r: r3, code: wrongCode })));
    const [row] = await db().select().from(portalCodes).where(eq(portalCodes.id, r3));
    console.info(
      `[figure] 30 wrong codes at once → ${row!.tries} counted tries, ${tries.filter((a) => a.body.includes("not right")).length} 'not right' answers`,
    );
    expect(row!.tries).toBe(5);
    const after = await x.post("/mco/register/code", { r: r3, code: right });
    expect(after.statusCode).toBe(422);
    expect(after.body).toContain("can no longer be used");
  });

  it("30 simultaneous asks for one account's code send at most 3 texts an hour, from any addresses", async () => {
    const account = demoAccountNumber(5, 1);
    const before = sms.messages.length;
    const answers = await Promise.all(Array.from({ length: 30 }, () => new Visitor(t).post("/mco/register", { accountNumber: account })));
    await new Promise((r) => setTimeout(r, 500));
    const sent = sms.messages.slice(before).filter((m) => m.message.includes(account)).length;
    console.info(
      `[figure] 30 concurrent registration asks for one account → ${sent} texts, ${answers.filter((a) => a.statusCode === 429).length} refused`,
    );
    expect(sent).toBe(3);
    expect(answers.filter((a) => a.statusCode === 302)).toHaveLength(3);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.body).toContain("No code was sent: too many codes were asked for here. You can ask for a new code after");
    // 30 sign-in asks for one number from one address: the address's limit (10) and the number's (3).
    const ip = new Visitor(t).ip;
    const phone = (await db().select().from(agamAccounts).where(eq(agamAccounts.accountNumber, A)))[0]!.phone!;
    const b2 = sms.messages.length;
    const signIns = await Promise.all(Array.from({ length: 30 }, () => new Visitor(t, ip).post("/mco/login", { contact: phone })));
    await new Promise((r) => setTimeout(r, 500));
    const texts = sms.messages.length - b2;
    console.info(`[figure] 30 concurrent sign-in asks for one number from one address → ${texts} texts`);
    expect(texts).toBeLessThanOrEqual(3);
    expect(signIns.filter((a) => a.statusCode === 302).length).toBeLessThanOrEqual(3);
  });

  it("an account with no contact on file proves itself with its paper bill, then adds and confirms a contact", async () => {
    const paper = await paperBill(db(), NO_CONTACT);
    const v = new Visitor(t);
    const wrong = await v.post("/mco/register/bill", {
      step: "bill",
      accountNumber: NO_CONTACT,
      billNumber: paper.billNumber,
      presentReading: String(paper.reading + 1),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain("do not match");
    const ok = await v.post("/mco/register/bill", {
      step: "bill",
      accountNumber: NO_CONTACT,
      billNumber: paper.billNumber,
      presentReading: paper.presentReading,
    });
    expect(ok.statusCode).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(ok.body)![1]!;
    const before = smtp.messages.length;
    const asked = await v.post("/mco/register/bill", { step: "contact", token, contact: "New.Member@Example.org" });
    expect([302, 303]).toContain(asked.statusCode);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toContain("new.member@example.org");
    const done = await v.post("/mco/register/code", { r: rOf(asked.headers.location as string), code: codeIn(mail!.text)! });
    expect(done.headers.location).toBe(`/mco/accounts/${NO_CONTACT}`);
    // An account with a contact on file: the bill proof reads the same, but no code goes to a typed contact
    // (that account is proven by its contact on file only).
    const other = await paperBill(db(), demoAccountNumber(4, 1));
    const w = new Visitor(t);
    const proven = await w.post("/mco/register/bill", {
      step: "bill",
      accountNumber: demoAccountNumber(4, 1),
      billNumber: other.billNumber,
      presentReading: other.presentReading,
    });
    expect(proven.statusCode).toBe(200);
    const sentBefore = smtp.messages.length;
    const typed = await w.post("/mco/register/bill", {
      step: "contact",
      token: /name="token" value="([^"]+)"/.exec(proven.body)![1]!,
      contact: "intruder@example.org",
    });
    expect([302, 303]).toContain(typed.statusCode);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.slice(sentBefore).map((m) => m.to)).toEqual([]);
    // The token worked once.
    const reuse = await new Visitor(t).post("/mco/register/bill", { step: "contact", token, contact: "x@example.org" });
    expect(reuse.body).toContain("expired");
  });

  it("signs in with a code to the confirmed contact; a new session each time; sign out everywhere ends them all", async () => {
    // An account of its own: its number takes 3 codes an hour (one registration, two sign-ins here).
    const C = demoAccountNumber(9, 3);
    const phone = (await db().select().from(agamAccounts).where(eq(agamAccounts.accountNumber, C)))[0]!.phone!;
    const signIn = async (v: Visitor) => {
      const before = sms.messages.length;
      const asked = await v.post("/mco/login", { contact: phone });
      expect(
        [302, 303],
        asked.body
          .replace(/<head>.*<\/head>/s, "")
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .slice(0, 1500),
      ).toContain(asked.statusCode);
      await waitUntil(() => sms.messages.length > before);
      return v.post("/mco/login/code", { r: rOf(asked.headers.location as string), code: codeIn(sms.messages.at(-1)!.message)! });
    };
    await register(new Visitor(t), sms, C);
    const one = new Visitor(t);
    const two = new Visitor(t);
    // A cookie planted before sign-in is not the one after (the id rotates).
    one.jar.take({ "set-cookie": ["__Host-mco.session=planted.value; Path=/"] });
    const first = await signIn(one);
    expect(first.headers.location).toBe("/mco");
    expect(one.jar.header).not.toContain("planted.value");
    await signIn(two);
    expect(one.jar.header).not.toEqual(two.jar.header);
    expect((await one.get("/mco")).statusCode).toBe(200);
    expect((await two.get("/mco")).statusCode).toBe(200);
    const out = await one.post("/mco/sign-out", { everywhere: "on" });
    expect([302, 303]).toContain(out.statusCode);
    expect((await one.get("/mco")).headers.location).toBe("/mco/login");
    expect((await two.get("/mco")).headers.location).toBe("/mco/login");
  });

  it("checks the session on every request: a forged signature, a session past its end, one a day old is renewed", async () => {
    const v = new Visitor(t);
    await register(v, sms, demoAccountNumber(9, 4));
    const [session] = await db().select().from(portalSession).orderBy(desc(portalSession.createdAt)).limit(1);
    const cookie = v.jar.header;
    const value = decodeURIComponent(/__Host-mco\.session=([^;]+)/.exec(cookie)![1]!);
    const token = value.slice(0, value.lastIndexOf("."));
    // The table keeps only the token's SHA-256.
    expect(session!.token).toBe(sessionTokenHash(token));
    const ask = (c: string) => t.app.inject({ method: "GET", url: "/mco", headers: { cookie: c } });
    const fresh = await ask(cookie);
    expect(fresh.statusCode).toBe(200);
    // A fresh session is not renewed: no cookie sent.
    expect(fresh.headers["set-cookie"]).toBeUndefined();
    // The token with another signature, or another token with this one's, is no session.
    const signature = value.slice(value.lastIndexOf(".") + 1);
    const forged = `${token}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expect((await ask(`__Host-mco.session=${encodeURIComponent(forged)}`)).headers.location).toBe("/mco/login");
    expect((await ask(`__Host-mco.session=${encodeURIComponent(`x${token}.${signature}`)}`)).headers.location).toBe("/mco/login");

    // A day into its 30 days: this request moves its end and sends the cookie again.
    const dayOld = new Date(Date.now() + 29 * 86_400_000 - 60_000);
    await db().update(portalSession).set({ expiresAt: dayOld }).where(eq(portalSession.id, session!.id));
    const renewed = await ask(cookie);
    expect(renewed.statusCode).toBe(200);
    expect(String(renewed.headers["set-cookie"])).toContain("__Host-mco.session=");
    const [after] = await db().select().from(portalSession).where(eq(portalSession.id, session!.id));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * 86_400_000);

    // Past its end: no page, and the session is gone.
    await db()
      .update(portalSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalSession.id, session!.id));
    expect((await ask(cookie)).headers.location).toBe("/mco/login");
    expect(await db().select().from(portalSession).where(eq(portalSession.id, session!.id))).toEqual([]);
  });

  it("every account, bill and CSV URL answers 404 to a member it is not linked to; no page is shared between visitors", async () => {
    const a = new Visitor(t);
    await register(a, sms, demoAccountNumber(6, 0));
    const b = new Visitor(t);
    await register(b, sms, demoAccountNumber(7, 0));
    const mine = demoAccountNumber(6, 0);
    const theirs = demoAccountNumber(7, 0);
    const [bill] = await db().select().from(bills).where(eq(bills.accountNumber, mine)).limit(1);
    const [otherBill] = await db().select().from(bills).where(eq(bills.accountNumber, theirs)).limit(1);
    const urls = [`/mco/accounts/${mine}`, `/mco/accounts/${mine}/bills/${bill!.billNumber}`, `/mco/accounts/${mine}/usage.csv`];
    for (const url of urls) {
      expect((await a.get(url)).statusCode, url).toBe(200);
      const other = await b.get(url);
      expect(other.statusCode, url).toBe(404);
      // (The not-found page may repeat the URL the visitor typed; nothing of the bill itself.)
      expect(other.body).not.toContain(`Php ${pesos(bill!.totalDue)}`);
      expect(other.body).not.toContain("Total amount due");
      const anonymous = await new Visitor(t).get(url);
      expect(anonymous.statusCode, url).toBe(302);
      expect(anonymous.headers.location).toBe("/mco/login");
    }
    // A file's address changed by hand (a PDF, a CSV, another number), opened in the browser:
    // the site's 404 page in the shell, in the page's language, not a bare "Not found".
    const opened = (url: string) =>
      t.app.inject({
        method: "GET",
        url,
        headers: { cookie: b.jar.header, "x-forwarded-for": b.ip, accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
      });
    for (const url of [
      `/mco/accounts/${mine}/usage.csv`,
      `/mco/accounts/${mine}/bills/${bill!.billNumber}/pdf`,
      `/mco/accounts/${theirs}/bills/${bill!.billNumber}/pdf`,
      `/mco/accounts/${theirs}/bills/NO-SUCH-BILL/pdf?lang=fil`,
    ]) {
      const page = await opened(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers["content-type"], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain("Page not found");
      expect(page.body, url).toContain('<nav aria-label="Main"');
    }
    // A script that did not ask for a page keeps the short answer.
    expect((await b.get(`/mco/accounts/${mine}/usage.csv`)).headers["content-type"]).not.toMatch(/html/);
    // Another account's bill under one's own account's path.
    expect((await b.get(`/mco/accounts/${theirs}/bills/${bill!.billNumber}`)).statusCode).toBe(404);
    expect((await b.get(`/mco/accounts/${theirs}/bills/${otherBill!.billNumber}`)).statusCode).toBe(200);
    // Writes too: B cannot unlink or change A's account.
    expect((await b.post(`/mco/accounts/${mine}`, { intent: "unlink" })).statusCode).toBe(404);
    expect((await b.post(`/mco/accounts/${mine}`, { intent: "paperless-on" })).statusCode).toBe(404);
    // A member signed in by text is offered each new bill by text, for their own account only.
    expect((await b.get(`/mco/accounts/${theirs}`)).body).toContain("Text me each new bill");
    await b.post(`/mco/accounts/${theirs}`, { intent: "paperless-on" });
    expect((await db().select().from(portalLinks).where(eq(portalLinks.accountNumber, theirs)))[0]!.paperless).toBe(true);
    expect((await b.get(`/mco/accounts/${theirs}`)).body).toContain("Stop texting me my bills");
    await b.post(`/mco/accounts/${theirs}`, { intent: "paperless-off" });
    // The same URL, one after the other: each gets their own page, never the previous one's.
    const pageA = await a.get("/mco");
    const pageB = await b.get("/mco");
    const anon = await new Visitor(t).get("/mco");
    expect(pageA.body).toContain(mine);
    expect(pageB.body).not.toContain(mine);
    expect(pageB.body).toContain(theirs);
    expect(anon.statusCode).toBe(302);
    for (const r of [pageA, pageB, anon]) expect(r.headers["cache-control"]).toBe("private, no-store");
    expect(pageA.headers["x-cache"] ?? "").not.toMatch(/hit/i);
  });

  it("a signed-in member links a second account with its own code, sees both, and unlinks one", async () => {
    const first = demoAccountNumber(3, 3);
    const second = demoAccountNumber(3, 5);
    const v = new Visitor(t);
    await register(v, sms, first);
    const before = sms.messages.length;
    const asked = await v.post("/mco/register", { accountNumber: second });
    await waitUntil(() => sms.messages.length > before);
    // The code went to the second account's own number on file.
    const onFile = (await db().select().from(agamAccounts).where(eq(agamAccounts.accountNumber, second)))[0]!.phone!;
    expect(sms.messages.at(-1)!.number).toBe(normalizeMobile(onFile));
    const linked = await v.post("/mco/register/code", {
      r: rOf(asked.headers.location as string),
      code: codeIn(sms.messages.at(-1)!.message)!,
    });
    expect(linked.headers.location).toBe(`/mco/accounts/${second}`);
    const home = await v.get("/mco");
    expect(home.body).toContain(first);
    expect(home.body).toContain(second);
    const unlinked = await v.post(`/mco/accounts/${second}`, { intent: "unlink" });
    expect(unlinked.headers.location).toBe("/mco");
    expect((await v.get(`/mco/accounts/${second}`)).statusCode).toBe(404);
    expect((await v.get("/mco")).body).not.toContain(second);
  });

  it("interruption alerts for the account's barangay in one step, with the portal's contact already confirmed", async () => {
    const account = demoAccountNumber(7, 1);
    const v = new Visitor(t);
    const textsBefore = sms.messages.length;
    await register(v, sms, account);
    const [onFile] = await db().select().from(agamAccounts).where(eq(agamAccounts.accountNumber, account));
    // The roll's address names the barangay first, written as people write it.
    const [barangay] = await db().select().from(barangays).where(eq(barangays.town, onFile!.town!)).limit(1);
    await db()
      .update(agamAccounts)
      .set({ address: `brgy. ${barangay!.name.toUpperCase()}, ${onFile!.town}, Pangasinan` })
      .where(eq(agamAccounts.accountNumber, account));
    const place = `${barangay!.name}, ${onFile!.town}`;
    const page = await v.get(`/mco/accounts/${account}`);
    expect(page.body).toContain(`Send me alerts for ${place}`);
    const other = new Visitor(t);
    await register(other, sms, demoAccountNumber(7, 2));
    expect((await other.post(`/mco/accounts/${account}`, { intent: "alerts-on" })).statusCode).toBe(404);
    const on = await v.post(`/mco/accounts/${account}`, { intent: "alerts-on" });
    expect(on.headers.location).toBe(`/mco/accounts/${account}`);
    const after = await v.get(`/mco/accounts/${account}`);
    expect(after.headers["cache-control"]).toBe("private, no-store");
    expect(after.body).toContain(`You get power interruption alerts for ${place}`);
    const token = /\/alerts\/manage\/([A-Za-z0-9_-]{20,})/.exec(after.body)![1]!;
    const mobile = normalizeMobile(onFile!.phone!)!;
    const endpoints = await db().select().from(alertEndpoints).where(eq(alertEndpoints.address, mobile));
    expect(endpoints.map((e) => [e.channel, Boolean(e.confirmedAt), e.secretHash])).toEqual([["sms", true, null]]);
    const [sub] = await db().select().from(alertSubscribers).where(eq(alertSubscribers.manageToken, token));
    expect(
      (await db().select().from(alertSubscriberAreas).where(eq(alertSubscriberAreas.subscriberId, sub!.id))).map((a) => [
        a.town,
        a.barangayId,
      ]),
    ).toEqual([[onFile!.town, barangay!.id]]);
    expect((await db().select().from(alertConsents).where(eq(alertConsents.subscriberId, sub!.id))).length).toBe(1);
    // Again: the same subscription, nothing added, and no confirmation text was ever sent for it.
    await v.post(`/mco/accounts/${account}`, { intent: "alerts-on" });
    expect((await db().select().from(alertEndpoints).where(eq(alertEndpoints.address, mobile))).length).toBe(1);
    // Two registration codes were texted (this member and the other); nothing else.
    expect(sms.messages.length - textsBefore).toBe(2);
    // An address that names no barangay of the town: the whole town.
    await db()
      .update(agamAccounts)
      .set({ address: "Purok 3, near the chapel" })
      .where(eq(agamAccounts.accountNumber, demoAccountNumber(7, 2)));
    expect((await other.get(`/mco/accounts/${demoAccountNumber(7, 2)}`)).body).toMatch(
      /Send me alerts for (Alaminos|Bolinao|Anda|Bani|Agno|Burgos|Mabini|Dasol|Infanta)</,
    );
  });

  it("AGAM registration of a linked account without a second proof, audited; not for an account not linked", async () => {
    const account = demoAccountNumber(7, 3);
    const v = new Visitor(t);
    await register(v, sms, account);
    expect((await v.get(`/mco/accounts/${account}`)).body).toContain('action="/agam-registration"');
    // Another member's account, and no member at all: no proof is given.
    const notMine = await v.post("/agam-registration", { intent: "portal", account: demoAccountNumber(7, 4) });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.body).not.toContain('name="proof"');
    const anonymous = await new Visitor(t).post("/agam-registration", { intent: "portal", account });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe("/mco/login");
    const vouched = await v.post("/agam-registration", { intent: "portal", account });
    expect(vouched.statusCode).toBe(200);
    const proof = /name="proof" value="([^"]+)"/.exec(vouched.body)![1]!;
    const topics = await db().select().from(agamTopics);
    const answers = Object.fromEntries(topics.map((x) => [`a${x.sequenceNumber}`, "1"]));
    const done = await v.post("/agam-registration", { intent: "proceed", account, proof, ...answers });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toMatch(/^\/agam-registration\/confirmation\//);
    expect((await db().select().from(agamRegistrations).where(eq(agamRegistrations.accountNumber, account))).length).toBe(1);
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, "agam.proof_from_portal"));
    expect(audited.map((a) => a.objectId)).toEqual([account]);
  });

  it("a member's session does not open the console, and a sign-in is refused for a locked member", async () => {
    const v = new Visitor(t);
    await register(v, sms, demoAccountNumber(8, 0));
    const staff = await v.get("/staff");
    expect(staff.statusCode).toBe(302);
    expect(staff.headers.location).toMatch(/\/staff\/sign-in/);
    const sessions = await db().select().from(portalSession);
    expect(sessions.length).toBeGreaterThan(0);
  });
});
