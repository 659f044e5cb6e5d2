/**
 * Outage reports through the API and core: grouping, "this is mine too", dispatcher changes
 * told by SMS (loopback gateway), the hub's figures as JSON, the CAP feed validated with
 * xmllint against the OASIS schema, and an Open311 client's flow in JSON and XML.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays, reportMessages } from "../../db/schema";
import {
  consumersFromRoll,
  declareMajorEvent,
  endMajorEvent,
  issueOpen311Key,
  revokeOpen311Key,
  setBarangayPower,
} from "../../modules/interruptions/restoration-hub.server";
import { addMeToo, changeIncident, fileReport, getIncident, getReportByToken, notifyReporters } from "../../modules/reports/queries.server";
import { semaphoreGateway } from "../../server/messaging/sms";
import { createTestApp, type TestApp } from "../support/app";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";

const XSD = path.resolve(import.meta.dirname, "../../schemas/cap/CAP-v1.2.xsd");

/** xmllint's verdict on a CAP document: "" when valid, its complaints otherwise. */
function capErrors(xml: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cap-")), "alert.xml");
  fs.writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--nonet", "--schema", XSD, file], { stdio: "pipe" });
    return "";
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describe("outage reports, the hub and open formats", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  let bani: { id: number; name: string }[];
  let anda: { id: number; name: string }[];
  const xml = new XMLParser();

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
    sms = await startSmsGateway();
    const db = t.db.handle.db;
    bani = await db
      .select({ id: barangays.id, name: barangays.name })
      .from(barangays)
      .where(eq(barangays.town, "Bani"))
      .orderBy(barangays.name);
    anda = await db
      .select({ id: barangays.id, name: barangays.name })
      .from(barangays)
      .where(eq(barangays.town, "Anda"))
      .orderBy(barangays.name);
  });
  afterAll(async () => {
    await sms?.close();
    await t?.close();
  });

  const base = { details: "", accountNumber: "", mobile: "" };

  it("groups reports of one kind in one barangay within 2 hours, and counts “this is mine too”", async () => {
    const db = t.db.handle.db;
    const at = (min: number) => new Date(Date.UTC(2026, 10, 23, 1, 0) + min * 60_000);
    const b = bani[0]!.id;
    const first = await fileReport(db, { ...base, kind: "no-power", barangayId: b, landmark: "near the chapel" }, at(0));
    const second = await fileReport(db, { ...base, kind: "no-power", barangayId: b, landmark: "Sitio Centro" }, at(100));
    const otherKind = await fileReport(db, { ...base, kind: "tree", barangayId: b, landmark: "by the school" }, at(101));
    const otherPlace = await fileReport(db, { ...base, kind: "no-power", barangayId: bani[1]!.id, landmark: "market" }, at(102));
    // The window runs from the newest report: 100 + 119 minutes still joins, +121 does not.
    const third = await fileReport(db, { ...base, kind: "no-power", barangayId: b, landmark: "Purok 2" }, at(219));
    const late = await fileReport(db, { ...base, kind: "no-power", barangayId: b, landmark: "Purok 3" }, at(219 + 121));
    expect(second.incidentId).toBe(first.incidentId);
    expect(second.grouped).toBe(true);
    expect(third.incidentId).toBe(first.incidentId);
    expect(otherKind.incidentId).not.toBe(first.incidentId);
    expect(otherPlace.incidentId).not.toBe(first.incidentId);
    expect(late.incidentId).not.toBe(first.incidentId);
    const meToo = await addMeToo(db, first.incidentId, {}, at(230));
    expect(meToo?.incidentId).toBe(first.incidentId);
    expect((await getIncident(db, first.incidentId))?.reportCount).toBe(4);
    expect(first.statusToken).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(first.reference).toMatch(/^R-[2-9A-Z]{7}$/);
  });

  it("tells reporters who left a number of each change by SMS, and shows it on their page", async () => {
    const db = t.db.handle.db;
    const b = anda[0]!.id;
    const withNumber = await fileReport(db, {
      ...base,
      kind: "line-down",
      barangayId: b,
      landmark: "by the bridge",
      mobile: "639171234567",
    });
    const withoutNumber = await fileReport(db, { ...base, kind: "line-down", barangayId: b, landmark: "bridge" });
    const gateway = semaphoreGateway({ url: sms.url, apiKey: sms.apiKey });
    const url = (token: string) => `https://coop.example/report/status/${token}`;

    const etr = new Date(Date.now() + 3 * 3600_000);
    const verified = await changeIncident(db, { incidentId: withNumber.incidentId, status: "verified", etr, actorId: "u1" });
    expect(await notifyReporters(db, gateway, verified.update.id, url)).toEqual({ sent: 1, failed: 0 });
    expect(sms.messages).toHaveLength(1);
    expect(sms.messages[0]!.number).toBe("639171234567");
    expect(sms.messages[0]!.message).toContain(`${withNumber.reference} (Line down or sparking, ${anda[0]!.name}) is now: Verified.`);
    expect(sms.messages[0]!.message).toContain(url(withNumber.statusToken));
    // Sent once: a second run for the same update sends nothing.
    expect(await notifyReporters(db, gateway, verified.update.id, url)).toEqual({ sent: 0, failed: 0 });

    sms.failNext(500);
    const restored = await changeIncident(db, { incidentId: withNumber.incidentId, status: "restored", actorId: "u1" });
    expect(await notifyReporters(db, gateway, restored.update.id, url)).toEqual({ sent: 0, failed: 1 });
    const outcomes = await db
      .select()
      .from(reportMessages)
      .where(and(eq(reportMessages.reportId, withNumber.reportId), eq(reportMessages.updateId, restored.update.id)));
    expect(outcomes[0]!.outcome).toMatch(/^failed: gateway answered 500/);

    const page = await getReportByToken(db, withoutNumber.statusToken);
    expect(page?.incident.status).toBe("restored");
    expect(page?.updates.map((u) => u.status)).toEqual(["received", "verified", "restored"]);
    await expect(changeIncident(db, { incidentId: withNumber.incidentId, status: "verified", actorId: "u1" })).rejects.toThrow(
      /cannot become/,
    );
    expect(await getReportByToken(db, "x".repeat(43))).toBeNull();
  });

  it("serves the hub's figures as JSON, computed from hand-made data", async () => {
    const db = t.db.handle.db;
    const etr1 = new Date("2026-11-24T02:00:00.000Z");
    const etr2 = new Date("2026-11-24T08:00:00.000Z");
    await setBarangayPower(db, { barangayId: anda[0]!.id, consumers: 300, consumersOff: 300, etr: etr1, crews: 2, actorId: "u1" });
    await setBarangayPower(db, { barangayId: anda[1]!.id, consumers: 500, consumersOff: 100, etr: etr2, crews: 1, actorId: "u1" });
    await setBarangayPower(db, { barangayId: anda[2]!.id, consumers: 400, consumersOff: 0, etr: etr2, crews: 0, actorId: "u1" });
    // The other barangays count the member roll's accounts there, all with power.
    const roll = await consumersFromRoll(db);
    const others = anda.slice(3).reduce((n, b) => n + (roll.get(b.id) ?? 0), 0);
    const res = await t.app.inject({ url: "/api/v1/outages/status" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const andaFigures = body.data.towns.find((x: { town: string }) => x.town === "Anda");
    expect(andaFigures).toMatchObject({
      barangays_total: anda.length,
      barangays_energized: anda.length - 2,
      consumers_total: 1200 + others,
      consumers_restored: 800 + others,
      restored_share: Math.round(((800 + others) / (1200 + others)) * 10_000) / 10_000,
      etr: etr2.toISOString(),
      crews: 3,
    });
    expect(andaFigures.areas_off.map((a: { barangay: string }) => a.barangay)).toEqual([anda[0]!.name, anda[1]!.name]);
    // The restored barangay keeps no ETR.
    expect(body.data.totals.consumers_total).toBeGreaterThanOrEqual(1200 + others);
    expect(body.data.open_incidents.length).toBeGreaterThan(0);
    expect(body.data.major_event).toBeNull();
  });

  it("publishes a CAP 1.2 message valid against the OASIS schema, with and without a major event", async () => {
    const empty = await t.app.inject({ url: "/api/v1/outages/cap.xml" });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers["content-type"]).toMatch(/^application\/cap\+xml/);
    expect(capErrors(empty.body)).toBe("");

    await declareMajorEvent(t.db.handle.db, {
      title: "Typhoon Ramon: major event",
      message: "Crews from three towns are deployed.",
      actorId: "u1",
    });
    const res = await t.app.inject({ url: "/api/v1/outages/cap.xml" });
    expect(capErrors(res.body)).toBe("");
    const alert = xml.parse(res.body).alert;
    const infos = Array.isArray(alert.info) ? alert.info : [alert.info];
    expect(infos[0].headline).toBe("Typhoon Ramon: major event");
    expect(infos.some((i: { event: string }) => i.event === "Unplanned power outage: No power")).toBe(true);
    expect(alert.sent).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    // A broken document is refused by the same check (the check can fail).
    expect(capErrors(res.body.replace("<status>Actual</status>", "<status>Maybe</status>"))).toMatch(/status/);
    expect((await t.app.inject({ url: "/api/v1/outages/status" })).json().data.major_event.title).toBe("Typhoon Ramon: major event");
    await endMajorEvent(t.db.handle.db);
  });

  describe("an Open311 GeoReport v2 client", () => {
    let key: string;
    beforeAll(async () => {
      key = (await issueOpen311Key(t.db.handle.db, { name: "Provincial DRRMO", actorId: "u1" })).key;
    });
    const form = (fields: Record<string, string>) => ({
      payload: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

    it("lists services in JSON and XML and reads a definition", async () => {
      const json = await t.app.inject({ url: "/open311/v2/services.json" });
      expect(json.statusCode).toBe(200);
      expect(json.headers["access-control-allow-origin"]).toBe("*");
      const services = json.json() as { service_code: string; metadata: boolean }[];
      expect(services.map((s) => s.service_code)).toEqual(["no-power", "partial-power", "line-down", "pole", "tree", "meter", "other"]);
      const x = await t.app.inject({ url: "/open311/v2/services.xml" });
      expect(x.headers["content-type"]).toMatch(/^text\/xml/);
      expect(xml.parse(x.body).services.service).toHaveLength(7);
      const def = (await t.app.inject({ url: "/open311/v2/services/line-down.json" })).json();
      expect(def.attributes[0]).toMatchObject({ code: "barangay", datatype: "singlevaluelist", required: true });
      expect(
        def.attributes[0].values.some(
          (v: { key: string; name: string }) => v.key === String(bani[0]!.id) && v.name === `${bani[0]!.name}, Bani`,
        ),
      ).toBe(true);
      expect((await t.app.inject({ url: "/open311/v2/services/unknown.json" })).statusCode).toBe(404);
    });

    it("files a report with a key, then follows it by id in JSON and XML", async () => {
      const fields = {
        service_code: "line-down",
        "attribute[barangay]": String(bani[2]!.id),
        address_string: "beside the basketball court",
        description: "Wire on the road, sparking",
        phone: "0918 765 4321",
      };
      const refused = await t.app.inject({ method: "POST", url: "/open311/v2/requests.json", ...form(fields) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()[0]).toMatchObject({ code: 403 });
      const bad = await t.app.inject({
        method: "POST",
        url: "/open311/v2/requests.json",
        ...form({ ...fields, api_key: key, "attribute[barangay]": "" }),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()[0].description).toMatch(/attribute\[barangay\]/);

      const posted = await t.app.inject({ method: "POST", url: "/open311/v2/requests.json", ...form({ ...fields, api_key: key }) });
      expect(posted.statusCode).toBe(201);
      const [{ service_request_id: id }] = posted.json() as { service_request_id: string }[];
      expect(id).toMatch(/^R-/);

      const one = await t.app.inject({ url: `/open311/v2/requests/${id}.json` });
      expect(one.statusCode).toBe(200);
      const [request] = one.json();
      expect(request).toMatchObject({
        service_request_id: id,
        status: "open",
        service_code: "line-down",
        status_notes: "Received",
        address: `${bani[2]!.name}, Bani, Pangasinan`,
        lat: null,
      });
      // The reporter's words and number stay private.
      expect(one.body).not.toContain("basketball");
      expect(one.body).not.toContain("0918");

      const asXml = await t.app.inject({ url: `/open311/v2/requests/${id}.xml` });
      const parsed = xml.parse(asXml.body).service_requests.request;
      expect(parsed.service_request_id).toBe(id);
      expect(parsed.status).toBe("open");

      const list = (await t.app.inject({ url: `/open311/v2/requests.json?service_request_id=${id}` })).json();
      expect(list).toHaveLength(1);
      const open = (await t.app.inject({ url: "/open311/v2/requests.json?status=open&service_code=line-down" })).json() as {
        service_request_id: string;
      }[];
      expect(open.map((r) => r.service_request_id)).toContain(id);
      expect((await t.app.inject({ url: "/open311/v2/requests.json?status=maybe" })).statusCode).toBe(400);
      expect((await t.app.inject({ url: "/open311/v2/requests/R-2222222.xml" })).statusCode).toBe(404);
    });

    it("reads a JSON body like the form, and answers a broken or foreign body with an Open311 error, not HTML", async () => {
      const body = {
        api_key: key,
        service_code: "no-power",
        attribute: { barangay: String(bani[1]!.id) },
        description: "Whole street dark since 9 PM",
        lat: 16.2,
        long: 119.9,
      };
      const posted = await t.app.inject({
        method: "POST",
        url: "/open311/v2/requests.json",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const [{ service_request_id: id }] = posted.json() as { service_request_id: string }[];

      // Anonymous readers see the public view; a client with a key sees the stored words and position.
      const anonymous = (await t.app.inject({ url: `/open311/v2/requests/${id}.json` })).json()[0];
      expect(anonymous).toMatchObject({ lat: null, long: null });
      expect(anonymous.description).not.toContain("Whole street");
      const partner = await t.app.inject({ url: `/open311/v2/requests/${id}.json?api_key=${encodeURIComponent(key)}` });
      expect(partner.headers["cache-control"]).toBe("private, no-store");
      expect(partner.json()[0]).toMatchObject({ description: "Whole street dark since 9 PM", lat: 16.2, long: 119.9 });
      expect(partner.body).not.toContain("0918");
      const listed = (
        await t.app.inject({ url: `/open311/v2/requests.json?service_request_id=${id}&api_key=${encodeURIComponent(key)}` })
      ).json();
      expect(listed[0]).toMatchObject({ description: "Whole street dark since 9 PM", lat: 16.2 });
      const wrongKey = await t.app.inject({ url: `/open311/v2/requests/${id}.json?api_key=not-a-key` });
      expect(wrongKey.statusCode).toBe(403);
      expect(wrongKey.json()[0]).toMatchObject({ code: 403 });

      for (const [type, payload] of [
        ["application/json", "{broken"],
        ["text/plain", "service_code=no-power"],
        ["application/xml", "<request/>"],
      ] as const) {
        const res = await t.app.inject({ method: "POST", url: "/open311/v2/requests.json", headers: { "content-type": type }, payload });
        expect(res.statusCode, `${type}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.json()[0]).toMatchObject({ code: res.statusCode });
      }
      const asXml = await t.app.inject({
        method: "POST",
        url: "/open311/v2/requests.xml",
        headers: { "content-type": "text/plain" },
        payload: "x",
      });
      expect(asXml.statusCode).toBe(415);
      expect(xml.parse(asXml.body).errors.error.code).toBe(415);
    });

    it("has a discovery document naming the GeoReport v2 endpoint, in JSON and XML", async () => {
      const json = await t.app.inject({ url: "/open311/discovery.json" });
      expect(json.statusCode).toBe(200);
      const doc = json.json();
      expect(doc.contact).toContain("Pangasinan");
      expect(doc.endpoints).toEqual([
        expect.objectContaining({
          specification: "http://wiki.open311.org/GeoReport_v2",
          url: expect.stringMatching(/\/open311\/v2$/),
          type: "production",
          formats: ["application/json", "text/xml"],
        }),
      ]);
      const asXml = xml.parse((await t.app.inject({ url: "/open311/discovery.xml" })).body);
      expect(asXml.discovery.endpoints.endpoint.specification).toBe("http://wiki.open311.org/GeoReport_v2");
      expect(asXml.discovery.endpoints.endpoint.formats.format).toEqual(["application/json", "text/xml"]);
    });

    it("refuses a revoked key", async () => {
      const issued = await issueOpen311Key(t.db.handle.db, { name: "Radio station", actorId: "u1" });
      await revokeOpen311Key(t.db.handle.db, issued.id);
      const res = await t.app.inject({
        method: "POST",
        url: "/open311/v2/requests.xml",
        ...form({ api_key: issued.key, service_code: "no-power", "attribute[barangay]": String(bani[0]!.id), address_string: "plaza" }),
      });
      expect(res.statusCode).toBe(403);
      expect(xml.parse(res.body).errors.error.code).toBe(403);
    });

    it("is documented in the OpenAPI document with the outage endpoints", async () => {
      const doc = (await t.app.inject({ url: "/api/v1/openapi.json" })).json() as { paths: Record<string, Record<string, unknown>> };
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          "/open311/v2/services.{format}",
          "/open311/v2/requests.{format}",
          "/open311/v2/requests/{service_request_id}.{format}",
          "/api/v1/outages/status",
          "/api/v1/outages/cap.xml",
        ]),
      );
      expect(Object.keys(doc.paths["/open311/v2/requests.{format}"]!)).toEqual(["get", "post"]);
    });
  });
});
