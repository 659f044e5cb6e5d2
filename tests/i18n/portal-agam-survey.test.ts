/**
 * The member portal, the AGAM flow and the survey in Filipino, through the server: each page
 * under /fil/ shows no English interface string of its catalogs (the check sees English where
 * there is English), the forms' errors come back in Filipino beside their fields with what was
 * typed kept, redirects keep the member under /fil/mco, the session cookie reaches /fil/mco and
 * never opens the console, and the codes texted to a member who asked in Filipino are in Filipino.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { agamMessages as agamShared } from "../../app/messages/agam";
import { agamRegistrationMessages } from "../../app/messages/agam-registration";
import { agamServerMessages } from "../../app/messages/agam-server";
import { agamStatusMessages } from "../../app/messages/agam-status";

/** The AGAM catalogs as one (the pages split them to keep each page's script small). */
const agamMessages = {
  en: { ...agamShared.en, ...agamRegistrationMessages.en, ...agamStatusMessages.en, ...agamServerMessages.en },
  fil: { ...agamShared.fil, ...agamRegistrationMessages.fil, ...agamStatusMessages.fil, ...agamServerMessages.fil },
};

import { billMessages } from "../../app/messages/bills";
import { formMessages } from "../../app/messages/forms";
import { portalMessages } from "../../app/messages/portal";
import { portalPasskeyMessages } from "../../app/messages/portal-passkeys";
import { shellMessages } from "../../app/messages/shell";
import { SURVEY_QUESTION_KEYS, surveyMessages } from "../../app/messages/survey";
import { SURVEY_MESSAGES } from "../../app/routes/survey/page";
import { portalLinks, portalSession, portalUser } from "../../db/schema";
import { codeText as agamCodeText } from "../../modules/agam/second-factor.server";
import { SURVEY_RATINGS } from "../../modules/members/survey-options";
import { ebillMessage } from "../../modules/portal/ebills.server";
import { codeMessage } from "../../modules/portal/messages";
import { demoAccountNumber } from "../../seed/accounts";
import { DEMO_PIN } from "../../seed/index";
import { codeIn, rOf, Visitor, waitUntil } from "../portal/helpers";
import type { TestApp } from "../support/app";
import { createMessagingApp, type MessagingApp } from "../support/messaging-app";
import type { SmsGatewayStandIn } from "../support/sms-gateway";
import { englishLeft } from "./english-left";

let t: TestApp;
let sms: SmsGatewayStandIn;
let app: MessagingApp | undefined;
beforeAll(async () => {
  app = await createMessagingApp();
  ({ t, sms } = app);
});
afterAll(async () => {
  await app?.close();
});

/** Words kept the same in both languages on purpose (as tests/i18n/catalogs.test.ts lists them). */

const portal = [shellMessages.en, formMessages.en, portalMessages.en, billMessages.en];

