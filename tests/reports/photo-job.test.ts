/**
 * A report photo goes through the form as sent (its header checked, nothing decoded in the
 * request) and is re-encoded by the worker's job: until then the dispatcher reads that it is being
 * prepared and its address answers 404 (the bytes as sent carry the phone's position); after, the
 * picture is upright, at most 1600 px, without EXIF. A photo whose header reads but whose pixels do
 * not is filed with its report and marked as unreadable by the job, never shown.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays, outageReports, reportPhotos } from "../../db/schema";
import { type Alerts, startAlerts } from "../../server/alerts/worker";
import { createChannels } from "../../server/messaging/channels";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";
import { waitUntil } from "../support/wait";

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const answerOf = (text: string) => {
  const [, a, b] = /What is (\w+) plus (\w+)\?/.exec(text)!;
  return String(WORDS.indexOf(a!) + WORDS.indexOf(b!));
};

let t: TestApp;
let alerts: Alerts | undefined;
let dispatcher: TestStaff;
let barangayId: number;

beforeAll(async () => {
  t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
  dispatcher = await signInAs(t, "dispatcher");
  const [b] = await t.db.handle.db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Mabini")).limit(1);
  barangayId = b!.id;
});
afterAll(async () => {
  await alerts?.stop();
  await t?.close();
});

/** Files a report with `photo` through the page form, as a browser without JavaScript does; its id and incident. */
async function fileWithPhoto(landmark: string, photo: Buffer) {
  // The question of the form's page (the report form's own: a "this is mine too" form may come first).
  const page = (await t.app.inject({ url: `/report?kind=pole&barangay=${barangayId}` })).body;
  const own = page.slice(page.indexOf('name="intent" value="report"'));
  const token = /name="questionToken" value="([^"]+)"/.exec(own)![1]!.replace(/&amp;/g, "&");
  const form = new FormData();
  const fields = {
    intent: "report",
    kind: "pole",
    barangayId: String(barangayId),
    landmark,
    questionToken: token,
    questionAnswer: answerOf(own),
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "pole.jpg");
  const request = new Request("http://localhost/report", { method: "POST", body: form });
  const res = await t.app.inject({
    method: "POST",
    url: `/report?kind=pole&barangay=${barangayId}`,
    headers: { "content-type": request.headers.get("content-type")!, origin: "http://localhost:80" },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode).toBe(303);
  const [report] = await t.db.handle.db
    .select({ id: outageReports.id, incidentId: outageReports.incidentId })
    .from(outageReports)
    .where(eq(outageReports.landmark, landmark));
  return report!;
}

const photoRow = async (reportId: number) =>
  (await t.db.handle.db.select().from(reportPhotos).where(eq(reportPhotos.reportId, reportId)))[0]!;
const staffGet = (url: string) => t.app.inject({ url, headers: { cookie: dispatcher.cookie } });

describe("report photos, re-encoded by the worker's job", () => {
  it("stores the photo as sent, shows 'being prepared' until the job has re-encoded it, then the picture without EXIF", async () => {
    // A 2400 × 1200 phone picture lying on its side, with the phone's make and position.
    const sent = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#4a7" } })
      .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "16/1 11/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const report = await fileWithPhoto("by the leaning pole, photo-job test", sent);

    const stored = await photoRow(report.id);
    expect(stored.state).toBe("received");
    expect(Buffer.compare(stored.data, sent)).toBe(0);
    const waiting = await staffGet(`/staff/incidents/${report.incidentId}`);
    expect(waiting.body).toContain("it is being prepared");
    expect(waiting.body).not.toContain(`/staff/incidents/photo/${report.id}`);
    expect((await staffGet(`/staff/incidents/photo/${report.id}`)).statusCode).toBe(404);

    // The worker: its relay queues the photo in pg-boss, its job re-encodes it.
    alerts = await startAlerts(t.db.handle, createChannels(t.config), {
      publicUrl: "http://coop.test",
      relayIntervalMs: 200,
      retryDelaySeconds: 1,
    });
    await waitUntil(async () => (await photoRow(report.id)).state === "ready", 60_000);

    const ready = await photoRow(report.id);
    expect([ready.width, ready.height]).toEqual([800, 1600]);
    const page = await staffGet(`/staff/incidents/${report.incidentId}`);
    expect(page.body).toContain(`src="/staff/incidents/photo/${report.id}"`);
    expect(page.body).not.toContain("it is being prepared");
    const img = await staffGet(`/staff/incidents/photo/${report.id}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([800, 1600]);
    expect(img.rawPayload.includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  it("files a report whose photo's pixels cannot be read, and marks the photo unreadable", async () => {
    const whole = await sharp({
      create: { width: 640, height: 480, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    // The header is whole (the form takes it); the picture stops a third of the way in.
    const cut = whole.subarray(0, Math.floor(whole.length / 3));
    const report = await fileWithPhoto("by the broken meter, photo-job test", Buffer.from(cut));
    alerts ??= await startAlerts(t.db.handle, createChannels(t.config), { publicUrl: "http://coop.test", relayIntervalMs: 200 });
    await alerts.photosNow();
    await waitUntil(async () => (await photoRow(report.id)).state === "failed", 60_000);
    const page = await staffGet(`/staff/incidents/${report.incidentId}`);
    expect(page.body).toContain("it could not be read");
    expect((await staffGet(`/staff/incidents/photo/${report.id}`)).statusCode).toBe(404);
  });
});
