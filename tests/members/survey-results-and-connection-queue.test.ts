/**
 * Member services through the real pages: the survey results,
 * the CSV export and one answer; the connection queue, an application and its changes.
 * Member services may; communications gets 403 and nothing is written; every export,
 * view of an individual's record and change leaves its audit entry.
 */

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, connectionPreregistrations, surveyResponses } from "../../db/schema";
import { getProgress } from "../../modules/members/connection-queue.server";
import { createPreregistration } from "../../modules/members/connections.server";
import { createPrivateLink } from "../../modules/privacy/private-links.server";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

let t: TestApp;
let members: TestStaff;
let comms: TestStaff;
let answerIds: number[] = [];

const manila = (iso: string) => new Date(`${iso}+08:00`);
const answer = (n: number, city: string, at: string, s: (number | null)[], suggestions = "") => ({
  accountNumber: `09-0000-00${String(n).padStart(2, "0")}`,
  name: `SANTOS, MARIA ${n}`,
  respondentName: `Maria Santos ${n}`,
  city,
  email: `maria${n}@example.com`,
  contactNumber: `0917 000 00${String(n).padStart(2, "0")}`,
  reconnectionTime: s[0] ?? null,
  serviceReturnSpeed: s[1] ?? null,
  voltageIssues: s[2] ?? null,
  reconnectionAfterPayment: s[3] ?? null,
  serviceCourtesy: s[4] ?? null,
  suggestions,
  consentedAt: manila(at),
  privacyNoticeVersion: "2026-01",
  createdAt: manila(at),
});

beforeAll(async () => {
  t = await createTestApp({ withPages: true });
  members = await signInAs(t, "member-services");
  comms = await signInAs(t, "communications");
  const rows = await t.db.handle.db
    .insert(surveyResponses)
    .values([
      answer(1, "BANI", "2026-03-02T09:00:00", [4, 4, 3, 2, 4], "Mas mabilis na reconnection po sana."),
      answer(2, "BANI", "2026-03-31T23:30:00", [2, null, 3, 2, 1], "=cmd|' /C calc'!A0"),
      answer(3, "BANI", "2026-04-15T10:00:00", [4, 1, null, null, 4]),
      answer(4, "AGNO", "2026-04-20T10:00:00", [1, 1, 1, 1, 1], "Brownout every week in Agno."),
      // Outside the period (Manila May 1, 00:10): counted nowhere below.
      answer(5, "AGNO", "2026-05-01T00:10:00", [4, 4, 4, 4, 4]),
    ])
    .returning({ id: surveyResponses.id });
  answerIds = rows.map((r) => r.id);
});
afterAll(async () => t?.close());

const get = (url: string, who: TestStaff) => t.app.inject({ url, headers: { cookie: who.cookie } });
const post = (url: string, who: TestStaff, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of ([] as string[]).concat(v)) body.append(k, one);
  return t.app.inject({
    method: "POST",
    url,
    headers: { cookie: who.cookie, origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
    payload: body.toString(),
  });
};
const audits = (action: string, who: TestStaff) =>
  t.db.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, who.id)));

