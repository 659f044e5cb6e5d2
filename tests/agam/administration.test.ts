/**
 * Member services, AGAM and personal data: the tally against a hand count in SQL, the
 * exports' permissions and audit entries, the registration window, the roll import, the
 * retention purge and a data-subject erasure that leaves the tally as it was.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadTally, setWindow } from "../../modules/agam/admin.server";
import { importRollCsv } from "../../modules/members/roll.server";
import { eraseSubject, findSubject, purgeExpired } from "../../modules/privacy/personal-data.server";
import { DEFAULT_RETENTION } from "../../modules/privacy/retention";
import { demoAccountNumber, registeredDemoAccount } from "../../seed/accounts";
import { DEMO_PIN } from "../../seed/index";
import { runPurge } from "../../server/personal-data-purge";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

let t: TestApp;
let members: TestStaff;
let communications: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
  members = await signInAs(t, "member-services");
  communications = await signInAs(t, "communications");
});
afterAll(async () => t?.close());

const db = () => t.app.deps.database.db;
const rows = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

/** The hand count: plain SQL, per topic and district, from the decisions and the anonymous votes. */
async function handCount() {
  return rows<{ seq: number; district: number; approve: number; disapprove: number }>(
    await db().execute(sql`
      select t.sequence_number as seq, v.district,
        count(*) filter (where v.answer_value = 1)::int as approve,
        count(*) filter (where v.answer_value = 0)::int as disapprove
      from (
        select d.topic_id, a.district, d.answer_value from agam_decisions d
          join agam_registrations r on r.id = d.registration_id join agam_accounts a on a.account_number = r.account_number
        union all
        select topic_id, district, answer_value from agam_anonymous_votes
      ) v join agam_topics t on t.id = v.topic_id
      group by t.sequence_number, v.district order by 1, 2`),
  );
}

/** The tally's non-zero cells in the hand count's shape. */
async function tallyCells() {
  const tally = await loadTally(db());
  return tally.topics.flatMap((tp) =>
    tp.byDistrict
      .filter((d) => d.count.total > 0)
      .map((d) => ({ seq: tp.topic.sequenceNumber, district: d.district, approve: d.count.approve, disapprove: d.count.disapprove })),
  );
}

const lastAudit = async (action: string) =>
  rows<{ actor_id: string; action: string; object_id: string | null; after: unknown }>(
    await db().execute(sql`select actor_id, action, object_id, after from audit_log where action = ${action} order by id desc limit 1`),
  )[0];

describe("the tally of the demo data", () => {
  test("equals a hand count in SQL, cell by cell", async () => {
    const hand = await handCount();
    const tally = await tallyCells();
    console.log("tally (topic, district, approve, disapprove) | hand count in SQL");
    for (const [i, h] of hand.entries()) {
      const c = tally[i];
      console.log(
        `  topic ${c?.seq} district ${c?.district}: ${c?.approve} / ${c?.disapprove}  |  topic ${h.seq} district ${h.district}: ${h.approve} / ${h.disapprove}`,
      );
    }
    expect(hand.length).toBeGreaterThan(0);
    expect(tally).toEqual(hand);
    // The seed's disapprovals are there (not a tally of all approvals).
    expect(hand.some((h) => h.disapprove > 0)).toBe(true);
    const full = await loadTally(db());
    const [{ n }] = rows<{ n: number }>(await db().execute(sql`select count(*)::int as n from agam_registrations`)) as [{ n: number }];
    expect(full.quorum.registered).toBe(n);
    console.log(`quorum: ${full.quorum.registered} / ${full.quorum.target}; SQL count of registrations: ${n}`);
  });
});

