/**
 * Pages built from kept reference data (services.reference, here kept for ten minutes with the
 * page cache off) still follow at once: a publish announced on the bus, a scheduled time
 * falling due, a member's new outage report (not announced: /outages reads the open
 * incidents at every render), staff's change of the AGAM registration window, and a
 * registration on the AGAM status page (the live counts, as the API gives them).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays } from "../../db/schema";
import { announcementFormSchema, createAnnouncement } from "../../modules/content/announcement-editor.server";
import type { ContentContext } from "../../modules/content/context";
import { fileReport } from "../../modules/reports/queries.server";
import { setClock } from "../../modules/shared/clock";
import { demoAccountNumber } from "../../seed/accounts";
import { DEMO_PIN } from "../../seed/index";
import { CONTENT_CHANGED_CHANNEL } from "../../server/bus";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs } from "../support/staff";

let t: TestApp;
let ctx: ContentContext & { storageDir: string };

beforeAll(async () => {
  t = await createTestApp({ withPages: true, env: { CACHE_TTL_MS: "0", REFERENCE_TTL_MS: "600000", RATE_LIMIT: "off" } });
  ctx = {
    db: t.db.handle.db,
    actor: { id: "u1", name: "Comms" },
    storageDir: t.config.storageDir,
    contentChanged: (area) => t.bus.publish(CONTENT_CHANGED_CHANNEL, area),
  };
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
};
const page = async (url: string) => (await t.app.inject({ url })).body;

describe("pages built from kept reference data", () => {
  it("a publish shows at once on the lists and the home page", async () => {
    // Read (and kept) before the change.
    expect(await page("/news/advisories")).not.toContain("Kept list 4410");
    await page("/");
    await createAnnouncement(ctx, "advisory", announcementFormSchema.parse({ title: "Kept list 4410", body: "x", publish: "now" }));
    expect(await until(async () => (await page("/news/advisories")).includes("Kept list 4410"))).toBe(true);
    expect(await page("/")).toContain("Kept list 4410");
  });

  it("a scheduled item appears when its time comes, though the list was kept before", async () => {
    await createAnnouncement(
      ctx,
      "advisory",
      announcementFormSchema.parse({ title: "Kept schedule 9931", body: "x", publish: "schedule", publishAt: "2099-06-01T08:00" }),
    );
    expect(await page("/news/advisories")).not.toContain("Kept schedule 9931");
    setClock(new Date("2099-06-01T00:00:05Z"));
    expect(await until(async () => (await page("/news/advisories")).includes("Kept schedule 9931"))).toBe(true);
    setClock(null);
  });

  it("a member's new outage report is on the outage page at once", async () => {
    const db = t.db.handle.db;
    const [b] = await db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Bani")).limit(1);
    await page("/outages");
    const filed = await fileReport(db, { kind: "no-power", barangayId: b!.id, landmark: "", details: "", accountNumber: "", mobile: "" });
    expect(await page("/outages")).toContain(`Reported by members (incident ${filed.incidentId})`);
  });

  it("staff's change of the AGAM registration window shows at once on the registration page", async () => {
    const staff = await signInAs(t, "member-services");
    const setWindow = (opens: string, closes: string) =>
      t.app.inject({
        method: "POST",
        url: "/staff/members/agam",
        headers: { cookie: staff.cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
        payload: new URLSearchParams({ intent: "window", opens, closes }).toString(),
      });
    // Read (and kept) while open.
    expect(await page("/agam-registration")).not.toContain("AGAM registration is closed");
    expect((await setWindow("2020-03-01T08:00", "2020-03-10T17:00")).statusCode).toBe(302);
    expect(await page("/agam-registration")).toContain(
      "AGAM registration is closed. It was open from March 1, 2020, 8:00 AM to March 10, 2020, 5:00 PM (Philippine time).",
    );
    expect((await setWindow("2020-03-01T08:00", "2099-03-10T17:00")).statusCode).toBe(302);
    expect(await page("/agam-registration")).not.toContain("AGAM registration is closed");
  });

  it("a registration reaches the AGAM status page as it reaches the API, within the live counts' second", async () => {
    const total = async () => Number(/data-testid="agam-total"[^>]*>([\d,]+)</.exec(await page("/agam-status"))![1]!.replace(/,/g, ""));
    const before = await total();
    const account = demoAccountNumber(7, 8);
    const verified = await t.app.inject({ method: "POST", url: "/api/v1/agam/pool/verification", payload: { account, pin: DEMO_PIN } });
    const proof = verified.json().data.proof as string;
    const topics = (await t.app.inject("/api/v1/agam/pool/get-all-topics")).json() as { AT_ID: number; AT_SEQUENCE_NUMBER: number }[];
    const decisions = topics.map((x) => ({
      topic_sequence_id: x.AT_SEQUENCE_NUMBER,
      answer_topic_id: x.AT_ID,
      answer_value: 1,
      answer_topic_reason: "",
    }));
    const registered = await t.app.inject({ method: "POST", url: "/api/v1/agam/pool/register", payload: { account, proof, decisions } });
    expect(registered.statusCode).toBe(201);
    await expect.poll(total, { timeout: 3000, interval: 100 }).toBe(before + 1);
    expect((await t.app.inject("/api/v1/agam/pool/all")).json().qmember).toBe(before + 1);
  });
});
