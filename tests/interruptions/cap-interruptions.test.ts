/**
 * Power interruptions in CAP 1.2, through the real routes: "power off now" for all of Dasol is
 * in the feed as an unplanned outage (it was missing: "no unplanned outage is open"), its own
 * message is an Alert, an extension an Update referencing it, a cancelled planned one a Cancel;
 * each document valid against the OASIS schema by xmllint.
 */
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentContext } from "../../modules/content/context";
import { changeInterruptionStatus, createInterruption, interruptionFormSchema } from "../../modules/interruptions/editor.server";
import { powerOffFormSchema, powerOffNow } from "../../modules/interruptions/power-off.server";
import { manilaFormParts } from "../../modules/shared/dates";
import { createTestApp, type TestApp } from "../support/app";
import { CAP_XSD, xmlErrors } from "../support/xmllint";

const xml = new XMLParser({ ignoreAttributes: false });
const capErrors = (doc: string) => xmlErrors(doc, CAP_XSD);
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

let t: TestApp;
let ctx: ContentContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = { db: t.db.handle.db, actor: { id: "u-dispatch", name: "Dana Dispatcher" }, contentChanged: async () => {} };
});
afterAll(async () => t?.close());

const get = async (url: string) => t.app.inject({ url, headers: { "accept-encoding": "identity" } });

describe("power interruptions in CAP 1.2", () => {
  let dasol: number;

  it("carries 'power off now' as an unplanned outage in the feed, valid CAP", async () => {
    dasol = await powerOffNow(ctx, powerOffFormSchema.parse({ town: "Dasol", note: "Crews are on the way." }));
    const res = await get("/api/v1/outages/cap.xml");
    expect(res.statusCode).toBe(200);
    expect(capErrors(res.body)).toBe("");
    expect(res.body).not.toContain("no unplanned outage is open");
    const infos = asList(xml.parse(res.body).alert.info) as { event: string; headline: string; description: string; urgency: string }[];
    const off = infos.find((i) => i.headline === "Power off now: Dasol");
    expect(off).toMatchObject({ event: "Unplanned power outage", urgency: "Immediate" });
    // No estimate was given: the stand-in end is not said.
    expect(off!.description).toContain("restoration time not yet known");
  });

  it("gives the outage its own message, an Update after each change, naming every earlier message", async () => {
    // "Power off now" is two changes: announced (the Alert) and marked ongoing (an Update referencing it).
    const first = await get(`/api/v1/outages/cap/interruption-${dasol}.xml`);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/cap+xml; charset=utf-8");
    expect(capErrors(first.body)).toBe("");
    const alert1 = xml.parse(first.body).alert;
    expect(alert1.msgType).toBe("Update");
    expect(String(alert1.references).split(" ")).toHaveLength(1);
    expect(String(alert1.references)).toMatch(/^outages@[^,]+,[^,]+-interruption-\d+-\d+,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);

    const etr = new Date(Date.now() + 6 * 3600_000);
    const { date, time } = manilaFormParts(etr);
    await changeInterruptionStatus(ctx, dasol, { status: "extended", note: "", newEnd: `${date}T${time}` });
    const second = await get(`/api/v1/outages/cap/interruption-${dasol}.xml`);
    expect(capErrors(second.body)).toBe("");
    const alert2 = xml.parse(second.body).alert;
    expect(alert2.msgType).toBe("Update");
    expect(alert2.identifier).not.toBe(alert1.identifier);
    // Every earlier message, as sender,identifier,sent: the first one among them.
    const references = String(alert2.references).split(" ");
    expect(references).toHaveLength(2);
    expect(references).toContain(`${alert1.sender},${alert1.identifier},${alert1.sent}`);
    expect(alert2.info.expires).toMatch(/\+08:00$/);
    expect(alert2.info.description).toContain("estimated restoration");
  });

  it("cancels a planned interruption with msgType Cancel and references, valid CAP", async () => {
    const tomorrow = manilaFormParts(new Date(Date.now() + 86_400_000)).date;
    const id = await createInterruption(
      ctx,
      interruptionFormSchema.parse({
        date: tomorrow,
        start: "08:00",
        end: "17:00",
        activities: "Pole replacement",
        circuit: "Agno Feeder 2",
        wholeTown: ["Agno"],
        publish: "now",
      }),
    );
    const feed = await get("/api/v1/outages/cap.xml");
    expect(capErrors(feed.body)).toBe("");
    const planned = asList(xml.parse(feed.body).alert.info).find(
      (i: { headline: string }) => i.headline === "Scheduled power interruption: Agno",
    );
    expect(planned).toMatchObject({ event: "Scheduled power interruption", urgency: "Expected", certainty: "Likely" });

    const announced = xml.parse((await get(`/api/v1/outages/cap/interruption-${id}.xml`)).body).alert;
    expect(announced.msgType).toBe("Alert");
    await changeInterruptionStatus(ctx, id, { status: "cancelled", note: "Postponed.", newEnd: "" });
    const res = await get(`/api/v1/outages/cap/interruption-${id}.xml`);
    expect(capErrors(res.body)).toBe("");
    const cancel = xml.parse(res.body).alert;
    expect(cancel.msgType).toBe("Cancel");
    expect(cancel.references).toBe(`${announced.sender},${announced.identifier},${announced.sent}`);
    // And it leaves the feed.
    expect((await get("/api/v1/outages/cap.xml")).body).not.toContain("Scheduled power interruption: Agno");
  });

  it("answers 404 for an interruption that is not published", async () => {
    expect((await get("/api/v1/outages/cap/interruption-999999.xml")).statusCode).toBe(404);
  });
});