describe("survey results", () => {
  const period = "from=2026-03&to=2026-04";

  it("shows member services the counts and averages of the period; communications gets 403", async () => {
    const page = await get(`/staff/members/survey?${period}`, members);
    expect(page.statusCode).toBe(200);
    // Hand counts: Bani's scores 17 + 8 + 9 over 12 given = 2.83; March 25 over 9 = 2.78; April 9 + 5 over 8 = 1.75.
    // Q1 over the four answers of March and April: 4, 2, 4, 1.
    expect(page.body).toContain(
      "4 answered. within 48 hours: 2; within 72 hours: 0; within 96 hours: 1; more than 96 hours: 1. Average 2.75.",
    );
    expect(page.body).toContain("Bani: 2.83 from 3 answers");
    expect(page.body).toContain("March 2026: average 2.78 from 2 answers; April 2026: average 1.75 from 2 answers");
    expect(page.body).toContain("Brownout every week in Agno.");
    // No names or contacts on the results page.
    expect(page.body).not.toContain("Maria Santos");
    expect(page.body).not.toContain("0917 000");

    const bani = await get(`/staff/members/survey?${period}&town=BANI`, members);
    expect(bani.body).toContain(
      "3 answered. within 48 hours: 2; within 72 hours: 0; within 96 hours: 1; more than 96 hours: 0. Average 3.33.",
    );
    expect(bani.body).not.toContain("Brownout every week in Agno.");

    expect((await get(`/staff/members/survey?${period}`, comms)).statusCode).toBe(403);
    expect((await get(`/staff/members/survey/answers?${period}`, comms)).statusCode).toBe(403);
  });

  it("lists the answers as scores without names, each linking to its page", async () => {
    const list = await get(`/staff/members/survey/answers?${period}`, members);
    expect(list.statusCode).toBe(200);
    for (const id of answerIds.slice(0, 4)) expect(list.body).toContain(`/staff/members/survey/answers/${id}"`);
    expect(list.body).not.toContain(`/staff/members/survey/answers/${answerIds[4]}"`);
    expect(list.body).not.toContain("Maria Santos");
  });

  it("searches the suggestions", async () => {
    const page = await get(`/staff/members/survey?${period}&q=brownout`, members);
    expect(page.body).toContain("Brownout every week in Agno.");
    expect(page.body).not.toContain("Mas mabilis na reconnection");
  });

  it("exports the answers as CSV for member services, audited; communications gets 403 and no file", async () => {
    const before = (await audits("survey.exported", members)).length;
    const csv = await get(`/staff/members/survey/answers.csv?${period}`, members);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toContain("survey-answers-2026-03-to-2026-04.csv");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(5); // header and four answers; May's is outside the period
    expect(lines[1]).toContain("Maria Santos 1");
    // A formula typed into the survey comes out as text.
    expect(lines[2]).toMatch(/,'=cmd\|' \/C calc'!A0$/);
    const entries = await audits("survey.exported", members);
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)!.after).toEqual({ from: "2026-03", to: "2026-04", town: null, rows: 4 });

    const refused = await get(`/staff/members/survey/answers.csv?${period}`, comms);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("Maria Santos");
    expect(await audits("survey.exported", comms)).toHaveLength(0);
  });

  it("shows one answer with name and contacts to member services, each view audited", async () => {
    const id = answerIds[0]!;
    const page = await get(`/staff/members/survey/answers/${id}`, members);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Maria Santos 1");
    expect(page.body).toContain("maria1@example.com");
    await get(`/staff/members/survey/answers/${id}`, members);
    const views = (await audits("survey_answer.viewed", members)).filter((e) => e.objectId === String(id));
    expect(views).toHaveLength(2);

    const refused = await get(`/staff/members/survey/answers/${id}`, comms);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("maria1@example.com");
    expect(await audits("survey_answer.viewed", comms)).toHaveLength(0);
    expect((await get("/staff/members/survey/answers/999999", members)).statusCode).toBe(404);
  });
});