describe("the member portal in Filipino", () => {
  test("the signed-out pages: Filipino, and English where it is English", async () => {
    const v = new Visitor(t);
    for (const path of ["/mco/login", "/mco/register", "/mco/login/code?r=x", "/mco/register/code?r=x", "/mco/register/bill"]) {
      const fil = await v.get(`/fil${path}`);
      expect(fil.statusCode, path).toBe(200);
      expect(fil.body, path).toContain('<html lang="fil"');
      expect(englishLeft(fil.body, portal), path).toEqual([]);
      const en = await v.get(path);
      expect(en.body, path).toContain('<html lang="en"');
      expect(englishLeft(en.body, [portalMessages.en]).length, path).toBeGreaterThan(2);
    }
    const login = await v.get("/fil/mco/login");
    expect(login.body).toContain(`<h1>${portalMessages.fil["mco.login.title"]}</h1>`);
    expect(login.body).toContain('href="/fil/mco/register"');
  });

  test("a member's pages need a session: /fil/mco sends to the Filipino sign-in", async () => {
    const v = new Visitor(t);
    for (const path of ["/fil/mco", "/fil/mco/my-data", "/fil/mco/sign-out", `/fil/mco/accounts/${demoAccountNumber(1, 0)}`]) {
      const res = await v.get(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location, path).toBe("/fil/mco/login");
    }
    expect((await v.get("/mco")).headers.location).toBe("/mco/login");
  });

  test("form errors in Filipino beside the field, what was typed kept", async () => {
    const v = new Visitor(t);
    const bad = await v.post("/fil/mco/login", { contact: "hindi-tama" });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(portalMessages.fil["mco.login.contactError"]);
    expect(bad.body).toContain('value="hindi-tama"');
    expect(englishLeft(bad.body, portal)).toEqual([]);
    const acct = await v.post("/fil/mco/register", { accountNumber: "12-34" });
    expect(acct.statusCode).toBe(422);
    expect(acct.body).toContain(portalMessages.fil["mco.accountError"]);
    const bill = await v.post("/fil/mco/register/bill", { step: "bill", accountNumber: "x", billNumber: "B 1/2", presentReading: "abc" });
    expect(bill.statusCode).toBe(422);
    for (const key of ["mco.accountError", "mco.registerBill.billNumberError", "mco.registerBill.readingError"] as const)
      expect(bill.body, key).toContain(portalMessages.fil[key]);
    for (const typed of ['value="B 1/2"', 'value="abc"']) expect(bill.body).toContain(typed);
    expect(englishLeft(bill.body, portal)).toEqual([]);
    const wrong = await v.post("/fil/mco/login/code", { r: "no-such", code: "123456" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain(portalMessages.fil["mco.code.spent"]);
  });

  test("register, sign in and out in Filipino: codes in Filipino, redirects under /fil/mco, every page Filipino", async () => {
    const A = demoAccountNumber(5, 1);
    const v = new Visitor(t);
    const before = sms.messages.length;
    const asked = await v.post("/fil/mco/register", { accountNumber: A });
    expect(asked.statusCode).toBe(302);
    expect(asked.headers.location).toMatch(/^\/fil\/mco\/register\/code\?r=/);
    await waitUntil(() => sms.messages.length > before);
    const text = sms.messages.at(-1)!.message;
    expect(text).toMatch(/^WESPECO: \d{6} ang code para i-link ang account /);
    // GSM-7 only: one 160-character segment.
    expect(text).toMatch(/^[\x20-\x7e]+$/);
    expect(text.length).toBeLessThanOrEqual(160);
    const done = await v.post("/fil/mco/register/code", { r: rOf(asked.headers.location as string), code: codeIn(text)! });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/fil/mco/accounts/${A}`);
    const cookie = ([] as string[]).concat(done.headers["set-cookie"] as string[]).find((c) => c.startsWith("__Host-mco.session="))!;
    // Path=/ (a __Host- cookie must be): sent to /mco and /fil/mco alike.
    expect(cookie).toMatch(/Path=\/(;|$)/);
    // The member signed in in Filipino: their e-bills will be in Filipino.
    const [link] = await t.db.handle.db.select({ userId: portalLinks.userId }).from(portalLinks).where(eq(portalLinks.accountNumber, A));
    const [user] = await t.db.handle.db.select({ language: portalUser.language }).from(portalUser).where(eq(portalUser.id, link!.userId));
    expect(user!.language).toBe("fil");

    const account = await v.get(`/fil/mco/accounts/${A}`);
    expect(account.statusCode).toBe(200);
    expect(account.body).toContain('<html lang="fil"');
    expect(account.body).toContain(A);
    expect(account.body).toContain('action="/fil/agam-registration"');
    expect(account.body).toMatch(/₱[\d,]+\.\d\d/);
    expect(englishLeft(account.body, portal)).toEqual([]);
    const bill = /href="(\/fil\/mco\/accounts\/[^"]+\/bills\/[^"]+)"/.exec(account.body)?.[1];
    expect(bill).toBeDefined();
    const pages = ["/fil/mco", "/fil/mco/my-data", "/fil/mco/sign-out", decodeURI(bill!).replace(/&amp;/g, "&")];
    for (const path of pages) {
      const res = await v.get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<html lang="fil"');
      expect(englishLeft(res.body, portal), path).toEqual([]);
    }
    const home = await v.get("/fil/mco");
    expect(home.body).toContain(`<h1>${portalMessages.fil["mco.bar.accounts"]}</h1>`);
    // The same session opens the English portal, and never the console.
    expect((await v.get("/mco")).statusCode).toBe(200);
    const staff = await v.get("/staff");
    expect(staff.statusCode).toBe(302);
    expect(staff.headers.location).toMatch(/\/staff\/sign-in/);
    expect((await v.get("/fil/staff")).statusCode).not.toBe(200);

    // My data: its error in Filipino.
    const change = await v.post("/fil/mco/my-data", { intent: "contact-change", account: A, requested: "x" });
    expect(change.statusCode).toBe(422);
    expect(change.body).toContain(portalMessages.fil["mco.myData.requestedError"]);

    // Signing out lands on the Filipino sign-in; signing in again there lands on /fil/mco.
    const out = await v.post("/fil/mco/sign-out", {});
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/fil/mco/login?signed-out=1");
    const signedOut = await v.get(out.headers.location as string);
    expect(signedOut.body).toContain(portalMessages.fil["mco.login.signedOut"]);
    expect((await v.get("/fil/mco")).headers.location).toBe("/fil/mco/login");
  });
});

describe("the member portal's passkeys and confirmation steps in Filipino", () => {
  const portalWithPasskeys = [...portal, portalPasskeyMessages.en];
  /** The messages the passkey script shows, carried as attributes: none in English. */
  const englishScriptMessages = (body: string) =>
    (["pk.msg.failed", "pk.msg.cancelled", "pk.msg.refused", "pk.msg.wait", "pk.msg.fresh"] as const).filter((k) =>
      body.includes(`="${portalPasskeyMessages.en[k].replace(/"/g, "&quot;")}"`),
    );

  test("the sign-in's passkey button, the passkeys page, its code step and my data's closing step", async () => {
    const login = await new Visitor(t).get("/fil/mco/login");
    expect(login.body).toContain(portalPasskeyMessages.fil["pk.signIn.button"]);
    expect(englishLeft(login.body, portalWithPasskeys)).toEqual([]);
    expect(englishScriptMessages(login.body)).toEqual([]);

    const A = demoAccountNumber(5, 2);
    const v = new Visitor(t);
    const before = sms.messages.length;
    const asked = await v.post("/fil/mco/register", { accountNumber: A });
    await waitUntil(() => sms.messages.length > before);
    await v.post("/fil/mco/register/code", { r: rOf(asked.headers.location as string), code: codeIn(sms.messages.at(-1)!.message)! });

    // Just signed in: the form that creates a passkey.
    const fresh = await v.get("/fil/mco/passkeys");
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('data-passkey="register"');
    expect(englishLeft(fresh.body, portalWithPasskeys)).toEqual([]);
    expect(englishScriptMessages(fresh.body)).toEqual([]);
    // A while later: a code first; the code step, and a wrong code's error.
    const [link] = await t.db.handle.db.select({ userId: portalLinks.userId }).from(portalLinks).where(eq(portalLinks.accountNumber, A));
    await t.db.handle.db
      .update(portalSession)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(portalSession.userId, link!.userId));
    const stale = await v.get("/fil/mco/passkeys");
    expect(stale.body).not.toContain('data-passkey="register"');
    expect(englishLeft(stale.body, portalWithPasskeys)).toEqual([]);
    const started = await v.post("/fil/mco/passkeys", { intent: "fresh-start" });
    expect(started.statusCode).toBe(200);
    expect(englishLeft(started.body, portalWithPasskeys)).toEqual([]);
    const r = /name="r" value="([^"]+)"/.exec(started.body)![1]!;
    const wrong = await v.post("/fil/mco/passkeys", { intent: "fresh", r, code: "000000" });
    expect(wrong.statusCode).toBe(422);
    expect(englishLeft(wrong.body, portalWithPasskeys)).toEqual([]);
    expect(wrong.body).not.toContain("That code is not right");

    const closing = await v.post("/fil/mco/my-data", { intent: "close-start" });
    expect(closing.statusCode).toBe(200);
    expect(englishLeft(closing.body, portalWithPasskeys)).toEqual([]);
    const r2 = /name="r" value="([^"]+)"/.exec(closing.body)![1]!;
    const wrongClose = await v.post("/fil/mco/my-data", { intent: "close", r: r2, code: "000000" });
    expect(wrongClose.statusCode).toBe(422);
    expect(englishLeft(wrongClose.body, portalWithPasskeys)).toEqual([]);
  });
});