describe("exports: member services yes, communications 403, each audited", () => {
  const exports = [
    { url: "/staff/members/agam-tally.csv", action: "agam_tally.exported", type: "text/csv" },
    { url: "/staff/members/agam/registrations.csv?district=1", action: "agam_registrations.exported", type: "text/csv" },
    { url: `/staff/members/privacy/export.json?q=${registeredDemoAccount(2)}`, action: "data_subject.exported", type: "application/json" },
  ];
  for (const e of exports)
    test(e.url, async () => {
      const refused = await t.app.inject({ url: e.url, headers: { cookie: communications.cookie } });
      expect(refused.statusCode).toBe(403);
      const ok = await t.app.inject({ url: e.url, headers: { cookie: members.cookie } });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers["content-type"]).toContain(e.type);
      expect(ok.headers["cache-control"]).toBe("no-store");
      const entry = await lastAudit(e.action);
      expect(entry?.actor_id).toBe(members.id);
    });

  test("the registrations CSV holds the decisions and reasons", async () => {
    const res = await t.app.inject({ url: "/staff/members/agam/registrations.csv", headers: { cookie: members.cookie } });
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toContain("topic_2_reason");
    expect(lines).toHaveLength(10);
    expect(res.body).toContain("Collection efficiency figures are missing.");
  });

  test("viewing one registration and the list are audited", async () => {
    const [reg] = rows<{ id: number }>(
      await db().execute(sql`select id from agam_registrations where account_number = ${registeredDemoAccount(3)}`),
    );
    const page = await t.app.inject({ url: `/staff/members/agam/registrations/${reg!.id}`, headers: { cookie: members.cookie } });
    expect(page.statusCode).toBe(200);
    expect((await lastAudit("agam_registration.viewed"))?.object_id).toBe(String(reg!.id));
    const list = await t.app.inject({ url: "/staff/members/agam/registrations?district=3", headers: { cookie: members.cookie } });
    expect(list.statusCode).toBe(200);
    expect((await lastAudit("agam_registrations.viewed"))?.actor_id).toBe(members.id);
    const refused = await t.app.inject({ url: `/staff/members/agam/registrations/${reg!.id}`, headers: { cookie: communications.cookie } });
    expect(refused.statusCode).toBe(403);
  });
});

