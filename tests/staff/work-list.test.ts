/**
 * The overview is a work list: what waits on this person now, each line a link to where it is
 * done (that page opens for the role), and "all is done" when nothing waits. A report filed
 * from the public shows for the dispatcher as one to triage, then as one without a crew once
 * confirmed, then as past its estimated restoration.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workList } from "../../app/routes/staff/overview.server";
import { barangays, connectionPreregistrations, incidents, portalEbills, portalUser } from "../../db/schema";
import { setChannelPaused } from "../../modules/alerts/deliveries.server";
import { announcementFormSchema, createAnnouncement } from "../../modules/content/announcement-editor.server";
import { changeStatus } from "../../modules/members/connection-queue.server";
import { fileReport } from "../../modules/reports/queries.server";
import type { Role } from "../../modules/staff/permissions";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

describe("the overview's work list", () => {
  let t: TestApp;
  const staff: Partial<Record<Role, TestStaff>> = {};
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    for (const role of ["admin", "dispatcher", "billing", "member-services", "communications"] as const)
      staff[role] = await signInAs(t, role);
  });
  afterAll(async () => t?.close());
  const get = (url: string, who: TestStaff) => t.app.inject({ url, headers: { cookie: who.cookie } });
  /** The "Waiting on you" card: its text and its links. */
  async function work(who: TestStaff) {
    const body = (await get("/staff", who)).body;
    const start = body.indexOf('aria-labelledby="work-title"');
    const card = body.slice(start, body.indexOf("</section>", start));
    const text = card.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const links = [...card.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    return { text, links };
  }

  it("leads each role from every line to a page it can open, or says all is done", async () => {
    for (const who of Object.values(staff)) {
      const { text, links } = await work(who!);
      if (links.length === 0) expect(text).toContain("Nothing waits on you now: all is done.");
      for (const to of links) expect((await get(to, who!)).statusCode, `${who!.email} → ${to}`).toBe(200);
    }
  });

  it("shows a new report to triage, then without a crew, then past its estimated restoration", async () => {
    const db = t.db.handle.db;
    const [b] = await db.select().from(barangays).where(eq(barangays.town, "Agno")).limit(1);
    const filed = await fileReport(db, { kind: "no-power", barangayId: b!.id, landmark: "", details: "", accountNumber: "", mobile: "" });
    const dispatcher = staff.dispatcher!;
    let w = await work(dispatcher);
    expect(w.text).toMatch(/\d+ new reports? to triage/);
    expect(w.text).toContain(`No power: ${b!.name}, Agno (1 report)`);
    expect(w.links).toContain(`/staff/incidents/${filed.incidentId}`);
    expect((await get(`/staff/incidents/${filed.incidentId}`, dispatcher)).statusCode).toBe(200);

    await db.update(incidents).set({ status: "verified" }).where(eq(incidents.id, filed.incidentId));
    w = await work(dispatcher);
    expect(w.text).toMatch(/\d+ confirmed incidents? without a crew/);
    expect(w.links).toContain(`/staff/incidents/${filed.incidentId}`);

    await db
      .update(incidents)
      .set({ status: "crew-assigned", etr: new Date(Date.now() - 3_600_000) })
      .where(eq(incidents.id, filed.incidentId));
    w = await work(dispatcher);
    expect(w.text).not.toMatch(/without a crew/);
    expect(w.text).toMatch(/\d+ incidents? past the estimated restoration/);
    expect(w.links).toContain(`/staff/incidents/${filed.incidentId}`);
    // The administrator sees the dispatcher's work too (their role does everything).
    expect((await work(staff.admin!)).links).toContain(`/staff/incidents/${filed.incidentId}`);
  });

  it("tells communications what goes public later today (Manila's day), by a fixed clock", async () => {
    const db = t.db.handle.db;
    // 10:00 in Manila; one advisory at 15:00 the same day, one the next morning.
    const now = new Date("2031-05-06T02:00:00.000Z");
    const ctx = {
      db,
      actor: { id: staff.communications!.id, name: "Comms" },
      storageDir: t.config.storageDir,
      contentChanged: async () => {},
    };
    const make = (title: string, publishAt: string) =>
      createAnnouncement(ctx, "advisory", announcementFormSchema.parse({ title, body: "Body.", publish: "schedule", publishAt }), []);
    const today = await make("Water district advisory 5512", "2031-05-06T15:00");
    await make("Tomorrow's advisory 5513", "2031-05-07T08:00");
    const items = await workList(db, "communications", now);
    const line = items.find((i) => /public later today/.test(i.text));
    expect(line?.lines).toContainEqual({ text: "Water district advisory 5512", to: `/staff/announcements/advisory/${today}` });
    expect(line?.lines?.some((l) => l.text.includes("5513"))).toBe(false);
    expect(await workList(db, "dispatcher", now)).not.toContainEqual(
      expect.objectContaining({ text: expect.stringMatching(/public later today/) }),
    );
  });

  it("lists connection applications past their own step's target days, each a link to it, by a fixed clock", async () => {
    const db = t.db.handle.db;
    const now = new Date("2031-06-30T02:00:00.000Z");
    const day = 86_400_000;
    const apply = async (reference: string, daysAgo: number) => {
      const [row] = await db
        .insert(connectionPreregistrations)
        .values({
          reference,
          lastName: `Late${reference.slice(-2)}`,
          firstName: "Test",
          address: "Poblacion, Bani",
          dateOfBirth: "1990-01-01",
          age: 41,
          gender: "F",
          civilStatus: "Single",
          contactNumbers: "09171234567",
          educationalAttainment: "College",
          occupation: "Teacher",
          createdAt: new Date(now.getTime() - daysAgo * day),
        })
        .returning({ id: connectionPreregistrations.id });
      return row!.id;
    };
    // The demo's applications are years old by this clock: this test's own are the only ones.
    await db.delete(connectionPreregistrations);
    // Received 8 days ago: past the 7 days a received application may wait.
    const received = await apply("NC-2031-LATE-01", 8);
    // Received 6 days ago: within its target.
    const fresh = await apply("NC-2031-LATE-02", 6);
    // Received 40 days ago, its documents checked 10 days ago: within that step's 14 days.
    const checked = await apply("NC-2031-LATE-03", 40);
    const actor = { actorId: staff["member-services"]!.id, actorEmail: "ms@example.test", ip: "", userAgent: "" };
    await changeStatus(
      db,
      checked,
      { status: "documents-checked", seminarDate: "", inspectionDate: "", declineReason: "" },
      actor,
      new Date(now.getTime() - 10 * day),
    );

    let items = await workList(db, "member-services", now);
    let line = items.find((i) => /past (its|their) step's target days/.test(i.text));
    expect(line?.lines).toContainEqual({
      text: "NC-2031-LATE-01 (Late01, Test): Received for 8 days, target 7",
      to: `/staff/members/connections/${received}`,
    });
    expect(line?.lines?.some((l) => l.to.endsWith(`/${fresh}`) || l.to.endsWith(`/${checked}`))).toBe(false);

    // Four days on, the checked documents have waited 14 days for a seminar date: still in time; five, late.
    items = await workList(db, "member-services", new Date(now.getTime() + 5 * day));
    line = items.find((i) => /past (its|their) step's target days/.test(i.text));
    expect(line?.lines).toContainEqual({
      text: "NC-2031-LATE-03 (Late03, Test): Documents checked for 15 days, target 14",
      to: `/staff/members/connections/${checked}`,
    });
    expect((await get(`/staff/members/connections/${checked}`, staff["member-services"]!)).statusCode).toBe(200);
    expect(await workList(db, "dispatcher", now)).not.toContainEqual(
      expect.objectContaining({ text: expect.stringMatching(/connection/) }),
    );
  });

  it("lists undelivered new-bill notices for member services and a paused channel for the dispatcher, each leading to where it is fixed", async () => {
    const db = t.db.handle.db;
    const ms = staff["member-services"]!;
    const dispatcher = staff.dispatcher!;
    expect((await work(ms)).text).not.toMatch(/new-bill notice/);
    await db.insert(portalUser).values({ id: "work-list-member", name: "", email: "work-list-member@portal.invalid" });
    await db.insert(portalEbills).values({
      userId: "work-list-member",
      accountNumber: "01-1000-4568",
      billNumber: "WL-2031-06-0001",
      revision: 1,
      channel: "email",
      address: "member@example.test",
      state: "failed",
      lastError: "550 mailbox unavailable",
    });
    const w = await work(ms);
    expect(w.text).toContain("1 new-bill notice not delivered: check the contact and send again");
    expect(w.links).toContain("/staff/members/portal#failed-ebills");
    const portal = (await get("/staff/members/portal", ms)).body;
    expect(portal).toContain('id="failed-ebills"');
    expect(portal).toContain("WL-2031-06-0001");
    expect(portal).toContain("550 mailbox unavailable");

    expect((await work(dispatcher)).text).not.toMatch(/alerts are paused/);
    await setChannelPaused(db, "sms", true, dispatcher.id);
    const d = await work(dispatcher);
    expect(d.text).toContain("SMS (text message) alerts are paused, new-bill texts too: messages wait until resumed");
    expect(d.links).toContain("/staff/alerts#channels-title");
    await setChannelPaused(db, "sms", false, dispatcher.id);
    expect((await work(dispatcher)).text).not.toMatch(/alerts are paused/);
  });

  it("names each interruption on now by its areas in words (not their stored markup), each a link to mark it restored", async () => {
    const items = await workList(t.db.handle.db, "dispatcher");
    const onNow = items.find((i) => / on now: mark/.test(i.text));
    expect(onNow?.lines?.length).toBeGreaterThan(0);
    for (const line of onNow!.lines!) {
      expect(line.text).toMatch(/^(Planned|Power off now): /);
      expect(line.text).not.toMatch(/[<>]/);
      expect(line.to).toMatch(/^\/staff\/interruptions\/\d+\/status$/);
    }
  });

  it("has no count tiles below the list: the list is the overview's one account of what waits", async () => {
    const body = (await get("/staff", staff.admin!)).body;
    expect(body).not.toContain('aria-label="Now"');
    expect(body).not.toContain("Open incidents (reports from the public)");
  });
});
