/**
 * A newcomer's console is not empty: the demo seed gives survey answers, pre-registrations in
 * several states of the connection queue, and a restored incident with three grouped reports,
 * each seen on its console page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionQueue, incidents, outageReports, surveyResponses } from "../../db/schema";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

describe("the demo seed's activity", () => {
  let t: TestApp;
  let admin: TestStaff;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    admin = await signInAs(t, "admin");
  });
  afterAll(async () => t?.close());
  const page = async (url: string) => (await t.app.inject({ url, headers: { cookie: admin.cookie } })).body;

  it("has survey answers, pre-registrations in several states and an incident with grouped reports", async () => {
    const db = t.db.handle.db;
    expect((await db.select().from(surveyResponses)).length).toBeGreaterThanOrEqual(9);
    const states = new Set((await db.select({ status: connectionQueue.status }).from(connectionQueue)).map((r) => r.status));
    expect([...states].sort()).toEqual(["approved", "declined", "documents-checked", "seminar-scheduled"]);
    const reports = await db.select({ incidentId: outageReports.incidentId }).from(outageReports);
    const byIncident = new Map<number, number>();
    for (const r of reports) byIncident.set(r.incidentId, (byIncident.get(r.incidentId) ?? 0) + 1);
    expect(Math.max(...byIncident.values())).toBe(3);
    const [incident] = await db.select().from(incidents);
    expect(incident!.status).toBe("restored");
  });

  it("shows them on the console's pages", async () => {
    const queue = await page("/staff/members/connections");
    for (const name of ["Dizon", "Aquino", "Villanueva"]) expect(queue.toUpperCase()).toContain(name.toUpperCase());
    expect(await page("/staff/members/survey")).toMatch(/Sana mas mabilis|linemen in our barangay|9 answers|answers/);
  });
});