describe("the registration window", () => {
  test("closed: the API says so with the dates, and stores nothing", async () => {
    const account = demoAccountNumber(5, 4);
    const proof = (
      await t.app.inject({ method: "POST", url: "/api/v1/agam/pool/verification", payload: { account, pin: DEMO_PIN } })
    ).json().data.proof as string;
    const topics = (await t.app.inject("/api/v1/agam/pool/get-all-topics")).json() as { AT_ID: number; AT_SEQUENCE_NUMBER: number }[];
    await setWindow(db(), { opensAt: new Date("2020-03-01T00:00:00Z"), closesAt: new Date("2020-03-10T09:00:00Z") });
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/agam/pool/register",
        payload: {
          account,
          proof,
          decisions: topics.map((x) => ({
            topic_sequence_id: x.AT_SEQUENCE_NUMBER,
            answer_topic_id: x.AT_ID,
            answer_value: 1,
            answer_topic_reason: "",
          })),
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(
        "AGAM registration is closed. It was open from March 1, 2020, 8:00 AM to March 10, 2020, 5:00 PM (Philippine time).",
      );
      const code = await t.app.inject({ method: "POST", url: "/api/v1/agam/pool/verification/send-code", payload: { account } });
      expect(code.statusCode).toBe(403);
      const stored = rows<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from agam_registrations where account_number = ${account}`),
      );
      expect(stored[0]!.n).toBe(0);
    } finally {
      await db().execute(sql`delete from agam_window`);
    }
  });
});

describe("AGAM administration", () => {
  const form = (cookie: string, url: string, body: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
      payload: new URLSearchParams(body).toString(),
    });

  test("staff register a member at an area office: origin office, the staff member in the audit log", async () => {
    const account = demoAccountNumber(6, 9);
    const topics = (await t.app.inject("/api/v1/agam/pool/get-all-topics")).json() as { AT_SEQUENCE_NUMBER: number }[];
    const decisions = Object.fromEntries(
      topics.flatMap((x) => [
        [`topic-${x.AT_SEQUENCE_NUMBER}`, x.AT_SEQUENCE_NUMBER === 4 ? "0" : "1"],
        [`reason-${x.AT_SEQUENCE_NUMBER}`, x.AT_SEQUENCE_NUMBER === 4 ? "Wants the by-laws read aloud first" : ""],
      ]),
    );
    expect((await form(communications.cookie, "/staff/members/agam/office", { account, ...decisions })).statusCode).toBe(403);
    const res = await form(members.cookie, "/staff/members/agam/office", { account, ...decisions });
    expect(res.statusCode).toBe(302);
    const [reg] = rows<{ origin: string; reference: string }>(
      await db().execute(sql`select origin, reference from agam_registrations where account_number = ${account}`),
    );
    expect(reg?.origin).toBe("office");
    const entry = await lastAudit("agam_registration.registered_at_office");
    expect(entry).toMatchObject({ actor_id: members.id, object_id: reg!.reference });
    const tally = await loadTally(db());
    expect(tally.topics[3]!.reasons).toContainEqual({ district: 6, reason: "Wants the by-laws read aloud first" });
    // A second time: refused, the member is already registered.
    expect((await form(members.cookie, "/staff/members/agam/office", { account, ...decisions })).statusCode).toBe(422);
  });

  test("topics are locked once someone registered", async () => {
    const res = await form(members.cookie, "/staff/members/agam", {
      intent: "topic",
      sequenceNumber: "9",
      topic: "A late topic",
      description: "Added after registration opened",
    });
    expect(res.statusCode).toBe(409);
    const [{ n }] = rows<{ n: number }>(await db().execute(sql`select count(*)::int as n from agam_topics where sequence_number = 9`)) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });
});

describe("the member roll import", () => {
  const header = "account_number,name,membership_number,address,town,district,mobile_number";
  test("bad rows refused with reasons, good rows added, a re-import updates in place", async () => {
    const csv = [
      header,
      '09-7000-0001,"DELA CRUZ, JUAN",M-9700001,"Poblacion, Infanta",Infanta,9,0917 555 0001',
      "09-7000-0002,SANTOS ANA,M-9700002,Poblacion,Dasol,9,",
      "bad,NOBODY,M-9700003,Poblacion,Infanta,9,",
      "09-7000-0001,AGAIN,M-9700004,Poblacion,Infanta,9,",
      "09-7000-0005,TAKEN,M-1010000,Poblacion,Infanta,9,",
      "09-7000-0006,REYES PEDRO,M-9700006,Poblacion,Infanta,9,12345",
    ].join("\n");
    const first = await importRollCsv(db(), csv);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.summary.added).toBe(1);
    expect(first.summary.updated).toBe(0);
    expect(first.summary.refused.map((r) => [r.line, r.reason])).toEqual([
      [3, "district 9 is Infanta, not Dasol"],
      [4, "account number must be like 01-1000-4568"],
      [5, "account number appears earlier in the file"],
      [6, `membership number M-1010000 belongs to account ${demoAccountNumber(1, 0)}`],
      [7, 'mobile number "12345" is not a Philippine mobile number like 0917 123 4567'],
    ]);
    const again = await importRollCsv(db(), `${header}\n09-7000-0001,"DELA CRUZ, JUAN P.",M-9700001,"Bayambang, Infanta",Infanta,9,`);
    expect(again.ok && again.summary).toEqual({ added: 0, updated: 1, refused: [] });
    const [row] = rows<{ name: string; phone: string | null; area: string }>(
      await db().execute(sql`select name, phone, area from agam_accounts where account_number = '09-7000-0001'`),
    );
    expect(row).toEqual({ name: "DELA CRUZ, JUAN P.", phone: null, area: "south" });
  });

  test("a file that is not a roll stores nothing", async () => {
    const before = rows<{ n: number }>(await db().execute(sql`select count(*)::int as n from agam_accounts`))[0]!.n;
    const result = await importRollCsv(db(), "name,amount\n09-7000-0009,100\n");
    expect(result).toEqual({
      ok: false,
      error:
        "This is not a member roll: the first line must name the columns account_number, name, membership_number, address, town, district, mobile_number (missing: account_number, membership_number, address, town, district, mobile_number).",
    });
    const after = rows<{ n: number }>(await db().execute(sql`select count(*)::int as n from agam_accounts`))[0]!.n;
    expect(after).toBe(before);
  });
});

describe("personal data", () => {
  test("an erasure removes the person and leaves the tally as it was", async () => {
    const before = await loadTally(db());
    const publicBefore = (await t.app.inject("/api/v1/agam/pool/all")).json();
    const account = registeredDemoAccount(5);
    const found = await findSubject(db(), { kind: "account", value: account });
    expect(found.agamRegistrations).toHaveLength(1);
    await db().transaction((tx) => eraseSubject(tx, found));
    const again = await findSubject(db(), { kind: "account", value: account });
    expect(again.agamRegistrations).toHaveLength(0);
    const after = await loadTally(db());
    expect(after.topics.map((x) => [x.overall, x.byDistrict])).toEqual(before.topics.map((x) => [x.overall, x.byDistrict]));
    expect(after.quorum.registered).toBe(before.quorum.registered);
    // The public counts too: the member registered, even if their name is gone.
    expect((await t.app.inject("/api/v1/agam/pool/all")).json()).toEqual(publicBefore);
    // The reason given by that member is gone with them (free text may name someone).
    expect(after.topics.flatMap((x) => x.reasons).some((r) => r.reason === "No public hearing was held in Agno.")).toBe(false);
    expect(await tallyCells()).toEqual(await handCount());
  });

  test("the erase form records the reason; communications may not use it", async () => {
    const email = "maria.erasure@example.ph";
    await db().execute(sql`insert into survey_responses (account_number, name, respondent_name, city, email, contact_number, consented_at, privacy_notice_version)
      values ('02-7777-0001', 'MARIA', 'MARIA', 'Anda', ${email}, '09170000001', now(), '2026-01')`);
    const refused = await t.app.inject({
      method: "POST",
      url: "/staff/members/privacy",
      headers: { cookie: communications.cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
      payload: `q=${encodeURIComponent(email)}&reason=x&confirm=yes`,
    });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/members/privacy",
      headers: { cookie: members.cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
      payload: `q=${encodeURIComponent(email)}&reason=${encodeURIComponent("Written request of 5 March 2026")}&confirm=yes`,
    });
    expect(res.statusCode).toBe(302);
    const entry = await lastAudit("data_subject.erased");
    expect(entry).toMatchObject({ actor_id: members.id, object_id: `email:${email}` });
    expect(entry?.after).toMatchObject({ reason: "Written request of 5 March 2026", erased: { survey: 1 } });
    const found = await findSubject(db(), { kind: "email", value: email });
    expect(found.survey).toHaveLength(0);
  });

  test("the purge anonymizes survey answers and deletes pre-registrations past their retention", async () => {
    await db().execute(sql`insert into survey_responses (account_number, name, respondent_name, city, email, contact_number, consented_at, privacy_notice_version, created_at, service_courtesy)
      values ('03-7777-0001', 'OLD ANSWER', 'OLD', 'Bani', 'old@example.ph', '09170000002', now(), '2026-01', now() - interval '800 days', 4)`);
    const prereg = (reference: string, days: number) =>
      db().execute(sql`insert into connection_preregistrations (reference, last_name, first_name, address, date_of_birth, age, gender,
        civil_status, contact_numbers, educational_attainment, occupation, created_at)
        values (${reference}, 'TAN', 'LEA', 'Bani', '1990-01-01', 36, 'female', 'single', '09170000003', 'college', 'teacher',
        now() - make_interval(days => ${days}))`);
    await prereg("NSC-OLD-1", 400);
    await prereg("NSC-NEW-1", 30);
    const counts = await purgeExpired(db(), { ...DEFAULT_RETENTION, assemblyDate: "2020-04-25" }, new Date());
    expect(counts.surveyAnonymized).toBeGreaterThanOrEqual(1);
    expect(counts.preregistrationsDeleted).toBe(1);
    const left = rows<{ reference: string }>(
      await db().execute(sql`select reference from connection_preregistrations where reference like 'NSC-%-1' order by 1`),
    );
    expect(left).toEqual([{ reference: "NSC-NEW-1" }]);
    // Assembly 2020 + 1 year has passed: every registration made before it is anonymized (the seed's are from now, so none).
    expect(counts.agamAnonymized).toBe(0);
    const [old] = rows<{ name: string; email: string; service_courtesy: number }>(
      await db().execute(
        sql`select name, email, service_courtesy from survey_responses where city = 'Bani' and service_courtesy = 4 and account_number like 'erased-%'`,
      ),
    );
    expect(old).toEqual({ name: "", email: "", service_courtesy: 4 });
  });

  test("the daily purge job logs its counts and writes them to the audit log", async () => {
    const logged: object[] = [];
    const counts = await runPurge(db(), DEFAULT_RETENTION, { info: (o) => logged.push(o) });
    expect(logged).toEqual([{ purge: counts }]);
    expect((await lastAudit("personal_data.purged"))?.after).toEqual(counts);
  });

  test("the privacy policy page lists what is kept, why and how long, from the configuration", async () => {
    const res = await t.app.inject("/privacy-policy");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("What we keep, why, and for how long");
    expect(res.body).toContain("2 years after you answer");
    expect(res.body).toContain("1 year after its last change when it was declined or abandoned");
    expect(res.body).toContain("Until the assembly plus 1 year");
  });
});
