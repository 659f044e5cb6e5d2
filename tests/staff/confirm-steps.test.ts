/**
 * Nothing by accident: disabling a staff account and ending the major event only ask first (a
 * page with the question, also without JavaScript), and happen on the answer; a refused
 * barangay row on the hub has its error summary at the top, linking to the field.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUser } from "../../db/schema";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

const posted = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
});

describe("confirmation steps in the console", () => {
  let t: TestApp;
  let admin: TestStaff;
  let other: TestStaff;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    admin = await signInAs(t, "admin");
    other = await signInAs(t, "dispatcher");
  });
  afterAll(async () => t?.close());
  const get = (url: string) => t.app.inject({ url, headers: { cookie: admin.cookie } });
  const post = (url: string, fields: Record<string, string>) => {
    const f = posted(fields);
    return t.app.inject({ method: "POST", url, headers: { cookie: admin.cookie, ...f.headers }, payload: f.payload });
  };

  it("asks before disabling an account, and disables it on the answer", async () => {
    const page = (await get(`/staff/users/${other.id}`)).body;
    expect(page).toContain('name="confirm" value="disable"');
    expect(page).not.toContain('name="intent" value="disable"');
    const ask = (await get(`/staff/users/${other.id}?confirm=disable`)).body;
    expect(ask).toMatch(/<h2 id="confirm-title">Disable the account of [^<]+\?<\/h2>/);
    expect(ask).toContain('name="intent" value="disable"');
    expect(ask).toContain(`action="/staff/users/${other.id}"`);
    const [before] = await t.db.handle.db.select().from(staffUser).where(eq(staffUser.id, other.id));
    expect(before!.disabledAt).toBeNull();

    const done = await post(`/staff/users/${other.id}`, { intent: "disable" });
    expect(done.body).toContain("The account is disabled");
    expect(done.body).not.toContain('id="confirm-title"');
    const [after] = await t.db.handle.db.select().from(staffUser).where(eq(staffUser.id, other.id));
    expect(after!.disabledAt).not.toBeNull();
  });

  it("asks before ending the major event, and ends it on the answer", async () => {
    const declared = await post("/staff/outages", { intent: "declare", title: "Typhoon Ramon: major event", message: "" });
    expect(declared.statusCode).toBe(303);
    const page = (await get("/staff/outages")).body;
    expect(page).toContain('name="confirm" value="end"');
    expect(page).not.toContain('name="intent" value="end"');
    const ask = (await get("/staff/outages?confirm=end")).body;
    expect(ask).toContain('<h2 id="confirm-title">End the major event?</h2>');
    expect(ask).toContain("Typhoon Ramon"); // still declared
    const ended = await post("/staff/outages", { intent: "end" });
    expect(ended.statusCode).toBe(303);
    const after = (await get(ended.headers.location as string)).body;
    expect(after).toContain("Major event ended");
    expect(after).not.toContain("Typhoon Ramon: major event</strong>");
  });

  it("puts a refused barangay row's errors at the top of the hub, linked to the field", async () => {
    const hub = (await get("/staff/outages?town=Dasol")).body;
    const barangayId = /name="barangayId" value="(\d+)"/.exec(hub)?.[1];
    expect(barangayId).toBeTruthy();
    const refused = await post("/staff/outages?town=Dasol", {
      intent: "barangay",
      barangayId: barangayId!,
      consumers: "many",
      consumersOff: "0",
      crews: "0",
      etr: "",
    });
    expect(refused.statusCode).toBe(422);
    const body = refused.body;
    const summary = body.indexOf('class="error-summary"');
    expect(summary).toBeGreaterThan(-1);
    expect(summary).toBeLessThan(body.indexOf('id="event-title"'));
    expect(body.slice(summary, summary + 800)).toMatch(/The figures of [^<]+ were not saved/);
    expect(body.slice(summary, summary + 800)).toContain(`href="#consumers-${barangayId}"`);
  });
});
