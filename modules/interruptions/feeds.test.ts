import { XMLParser, XMLValidator } from "fast-xml-parser";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildAtom, buildIcs, icsEscape, icsFold } from "./feeds";
import type { Interruption } from "./model";
import { interruptionView } from "./view";

const base: Interruption = {
  id: 7,
  // 16:30 UTC on March 4 is 00:30 on Tuesday, March 5 in Manila.
  startsAt: new Date("2024-03-04T16:30:00Z"),
  endsAt: new Date("2024-03-05T01:00:00Z"),
  activities: "<p>Replacement of poles; re-conductoring, phase A</p><p>Tree trimming</p>",
  affectedAreas: "<ul><li><strong>Bani</strong>: Poblacion, San Miguel</li><li><strong>Agno</strong>: Bangan-Oda</li></ul>",
  circuitToBeOpened: '<p>Bani Feeder 1 <script>alert("x")</script></p>',
  status: "scheduled",
  statusUpdatedAt: new Date("2024-03-01T02:00:00Z"),
  createdAt: new Date("2024-03-01T01:00:00Z"),
  towns: ["Bani", "Agno"],
  barangays: [
    { name: "Poblacion", town: "Bani" },
    { name: "San Miguel", town: "Bani" },
    { name: "Bangan-Oda", town: "Agno" },
  ],
};
const before = new Date("2024-03-02T00:00:00Z");

describe("interruption view (the page's rows)", () => {
  it("shows a start just after 16:00 UTC on the next day's date in Manila, with its weekday", () => {
    const v = interruptionView({ ...base, startsAt: new Date("2024-03-04T16:00:01Z") }, before);
    expect(v.date).toBe("Tuesday, March 5, 2024");
    expect(v.isoDate).toBe("2024-03-05");
    expect(v.time).toBe("12:00 AM – 9:00 AM");
    const justBefore = interruptionView({ ...base, startsAt: new Date("2024-03-04T15:59:59Z") }, before);
    expect(justBefore.date).toBe("Monday, March 4, 2024");
    expect(justBefore.time).toBe("11:59 PM – March 5, 2024, 9:00 AM");
  });

  it("sanitizes the HTML fields", () => {
    const v = interruptionView(base, before);
    expect(v.circuitHtml).toBe("<p>Bani Feeder 1 </p>");
    expect(v.affectedAreasHtml).toContain("<strong>Bani</strong>");
  });

  it("moves the status with the clock: scheduled, ongoing at the start, finished at the end; cancelled stays", () => {
    expect(interruptionView(base, before)).toMatchObject({
      status: "scheduled",
      statusLabel: "Scheduled",
      statusSince: "March 1, 2024, 10:00 AM",
    });
    expect(interruptionView(base, new Date("2024-03-04T20:00:00Z"))).toMatchObject({
      status: "ongoing",
      statusSince: "March 5, 2024, 12:30 AM",
    });
    expect(interruptionView(base, new Date("2024-03-05T02:00:00Z"))).toMatchObject({
      status: "finished",
      statusSince: "March 5, 2024, 9:00 AM",
    });
    expect(interruptionView({ ...base, status: "extended" }, new Date("2024-03-04T20:00:00Z")).status).toBe("extended");
    expect(interruptionView({ ...base, status: "cancelled" }, new Date("2024-03-05T02:00:00Z")).status).toBe("cancelled");
  });
});

describe("iCalendar feed", () => {
  const ics = buildIcs([base, { ...base, id: 8, status: "cancelled", towns: ["Dasol"], barangays: [] }], {
    publicUrl: "https://www.example.ph",
    now: before,
  });

  it("escapes text and folds long lines at 75 octets without splitting characters", () => {
    expect(icsEscape("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    const folded = icsFold("DESCRIPTION:" + "ñ".repeat(80));
    for (const line of folded.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split("\r\n")
        .map((l, i) => (i ? l.slice(1) : l))
        .join(""),
    ).toBe("DESCRIPTION:" + "ñ".repeat(80));
  });

  it("uses CRLF and lines of at most 75 octets", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it("parses with ical.js: one VEVENT per interruption, UTC times, plain-text description, cancelled status", () => {
    const cal = new ICAL.Component(ICAL.parse(ics));
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    const events = cal.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(events).toHaveLength(2);
    const [first, second] = events as [ICAL.Event, ICAL.Event];
    expect(first.uid).toBe("power-interruption-7@www.example.ph");
    expect(first.startDate.toJSDate().toISOString()).toBe("2024-03-04T16:30:00.000Z");
    expect(first.endDate.toJSDate().toISOString()).toBe("2024-03-05T01:00:00.000Z");
    expect(first.startDate.zone?.tzid).toBe("UTC");
    expect(first.summary).toBe("Power interruption: Bani, Agno");
    expect(first.location).toBe("Poblacion (Bani), San Miguel (Bani), Bangan-Oda (Agno)");
    expect(first.description).toContain("Activities: Replacement of poles; re-conductoring, phase A; Tree trimming");
    expect(first.description).toContain("Affected areas: Bani: Poblacion, San Miguel; Agno: Bangan-Oda");
    expect(first.description).toContain("Circuit to be opened: Bani Feeder 1");
    expect(first.description).toContain("Status: Scheduled");
    expect(first.description).not.toMatch(/<|script/);
    expect(first.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(first.component.getFirstPropertyValue("dtstamp")).toBeTruthy();
    expect(second.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(second.summary).toBe("CANCELLED: Power interruption: Dasol");
    expect(second.location).toBe("Dasol");
  });
});

describe("Atom feed", () => {
  it("is well-formed XML with one entry per interruption, dates in Manila", () => {
    const xml = buildAtom([base, { ...base, id: 8, activities: "<p>Tom & Jerry's \u0001 <b>line</b></p>" }], {
      publicUrl: "https://www.example.ph",
      now: before,
      town: "Bani",
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml).feed;
    expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.title).toBe("WESPECO power interruptions (Bani)");
    expect(feed.entry).toHaveLength(2);
    expect(feed.entry[0].id).toBe("https://www.example.ph/news/power-interruptions#interruption-7");
    expect(feed.entry[0].title).toBe("Bani, Agno: Tuesday, March 5, 2024, 12:30 AM – 9:00 AM");
    expect(feed.entry[0].updated).toBe("2024-03-01T02:00:00.000Z");
    expect(feed.entry[1].content["#text"]).toContain("Tom &amp; Jerry");
  });

  it("is well-formed when empty", () => {
    const xml = buildAtom([], { publicUrl: "https://www.example.ph", now: before });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(new XMLParser().parse(xml).feed.entry).toBeUndefined();
  });
});
