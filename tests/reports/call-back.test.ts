/** A line down: the dispatcher sees the reporter's full number to call back, on request, and each showing is audited. */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, barangays } from "../../db/schema";
import { fileReport } from "../../modules/reports/queries.server";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs } from "../support/staff";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ withPages: true });
});
afterAll(async () => t?.close());

describe("calling back a reporter", () => {
  it("shows the full number of a line-down report on request, audited; not for other kinds", async () => {
    const db = t.db.handle.db;
    const [b] = await db.select().from(barangays).where(eq(barangays.town, "Agno")).limit(1);
    const base = { barangayId: b!.id, landmark: "by the bridge", details: "wire on the road", accountNumber: "" };
    const line = await fileReport(db, { ...base, kind: "line-down", mobile: "639171234567" });
    const dark = await fileReport(db, { ...base, kind: "no-power", mobile: "639171234568" });
    const dispatcher = await signInAs(t, "dispatcher");
    const post = (incident: number, report: number) =>
      t.app.inject({
        method: "POST",
        url: `/staff/incidents/${incident}`,
        headers: { cookie: dispatcher.cookie, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ intent: "call-back", report: String(report) }).toString(),
      });

    const page = await t.app.inject({ url: `/staff/incidents/${line.incidentId}`, headers: { cookie: dispatcher.cookie } });
    expect(page.body).not.toContain("639171234567");
    expect(page.body).toContain("Show the full number to call back");

    const shown = await post(line.incidentId, line.reportId);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('href="tel:639171234567"');
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "report.number_viewed"), eq(auditLog.actorId, dispatcher.id)));
    expect(audit.map((a) => a.objectId)).toEqual([String(line.reportId)]);

    const refused = await post(dark.incidentId, dark.reportId);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain("639171234568");
    const other = await t.app.inject({ url: `/staff/incidents/${dark.incidentId}`, headers: { cookie: dispatcher.cookie } });
    expect(other.body).not.toContain("Show the full number to call back");
  });
});