describe("AGAM in Filipino", () => {
  const agam = [shellMessages.en, formMessages.en, agamMessages.en];
  const post = (url: string, payload: string) =>
    t.app.inject({ method: "POST", url, headers: { "content-type": "application/x-www-form-urlencoded" }, payload });

  test("the pages, the look-up's answers and the second factor, with the code texted in Filipino", async () => {
    for (const path of ["/fil/agam-registration", "/fil/agam-status", "/fil/agam-registration-confirmation/web/01-2345-6789"]) {
      const res = await t.app.inject(path);
      expect(res.body, path).toContain('<html lang="fil"');
      expect(englishLeft(res.body, agam), path).toEqual([]);
      const en = await t.app.inject(path.slice(4));
      expect(englishLeft(en.body, [agamMessages.en]).length, path).toBeGreaterThan(1);
    }
    const status = await t.app.inject("/fil/agam-status");
    expect(status.body).toContain(`data-text-live="${agamMessages.fil["agam.status.live"]}"`);

    const bad = await post("/fil/agam-registration", "intent=lookup&account=12");
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(agamMessages.fil["agam.error.accountFormat"]({ example: "01-2345-6789" }).slice(0, 40));
    expect(englishLeft(bad.body, agam)).toEqual([]);
    const unknown = await post("/fil/agam-registration", "intent=lookup&account=09-9999-9999");
    expect(unknown.body).toContain(agamMessages.fil["agam.msg.notExist"]);

    const found = await post("/fil/agam-registration", "intent=lookup&account=01-1000-4568");
    expect(found.body).toContain(agamMessages.fil["agam.msg.verify"]);
    expect(found.body).toContain('action="/fil/agam-registration#agam-status"');
    expect(englishLeft(found.body, agam)).toEqual([]);
    const before = sms.messages.length;
    const sent = await post("/fil/agam-registration", "intent=send-code&account=01-1000-4568");
    expect(sent.statusCode).toBe(200);
    await waitUntil(() => sms.messages.length > before);
    expect(sms.messages.at(-1)!.message).toMatch(/^\d{6} ang inyong code sa pagpaparehistro sa AGAM\./);
    expect(englishLeft(sent.body, agam)).toEqual([]);
    const wrongPin = await post("/fil/agam-registration", "intent=check-pin&account=01-1000-4568&pin=1");
    expect(wrongPin.body).toContain(agamMessages.fil["agam.factor.enterPin"]);
  });

  test("the topics, review and the slip in Filipino; its link under /fil/", async () => {
    const acct = "08-1074-4777";
    const verified = await post("/fil/agam-registration", `intent=check-pin&account=${acct}&pin=${DEMO_PIN}`);
    const proof = /name="proof" value="([^"]+)"/.exec(verified.body)?.[1];
    expect(proof).toBeDefined();
    expect(verified.body).toContain(agamMessages.fil["agam.approve"]);
    expect(englishLeft(verified.body, agam)).toEqual([]);
    const noChoice = await post("/fil/agam-registration", `intent=next&step=0&account=${acct}&proof=${proof}`);
    expect(noChoice.statusCode).toBe(422);
    expect(noChoice.body).toContain(agamMessages.fil["agam.msg.chooseDecision"]);
    const noReason = await post("/fil/agam-registration", `intent=next&step=0&decision=0&account=${acct}&proof=${proof}`);
    expect(noReason.body).toContain(agamMessages.fil["agam.msg.reasonRequired"]);
    const topics: { AT_SEQUENCE_NUMBER: number }[] = (await t.app.inject("/api/v1/agam/pool/get-all-topics")).json();
    const answers = topics.map((x) => `a${x.AT_SEQUENCE_NUMBER}=1`).join("&");
    const review = await post("/fil/agam-registration", `intent=back&step=${topics.length + 1}&account=${acct}&proof=${proof}&${answers}`);
    expect(englishLeft(review.body, agam)).toEqual([]);
    const done = await post("/fil/agam-registration", `intent=proceed&account=${acct}&proof=${proof}&${answers}`);
    expect(done.statusCode).toBe(302);
    const link = done.headers.location as string;
    expect(link).toMatch(/^\/fil\/agam-registration\/confirmation\/[A-Za-z0-9_-]{27}$/);
    const slip = await t.app.inject(link);
    expect(slip.statusCode).toBe(200);
    expect(slip.body).toContain(`>${agamMessages.fil["agam.slip.done"]}</h1>`);
    expect(englishLeft(slip.body, agam)).toEqual([]);
    // Registered: the look-up says so in Filipino, with its link under /fil/.
    const again = await post("/fil/agam-registration", `intent=lookup&account=${acct}`);
    expect(again.body).toContain(agamMessages.fil["agam.msg.registered"]);
    expect(again.body).toContain(`href="/fil/agam-registration-confirmation/web/${acct}"`);
    expect(englishLeft(again.body, agam)).toEqual([]);
  });
});

