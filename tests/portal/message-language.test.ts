/**
 * Every message the portal sends a member is in Filipino when the member's language is
 * Filipino: the page the request came from (before there is a member, or when it is in
 * Filipino), or else the language the member last signed in with (portal_user.language), for
 * codes asked from an English page and the ones member services sends. Each path goes through
 * the SMS gateway stand-in or a real SMTP server on loopback; texts stay GSM-7, one segment.
 * (The e-bill e-mail in Filipino: tests/portal/ebills.test.ts.)
 */
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agamAccounts, attemptCounters, portalLinks, portalUser } from "../../db/schema";
import { codeMessage } from "../../modules/portal/messages";
import { demoAccountNumber } from "../../seed/accounts";
import type { TestApp } from "../support/app";
import { createMessagingApp, type MessagingApp } from "../support/messaging-app";
import type { SmsGatewayStandIn } from "../support/sms-gateway";
import type { SmtpStandIn } from "../support/smtp";
import { signInAs } from "../support/staff";
import { codeIn, paperBill, rOf, Visitor, waitUntil } from "./helpers";

let app: MessagingApp | undefined;
let t: TestApp;
let sms: SmsGatewayStandIn;
let smtp: SmtpStandIn;
const db = () => t.db.handle.db;

beforeAll(async () => {
  app = await createMessagingApp();
  ({ t, sms, smtp } = app);
});
afterAll(async () => {
  await app?.close();
});

/** The Filipino words of a code message of this kind (the code itself aside). */
const filipino = (kind: Parameters<typeof codeMessage>[1]) => codeMessage("000000", kind, "fil");
const sameWords = (text: string, expected: string) => expect(text.replace(/\d{6}/, "000000")).toBe(expected);

/** The next text the gateway takes, after `action`; it must be GSM-7 and one segment. */
async function nextText(action: () => Promise<unknown>) {
  const before = sms.messages.length;
  await action();
  await waitUntil(() => sms.messages.length > before);
  const text = sms.messages.at(-1)!.message;
  expect(text, text).toMatch(/^[\x20-\x7e]+$/);
  expect(text.length, text).toBeLessThanOrEqual(160);
  return text;
}

async function nextMail(action: () => Promise<unknown>) {
  const before = smtp.messages.length;
  await action();
  return (await smtp.waitFor(before + 1)).slice(before)[0]!;
}

/** A new hour for the send limits (3 codes an hour to one destination). */
const newHour = () => db().delete(attemptCounters).where(like(attemptCounters.key, "portal-send%"));

const memberOf = async (account: string) =>
  (await db().select({ userId: portalLinks.userId }).from(portalLinks).where(eq(portalLinks.accountNumber, account)))[0]!.userId;

describe("the portal's messages in the member's language", () => {
  const A = demoAccountNumber(7, 2);
  const B = demoAccountNumber(7, 3);
  const NO_CONTACT = demoAccountNumber(7, 4);

  it("a Filipino member gets every code in Filipino, by text and by e-mail, even asked from an English page", async () => {
    const v = new Visitor(t);
    // Registered on the Filipino pages: the link code in Filipino, and the member is Filipino.
    let r = "";
    const link = await nextText(async () => {
      const asked = await v.post("/fil/mco/register", { accountNumber: A });
      r = rOf(asked.headers.location as string);
    });
    sameWords(link, filipino({ kind: "link", account: A }).text);
    expect((await v.post("/fil/mco/register/code", { r, code: codeIn(link)! })).statusCode).toBe(303);
    const userId = await memberOf(A);

    // Linking a second account from the English page: its contact on file is an e-mail.
    await db().update(agamAccounts).set({ phone: null, email: "pangalawa@example.ph" }).where(eq(agamAccounts.accountNumber, B));
    const mail = await nextMail(() => v.post("/mco/register", { accountNumber: B }));
    expect(mail.to).toContain("pangalawa@example.ph");
    expect(mail.subject).toBe(filipino({ kind: "link", account: B }).subject);
    sameWords(mail.text.trim(), filipino({ kind: "link", account: B }).text);

    // Closing the portal account and adding a passkey: fresh codes to the member's number.
    const close = await nextText(() => v.post("/mco/my-data", { intent: "close-start" }));
    sameWords(close, filipino({ kind: "close" }).text);
    const passkey = await nextText(() => v.post("/mco/passkeys", { intent: "fresh-start" }));
    sameWords(passkey, filipino({ kind: "passkey" }).text);

    // Signed out, a sign-in code asked from the English page; then one sent by member services.
    await newHour();
    await v.post("/mco/sign-out", {});
    const [me] = await db().select().from(portalUser).where(eq(portalUser.id, userId));
    const number = `0${me!.contact!.slice(2)}`;
    const signIn = await nextText(() => v.post("/mco/login", { contact: number }));
    sameWords(signIn, filipino({ kind: "sign-in" }).text);
    const staff = await signInAs(t, "member-services");
    const resent = await nextText(() =>
      t.app.inject({
        method: "POST",
        url: "/staff/members/portal",
        headers: { cookie: staff.cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
        payload: new URLSearchParams({ intent: "resend", id: userId, q: A }).toString(),
      }),
    );
    sameWords(resent, filipino({ kind: "sign-in" }).text);

    // The same member after signing in in English: English again (the rule is not "always Filipino").
    await newHour();
    await db().update(portalUser).set({ language: "en" }).where(eq(portalUser.id, userId));
    const english = await nextText(() => v.post("/mco/login", { contact: number }));
    expect(english).toMatch(/^WESPECO: \d{6} is your code to sign in to the member portal\./);
  });

  it("before there is a member, the page's language: the contact added after a bill proof, by e-mail", async () => {
    await db().update(agamAccounts).set({ phone: null, email: null }).where(eq(agamAccounts.accountNumber, NO_CONTACT));
    const paper = await paperBill(db(), NO_CONTACT);
    const v = new Visitor(t);
    const proven = await v.post("/fil/mco/register/bill", {
      step: "bill",
      accountNumber: NO_CONTACT,
      billNumber: paper.billNumber,
      presentReading: paper.presentReading,
    });
    expect(proven.statusCode).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(proven.body)![1]!;
    let location = "";
    const mail = await nextMail(async () => {
      const asked = await v.post("/fil/mco/register/bill", { step: "contact", token, contact: "bago@example.ph" });
      location = asked.headers.location as string;
    });
    expect(mail.subject).toBe(filipino({ kind: "confirm-contact", account: NO_CONTACT }).subject);
    sameWords(mail.text.trim(), filipino({ kind: "confirm-contact", account: NO_CONTACT }).text);
    const done = await v.post("/fil/mco/register/code", { r: rOf(location), code: codeIn(mail.text)! });
    expect(done.headers.location).toBe(`/fil/mco/accounts/${NO_CONTACT}`);
    const [me] = await db()
      .select()
      .from(portalUser)
      .where(eq(portalUser.id, await memberOf(NO_CONTACT)));
    expect(me!.language).toBe("fil");

    // A sign-in code by e-mail asked on the Filipino page by a member who last used English.
    await db().update(portalUser).set({ language: "en" }).where(eq(portalUser.id, me!.id));
    await v.post("/fil/mco/sign-out", {});
    const signIn = await nextMail(() => v.post("/fil/mco/login", { contact: "bago@example.ph" }));
    expect(signIn.subject).toBe(filipino({ kind: "sign-in" }).subject);
    sameWords(signIn.text.trim(), filipino({ kind: "sign-in" }).text);
  });
});
