/**
 * Member services and the portal: a search shows the linked accounts and last sign-ins and is
 * audited; locking ends the member's sessions and stops sign-in; "send a code" texts the
 * contact on file; other roles are refused; a staff session is not a member's.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { memberForContact, requestContactChange } from "../../modules/portal/members.server";
import { normalizeMobile } from "../../modules/shared/phone";
import { demoAccountNumber } from "../../seed/accounts";
import { createTestApp, type TestApp } from "../support/app";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";
import { signInAs } from "../support/staff";
import { register, rOf, Visitor, waitUntil } from "./helpers";

describe("member portal: staff side", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  const ACCOUNT = demoAccountNumber(6, 5);
  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await createTestApp({
      withPages: true,
      env: { RATE_LIMIT: "off", TRUST_PROXY: "127.0.0.1", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  const staffGet = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const staffPost = (cookie: string, url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
      payload: new URLSearchParams(fields).toString(),
    });

  it("finds the portal account, audits the view, locks it (sessions end, no sign-in), unlocks and resends a code", async () => {
    const member = new Visitor(t);
    await register(member, sms, ACCOUNT);
    const staff = await signInAs(t, "member-services");
    const page = await staffGet(staff.cookie, `/staff/members/portal?q=${ACCOUNT}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(ACCOUNT);
    expect(page.body).toContain("by registration from");
    const audits = await t.db.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "portal.searched"), eq(auditLog.actorId, staff.id)));
    expect(audits).toHaveLength(1);
    const id = /name="id" value="([^"]+)"/.exec(page.body)![1]!;

    const locked = await staffPost(staff.cookie, "/staff/members/portal", { intent: "lock", id, q: ACCOUNT });
    expect(locked.statusCode).toBe(302);
    expect((await member.get("/mco")).headers.location).toBe("/mco/login");
    // No code to a locked account, and the page reads as for anyone.
    const phone = normalizeMobile(
      (await t.db.handle.db.query.agamAccounts.findFirst({ where: (a, { eq }) => eq(a.accountNumber, ACCOUNT) }))!.phone!,
    )!;
    const before = sms.messages.length;
    const asked = await new Visitor(t).post("/mco/login", { contact: `0${phone.slice(2)}` });
    expect(asked.statusCode).toBe(302);
    await new Promise((r) => setTimeout(r, 300));
    expect(sms.messages.length).toBe(before);
    expect((await new Visitor(t).post("/mco/login/code", { r: rOf(asked.headers.location as string), code: "123456" })).body).toContain(
      "not right",
    );

    await staffPost(staff.cookie, "/staff/members/portal", { intent: "unlock", id, q: ACCOUNT });
    const resent = await staffPost(staff.cookie, "/staff/members/portal", { intent: "resend", id, q: ACCOUNT });
    expect(decodeURIComponent(resent.headers.location as string)).toContain("A sign-in code was sent");
    await waitUntil(() => sms.messages.length > before);
    expect(sms.messages.at(-1)!.number).toBe(phone);
    const actions = (await t.db.handle.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.objectId, id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["portal.locked", "portal.unlocked", "portal.code_resent"]));
  });

  it("shows an open request to change a contact with the member's note, and audits that view", async () => {
    const db = t.db.handle.db;
    const member = await memberForContact(db, { kind: "email", value: "asks-for-change@example.com" });
    await requestContactChange(db, member.id, ACCOUNT, "0917 555 0199", "Lost my old SIM");
    const staff = await signInAs(t, "member-services");
    const page = await staffGet(staff.cookie, "/staff/members/portal");
    expect(page.body).toContain("0917 555 0199");
    expect(page.body).toContain("Lost my old SIM");
    const viewed = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "portal.contact_requests_viewed"), eq(auditLog.actorId, staff.id)));
    expect(viewed).toHaveLength(1);
  });

  it("is refused to other roles, and a staff session does not open a member page", async () => {
    const comms = await signInAs(t, "communications");
    const refused = await staffGet(comms.cookie, `/staff/members/portal?q=${ACCOUNT}`);
    expect(refused.statusCode).toBe(403);
    const admin = await signInAs(t, "admin");
    const member = await staffGet(admin.cookie, "/mco");
    expect(member.statusCode).toBe(302);
    expect(member.headers.location).toBe("/mco/login");
  });
});