describe("connection queue", () => {
  let id: number;
  let token: string;

  beforeAll(async () => {
    const db = t.db.handle.db;
    const { reference } = await createPreregistration(db, {
      lastName: "Reyes",
      firstName: "Ana",
      suffix: "",
      middleName: "Cruz",
      address: "Purok 3, Poblacion, Bani, Pangasinan",
      dateOfBirth: "1990-03-05",
      age: 36,
      gender: "Female",
      civilStatus: "Single",
      contactNumbers: "0917 123 4567",
      nearestAccountNumber: "",
      educationalAttainment: "Tertiary",
      occupation: "Teacher",
      dependents: 0,
      religion: "",
      annualIncome: "",
      tin: "",
    });
    token = await createPrivateLink(db, "connection-summary", reference);
    const list = await get("/staff/members/connections?town=Bani", members);
    const match = /href="\/staff\/members\/connections\/(\d+)"[^>]*>Reyes, Ana</.exec(list.body);
    expect(match, "the queue lists the application").toBeTruthy();
    id = Number(match![1]);
  });

  it("lists by status, town and age for member services, audited; communications gets 403", async () => {
    expect((await get("/staff/members/connections?status=received&age=week", members)).body).toContain("Reyes, Ana");
    expect((await get("/staff/members/connections?town=Dasol", members)).body).not.toContain("Reyes, Ana");
    expect((await get("/staff/members/connections?age=older", members)).body).not.toContain("Reyes, Ana");
    expect((await get("/staff/members/connections?status=approved", members)).body).not.toContain("Reyes, Ana");
    expect((await audits("connection_queue.viewed", members)).length).toBeGreaterThanOrEqual(5);
    expect((await get("/staff/members/connections", comms)).statusCode).toBe(403);
    expect((await get(`/staff/members/connections/${id}`, comms)).statusCode).toBe(403);
  });

  it("audits each view of an application", async () => {
    const page = await get(`/staff/members/connections/${id}`, members);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("0917 123 4567");
    expect((await audits("connection.viewed", members)).some((e) => e.objectId === String(id))).toBe(true);
  });

  it("changes the status with its date, audited, and the applicant's page says so", async () => {
    const missing = await post(`/staff/members/connections/${id}`, members, {
      intent: "status",
      status: "seminar-scheduled",
      seminarDate: "",
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain("Give the seminar date");

    const refused = await post(`/staff/members/connections/${id}`, comms, { intent: "status", status: "approved" });
    expect(refused.statusCode).toBe(403);
    expect((await getProgress(t.db.handle.db, id)).status).toBe("received");

    const saved = await post(`/staff/members/connections/${id}`, members, {
      intent: "status",
      status: "seminar-scheduled",
      seminarDate: "2026-12-05",
    });
    expect(saved.statusCode).toBe(302);
    expect((await getProgress(t.db.handle.db, id)).status).toBe("seminar-scheduled");
    const [entry] = (await audits("connection.status_changed", members)).filter((e) => e.objectId === String(id));
    expect(entry!.before).toMatchObject({ status: "received", seminarDate: null });
    expect(entry!.after).toMatchObject({ status: "seminar-scheduled", seminarDate: "2026-12-05" });

    const summary = await t.app.inject({ url: `/service/new-service-connection/${token}` });
    expect(summary.statusCode).toBe(200);
    expect(summary.body).toContain("Your pre-membership seminar is on December 5, 2026.");
  });

  it("declines only with a reason, which the applicant sees", async () => {
    const none = await post(`/staff/members/connections/${id}`, members, { intent: "status", status: "declined", declineReason: " " });
    expect(none.statusCode).toBe(422);
    await post(`/staff/members/connections/${id}`, members, {
      intent: "status",
      status: "declined",
      declineReason: "The lot is outside our franchise area.",
    });
    const summary = await t.app.inject({ url: `/service/new-service-connection/${token}` });
    expect(summary.body).toContain("Your application was declined: The lot is outside our franchise area.");
  });

  it("one Save keeps the documents ticked with a status change and a note; a refused status saves none of them", async () => {
    const { reference } = await createPreregistration(t.db.handle.db, {
      lastName: "Santos",
      firstName: "Ben",
      suffix: "",
      middleName: "",
      address: "Purok 1, Poblacion, Agno, Pangasinan",
      dateOfBirth: "1985-01-02",
      age: 41,
      gender: "Male",
      civilStatus: "Married",
      contactNumbers: "0917 765 4321",
      nearestAccountNumber: "",
      educationalAttainment: "Secondary",
      occupation: "Farmer",
      dependents: 3,
      religion: "",
      annualIncome: "",
      tin: "",
    });
    const [row] = await t.db.handle.db
      .select({ id: connectionPreregistrations.id })
      .from(connectionPreregistrations)
      .where(eq(connectionPreregistrations.reference, reference));
    const one = row!.id;
    const refused = await post(`/staff/members/connections/${one}`, members, {
      intent: "save",
      status: "seminar-scheduled",
      seminarDate: "",
      document: ["1", "2"],
      note: "Called the applicant.",
    });
    expect(refused.statusCode).toBe(422);
    // What was ticked and typed comes back checked and filled in.
    expect(refused.body).toMatch(/<input[^>]*id="document-1"[^>]*checked/);
    expect(refused.body).toContain("Called the applicant.");
    expect((await getProgress(t.db.handle.db, one)).documents).toEqual([]);

    const saved = await post(`/staff/members/connections/${one}`, members, {
      intent: "save",
      status: "received",
      seminarDate: "",
      inspectionDate: "",
      declineReason: "",
      document: ["1", "2"],
      note: "",
    });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe(`/staff/members/connections/${one}?saved=documents`);
    expect((await getProgress(t.db.handle.db, one)).documents).toEqual([1, 2]);
    const page = await get(saved.headers.location as string, members);
    expect(page.body).toContain("Saved: documents seen.");
  });

  it("ticks documents and adds notes, each audited; communications cannot", async () => {
    expect(
      (await post(`/staff/members/connections/${id}`, members, { intent: "documents", document: ["0", "2", "8", "42"] })).statusCode,
    ).toBe(302);
    expect((await getProgress(t.db.handle.db, id)).documents).toEqual([0, 2, 8]);
    const docs = (await audits("connection.documents_changed", members)).filter((e) => e.objectId === String(id));
    expect(docs.at(-1)!.after).toEqual({ documents: [0, 2, 8] });

    expect((await post(`/staff/members/connections/${id}`, members, { intent: "note", note: "" })).statusCode).toBe(422);
    expect(
      (await post(`/staff/members/connections/${id}`, members, { intent: "note", note: "Called; will bring the TIN on Monday." }))
        .statusCode,
    ).toBe(302);
    const notes = (await audits("connection.note_added", members)).filter((e) => e.objectId === String(id));
    expect(notes).toHaveLength(1);
    expect((await get(`/staff/members/connections/${id}`, members)).body).toContain("Called; will bring the TIN on Monday.");

    expect((await post(`/staff/members/connections/${id}`, comms, { intent: "note", note: "x" })).statusCode).toBe(403);
    expect((await post(`/staff/members/connections/${id}`, comms, { intent: "documents", document: "1" })).statusCode).toBe(403);
    expect((await getProgress(t.db.handle.db, id)).documents).toEqual([0, 2, 8]);
  });
});
