/**
 * The alerts pages and a reporter's status page in Filipino: subscribe (and its errors from the server), the manage page
 * (and the SMS code's errors), the e-mail confirmation and the stop page show no English
 * interface string of the catalogs. E-mail and SMS are configured (real SMTP and the SMS
 * gateway stand-in on loopback), so every field and section of the pages is shown.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { alertMessages } from "../../app/messages/alerts";
import { formMessages } from "../../app/messages/forms";
import { reportStatusMessages } from "../../app/messages/report-status";
import { reportMessages } from "../../app/messages/reports";
import { shellMessages } from "../../app/messages/shell";
import { barangays } from "../../db/schema";
import { changeIncident, fileReport } from "../../modules/reports/queries.server";
import type { TestApp } from "../support/app";
import { createMessagingApp, type MessagingApp } from "../support/messaging-app";
import { englishLeft } from "./english-left";

let t: TestApp;
let app: MessagingApp | undefined;
beforeAll(async () => {
  app = await createMessagingApp();
  ({ t } = app);
});
afterAll(async () => {
  await app?.close();
});

const post = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80", "x-forwarded-for": "198.18.2.1" },
    payload: new URLSearchParams(fields).toString(),
  });

const catalogs = [shellMessages.en, formMessages.en, alertMessages.en];

describe("alerts pages in Filipino", () => {
  test("subscribe, its errors, manage, the code's errors, confirm and stop", async () => {
    const form = await t.app.inject({ method: "GET", url: "/fil/alerts" });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(`<h1>${alertMessages.fil["alerts.title"]}</h1>`);
    expect(form.body).toContain(alertMessages.fil["alerts.mobile"]);
    expect(englishLeft(form.body, catalogs)).toEqual([]);
    // The check sees English where there is English.
    const english = await t.app.inject({ method: "GET", url: "/alerts" });
    expect(englishLeft(english.body, catalogs).length).toBeGreaterThan(10);

    const wrong = await post("/fil/alerts", { email: "not-an-address", mobile: "12", area: "Nowhere" });
    expect(wrong.statusCode).toBe(422);
    for (const key of ["alerts.error.email", "alerts.error.mobile", "alerts.error.consent", "alerts.error.areas"] as const)
      expect(wrong.body, key).toContain(alertMessages.fil[key]);
    expect(wrong.body).toContain('value="not-an-address"');
    expect(englishLeft(wrong.body, catalogs)).toEqual([]);

    const made = await post("/fil/alerts", { area: "Bani", consent: "on", email: "miyembro@example.test", mobile: "0917 555 0201" });
    expect(made.statusCode).toBe(302);
    const manage = made.headers.location!;
    expect(manage).toMatch(/^\/fil\/alerts\/manage\/[\w-]+\?welcome=1/);
    const page = await t.app.inject({ method: "GET", url: manage });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(alertMessages.fil["alerts.manage.confirmMobile"]);
    expect(englishLeft(page.body, catalogs)).toEqual([]);

    const path = manage.split("?")[0]!;
    const badCode = await post(path, { intent: "verify-sms", code: "12" });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.body).toContain(alertMessages.fil["alerts.manage.code.format"]);
    expect(englishLeft(badCode.body, catalogs)).toEqual([]);
    const noAreas = await post(path, { intent: "update" });
    expect(noAreas.body).toContain(alertMessages.fil["alerts.manage.areas.none"]);

    for (const url of ["/fil/alerts/confirm/no-such-token", `${path}/stop`]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<html lang="fil"');
      expect(englishLeft(res.body, catalogs), url).toEqual([]);
    }
    const unknown = await post("/fil/alerts/confirm/no-such-token", {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(alertMessages.fil["alerts.confirm.unknown"]);
    expect(englishLeft(unknown.body, catalogs)).toEqual([]);

    const stopped = await post(`${path}/stop`, {});
    expect(stopped.body).toContain(alertMessages.fil["alerts.stop.done"]);
    const after = await t.app.inject({ method: "GET", url: path });
    expect(after.body).toContain(alertMessages.fil["alerts.manage.stopped.title"]);
    expect(englishLeft(after.body, catalogs)).toEqual([]);
  });
});

describe("a reporter's status page in Filipino", () => {
  test("its facts, status, progress and history show no English interface string", async () => {
    const db = t.db.handle.db;
    const [b] = await db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Bani"));
    const filed = await fileReport(db, {
      kind: "line-down",
      barangayId: b!.id,
      landmark: "malapit sa kapilya",
      details: "",
      accountNumber: "",
      mobile: "09175550301",
    });
    await changeIncident(db, { incidentId: filed.incidentId, status: "verified", etr: new Date(Date.now() + 3 * 3600_000), actorId: "u1" });
    await changeIncident(db, { incidentId: filed.incidentId, status: "crew-on-site", actorId: "u1" });
    const res = await t.app.inject({ method: "GET", url: `/fil/report/status/${filed.statusToken}?new=1` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="fil"');
    expect(res.body).toContain(reportStatusMessages.fil["rs.e.crew-on-site"]);
    expect(res.body).toContain(reportMessages.fil["report.kind.line-down"]);
    expect(res.body).toContain(reportStatusMessages.fil["rs.skipped"].trim());
    expect(englishLeft(res.body, [shellMessages.en, reportStatusMessages.en, reportMessages.en])).toEqual([]);
    const english = await t.app.inject({ method: "GET", url: `/report/status/${filed.statusToken}` });
    expect(englishLeft(english.body, [reportStatusMessages.en]).length).toBeGreaterThan(5);
  });
});
