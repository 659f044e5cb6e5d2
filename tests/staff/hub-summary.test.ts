/**
 * The restoration hub's summary sentence is the public outage page's: on the demo data, and
 * after a report of no power in another town, both say the same counts in the same words.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays } from "../../db/schema";
import { fileReport } from "../../modules/reports/queries.server";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

describe("the restoration hub's summary", () => {
  let t: TestApp;
  let dispatcher: TestStaff;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    dispatcher = await signInAs(t, "dispatcher");
  });
  afterAll(async () => t?.close());

  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;|&#39;/g, "'")
      .trim();
  async function both() {
    const [pub, hub] = await Promise.all([
      t.app.inject({ url: "/outages" }),
      t.app.inject({ url: "/staff/outages", headers: { cookie: dispatcher.cookie } }),
    ]);
    expect(pub.statusCode).toBe(200);
    expect(hub.statusCode).toBe(200);
    const publicSentence = text(/<p class="outages__answer">([\s\S]*?)<\/p>/.exec(pub.body)?.[1] ?? "");
    const hubSentence = text(/<p class="hub-summary"><strong>([\s\S]*?)<\/strong>/.exec(hub.body)?.[1] ?? "");
    return { publicSentence, hubSentence };
  }

  it("says what the public page says, on the demo data and after a new report", async () => {
    const before = await both();
    expect(before.publicSentence).toMatch(/^(Without power now: \d+ barangays? in \d+ towns?\.|No area is reported without power\.)$/);
    expect(before.hubSentence).toBe(before.publicSentence);

    const db = t.db.handle.db;
    const [b] = await db.select().from(barangays).where(eq(barangays.town, "Burgos")).limit(1);
    await fileReport(db, { kind: "no-power", barangayId: b!.id, landmark: "", details: "", accountNumber: "", mobile: "" });
    const after = await both();
    expect(after.publicSentence).not.toBe(before.publicSentence);
    expect(after.publicSentence).toMatch(/^Without power now: \d+ barangays? in \d+ towns?\.$/);
    expect(after.hubSentence).toBe(after.publicSentence);
  });
});
