/**
 * The publishing screens through the real pages (inject, signed-in staff of each role): the
 * dispatcher creates and updates an interruption and the public API follows; a CSV with one
 * bad row is refused naming it; communications publishes an advisory with a PDF that reaches
 * the Atom feed; every change lands in the audit log; other roles get 403.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, powerInterruptions } from "../../db/schema";
import { manilaFormParts } from "../../modules/shared/dates";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

let t: TestApp;
let dispatcher: TestStaff;
let comms: TestStaff;
const tomorrow = manilaFormParts(new Date(Date.now() + 86_400_000)).date;

beforeAll(async () => {
  t = await createTestApp({ withPages: true });
  dispatcher = await signInAs(t, "dispatcher");
  comms = await signInAs(t, "communications");
});
afterAll(async () => t?.close());

const post = (url: string, who: TestStaff, body: URLSearchParams | { payload: Buffer; type: string }) =>
  t.app.inject({
    method: "POST",
    url,
    headers: {
      cookie: who.cookie,
      origin: "http://localhost:80",
      ...(body instanceof URLSearchParams ? { "content-type": "application/x-www-form-urlencoded" } : { "content-type": body.type }),
    },
    payload: body instanceof URLSearchParams ? body.toString() : body.payload,
  });

function multipart(fields: Record<string, string>, files: { field: string; name: string; type: string; data: Buffer }[]) {
  const boundary = "----contenttest" + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

describe("staff publishing screens", () => {
  it("lets only the roles that may publish open each screen", async () => {
    expect((await t.app.inject({ url: "/staff/interruptions", headers: { cookie: dispatcher.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/staff/interruptions", headers: { cookie: comms.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/staff/announcements/advisory", headers: { cookie: dispatcher.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/staff/announcements/advisory", headers: { cookie: comms.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/staff/interruptions" })).statusCode).toBe(302);
  });

  it("creates an interruption from the form, then marks it ongoing with a note; the API and audit log follow", async () => {
    const form = new URLSearchParams({
      date: tomorrow,
      start: "08:00",
      end: "17:00",
      activities: "Form-made job 4410",
      circuit: "Agno Feeder 2",
      pasteNames: "",
      pasteTown: "",
      publish: "now",
      intent: "save",
    });
    form.append("wholeTown", "Agno");
    const res = await post("/staff/interruptions/new", dispatcher, form);
    expect(res.statusCode).toBe(302);
    const [row] = await t.db.handle.db
      .select()
      .from(powerInterruptions)
      .where(eq(powerInterruptions.activities, "<p>Form-made job 4410</p>"));
    const api = await t.app.inject({ url: "/api/v1/power-interruption/incoming?town=Agno" });
    expect(api.body).toContain("Form-made job 4410");
    const status = await post(
      `/staff/interruptions/${row!.id}/status`,
      dispatcher,
      new URLSearchParams({ status: "ongoing", note: "Crew on site", newEnd: "" }),
    );
    expect(status.statusCode).toBe(302);
    const page = await t.app.inject({ url: "/news/power-interruptions" });
    expect(page.body).toContain("Form-made job 4410");
    const audit = await t.db.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(row!.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["interruption.created", "interruption.status_changed"]));
    expect(audit.every((a) => a.actorId === dispatcher.id)).toBe(true);
  });

  it("keeps what was typed and says what to fix when the form is wrong", async () => {
    const res = await post(
      "/staff/interruptions/new",
      dispatcher,
      new URLSearchParams({
        date: tomorrow,
        start: "17:00",
        end: "08:00",
        activities: "Typed text kept 8812",
        circuit: "",
        pasteNames: "Nowhere Land",
        pasteTown: "Bani",
        publish: "now",
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("Typed text kept 8812");
    expect(res.body).toContain("The end must be after the start.");
    expect(res.body).toContain("Nowhere Land");
  });

  it("refuses a CSV with one wrong row, naming it, and stores nothing", async () => {
    const before = (await t.db.handle.db.select().from(powerInterruptions)).length;
    const csv = `date,start,end,town,barangays,activities,circuit_to_be_opened\r\n${tomorrow},08:00,12:00,Agno,ALL,Work,Line 1\r\n${tomorrow},08:00,12:00,Agno,ALL,,Line 2\r\n`;
    const res = await post(
      "/staff/interruptions/import",
      dispatcher,
      multipart({ csv: "", publish: "now" }, [{ field: "file", name: "week.csv", type: "text/csv", data: Buffer.from(csv) }]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.body).toMatch(/Row (<!-- -->)?3<\/td><td>activities/);
    expect((await t.db.handle.db.select().from(powerInterruptions)).length).toBe(before);
  });

  it("publishes an advisory with a PDF that appears in the Atom feed under its original name", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const res = await post(
      "/staff/announcements/advisory/new",
      comms,
      multipart(
        { title: "Typhoon Emong advisory 3391", body: "Expect outages.", publish: "now", publishAt: "", unpublishAt: "", intent: "save" },
        [{ field: "files", name: "Emong bulletin.pdf", type: "application/pdf", data: pdf }],
      ),
    );
    expect(res.statusCode).toBe(302);
    const feed = await t.app.inject({ url: "/feeds/advisories.atom" });
    expect(feed.body).toContain("Typhoon Emong advisory 3391");
    expect(feed.body).toMatch(/rel="enclosure" href="[^"]+\.pdf" type="application\/pdf"[^>]*title="Emong bulletin.pdf"/);
  });

  it("refuses a disguised file with a message and keeps the rest of the form", async () => {
    const res = await post(
      "/staff/announcements/advisory/new",
      comms,
      multipart({ title: "Kept title 6620", body: "Kept body", publish: "draft", publishAt: "", unpublishAt: "" }, [
        { field: "files", name: "scan.pdf", type: "application/pdf", data: Buffer.from("<html>not a pdf</html>") },
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("Kept title 6620");
    expect(res.body).toContain("scan.pdf");
    expect(res.body).toContain("is not a PDF, JPEG, PNG or WebP file");
  });

  it("says beside the file field, by name, that files chosen before a refused save must be chosen again", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const res = await post(
      "/staff/announcements/advisory/new",
      comms,
      multipart({ title: "", body: "Kept body 7731", publish: "draft", publishAt: "", unpublishAt: "" }, [
        { field: "files", name: "schedule-march.pdf", type: "application/pdf", data: pdf },
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("Kept body 7731");
    const message = "The file you chose (schedule-march.pdf) was not saved because of the other problems: choose it again before saving.";
    // Beside the field (its error, tied to the input) and in the summary at the top, linking to it.
    const beside = res.body.slice(res.body.indexOf('id="files-error"'), res.body.indexOf('<input id="files"'));
    expect(beside).toContain(message);
    expect(res.body).toContain('href="#files"');
  });
});