test("every code text fits one GSM-7 segment, in each language", () => {
  const texts = (["en", "fil"] as const).flatMap((lang) => [
    ...(["sign-in", "close", "passkey"] as const).map((kind) => codeMessage("123456", { kind }, lang).text),
    ...(["link", "confirm-contact"] as const).map((kind) => codeMessage("123456", { kind, account: "01-2345-6789" }, lang).text),
    agamCodeText("123456", lang),
  ]);
  for (const text of texts) {
    expect(text, text).toMatch(/^[\x20-\x7e]+$/);
    expect(text.length, text).toBeLessThanOrEqual(160);
  }
});

test("an e-bill in Filipino: its words, the platform's date and money, the link under /fil/", () => {
  const bill = {
    accountNumber: "01-2345-6789",
    billNumber: "B1",
    totalDue: 123450,
    dueDate: "2025-07-15",
    billingYear: 2025,
    billingMonth: 6,
  };
  const fil = ebillMessage(bill, false, "https://w.example", "fil");
  expect(fil.subject).toBe("Ang inyong bill para sa Hunyo 2025, account 01-2345-6789");
  expect(fil.body).toContain("Halagang babayaran: ₱1,234.50");
  expect(fil.body).toContain("Takdang petsa ng bayad: Hulyo 15, 2025");
  expect(fil.body).toContain("https://w.example/fil/mco/accounts/01-2345-6789/bills/B1");
  const en = ebillMessage(bill, true, "https://w.example");
  expect(en.subject).toBe("Corrected bill for June 2025, account 01-2345-6789");
  expect(en.body).toContain("https://w.example/mco/accounts/01-2345-6789/bills/B1");
});

