/**
 * The overview is a work list: what waits on this person now, each line a link to where it is
 * done (that page opens for the role), and "all is done" when nothing waits. A report filed
 * from the public shows for the dispatcher as one to triage, then as one without a crew once
 * confirmed, then as past its estimated restoration.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workList } from "../../app/routes/staff/overview.server";
import { barangays, incidents } from "../../db/schema";
import { announcementFormSchema, createAnnouncement } from "../../modules/content/announcement-editor.server";
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
});
