/**
 * The audit log page reads in words: what happened ("Staff account role changed", "Signed in"),
 * on what, and each change as "Role: Communications → Dispatcher", with no JSON or markup;
 * the code stays beside the words for the filter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditActionWords, auditChangeWords } from "../../app/routes/staff/audit-words";
import { recordAudit } from "../../modules/staff/audit.server";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

describe("the audit log in words", () => {
  let t: TestApp;
  let admin: TestStaff;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    admin = await signInAs(t, "admin");
    const db = t.db.handle.db;
    const base = { actorId: admin.id, actorEmail: admin.email, ip: "127.0.0.1", userAgent: "test" };
    await recordAudit(db, {
      ...base,
      action: "user.role_changed",
      objectType: "staff_user",
      objectId: "u1",
      before: { role: "communications" },
      after: { role: "dispatcher" },
    });
    await recordAudit(db, {
      ...base,
      action: "news.published",
      objectType: "news",
      objectId: 12,
      before: { title: "Feeding program", body: "<p>Lunch for 300 pupils</p>", publishAt: "" },
      after: { title: "Feeding program in Anda", body: "<p>Lunch for 300 pupils</p>", publishAt: "2026-03-05T08:00" },
    });
  });
  afterAll(async () => t?.close());

  it("names actions and changes in words", () => {
    expect(auditActionWords("sign_in.succeeded")).toBe("Signed in");
    expect(auditActionWords("connection.status_changed")).toBe("Connection application status changed");
    expect(auditActionWords("news.restored")).toBe("News item restored");
    expect(auditActionWords("something_new.happened")).toBe("Something new happened");
    expect(auditActionWords("online_payments.viewed")).toBe("Online payments viewed");
    expect(auditActionWords("online_payments.exported")).toBe("Online payments exported");
    expect(auditChangeWords({ role: "communications" }, { role: "dispatcher" })).toEqual(["Role: Communications → Dispatcher"]);
    expect(auditChangeWords(null, { method: "passkey", barangayIds: [1, 2] })).toEqual(["Method: passkey"]);
    expect(auditChangeWords({ note: "<p>Call back &amp; check</p>" }, null)).toEqual(["Note: Call back & check (removed)"]);
  });

  it("shows the page without codes as the headline, JSON or markup", async () => {
    const page = (await t.app.inject({ url: "/staff/audit", headers: { cookie: admin.cookie } })).body;
    const table = page.slice(page.indexOf("<table"), page.indexOf("</table>"));
    expect(table).toMatch(/<strong>Staff account role changed<\/strong>/);
    expect(table).toContain("Role: Communications → Dispatcher");
    expect(table).toContain("Title: Feeding program → Feeding program in Anda");
    expect(table).toContain("Publish at: March 5, 2026, 8:00 AM");
    expect(table).not.toContain("Lunch for 300"); // unchanged fields are left out
    expect(table).not.toMatch(/\{&quot;|&lt;p&gt;|"before"/);
  });
});