describe("the survey in Filipino", () => {
  test("the interface is Filipino, the specification's wording stays word for word", async () => {
    const page = await t.app.inject("/fil/customer-satisfaction-survey");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fil"');
    expect(englishLeft(page.body, [shellMessages.en, formMessages.en, surveyMessages.en])).toEqual([]);
    // The spec's options, as written there, in both languages.
    for (const r of SURVEY_RATINGS) for (const o of r.options) expect(page.body).toContain(`>${o}</label>`);
    const english = await t.app.inject("/customer-satisfaction-survey");
    for (const r of SURVEY_RATINGS) expect(english.body).toContain(r.question);
    expect(englishLeft(english.body, [surveyMessages.en]).length).toBeGreaterThan(10);
  });

  test("the English questions are the ones the results pages use", () => {
    for (const r of SURVEY_RATINGS) expect(surveyMessages.en[SURVEY_QUESTION_KEYS[r.name]]).toBe(r.question);
  });

  test("missing fields: the specification's message, each field's error in Filipino, what was typed kept", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/fil/customer-satisfaction-survey",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "acceptPrivacyNotice=on&name=Juan&email=mali",
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(SURVEY_MESSAGES.missing);
    for (const key of ["survey.error.respondentName", "survey.error.city", "survey.error.email", "survey.error.contactNumber"] as const)
      expect(res.body, key).toContain(surveyMessages.fil[key]);
    expect(res.body).toContain('value="Juan"');
    expect(englishLeft(res.body, [shellMessages.en, formMessages.en, surveyMessages.en])).toEqual([]);
    const english = await t.app.inject({
      method: "POST",
      url: "/customer-satisfaction-survey",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "acceptPrivacyNotice=on&name=Juan&email=mali",
    });
    expect(english.body).toContain(SURVEY_MESSAGES.missing);
    expect(english.body).toContain("Enter your name.");
  });
});
