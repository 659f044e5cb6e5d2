/**
 * XML that stays XML: every XML output (Open311's XML, the CAP alert, the Atom feeds, the
 * sitemap) writes text through modules/shared/escape.ts (escapeXml). Fuzzed with C0 control characters,
 * lone surrogates, U+FFFE/U+FFFF, "]]>" and markup, then checked by xmllint (well-formed;
 * the CAP alert also valid against the OASIS CAP 1.2 schema).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcements, barangays, powerInterruptions } from "../../db/schema";
import { declareMajorEvent, endMajorEvent } from "../../modules/interruptions/restoration-hub.server";
import { changeIncident, fileReport } from "../../modules/reports/queries.server";
import { escapeXml } from "../../modules/shared/escape";
import { createTestApp, type TestApp } from "../support/app";
import { publishInterruption } from "../support/publish";
import { CAP_XSD, xmlErrors } from "../support/xmllint";

const NASTY = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u001f",
  "\u007f",
  "\uD800",
  "\uDBFF",
  "\uDC00",
  "\uFFFE",
  "\uFFFF",
  "]]>",
  "<",
  ">",
  "&",
  '"',
  "'",
  "&amp;",
  "<![CDATA[",
  "é",
  "ñ",
  "😀",
  "\t",
  "\n",
  "a",
  " ",
];

/** Deterministic strings (a small linear congruential generator): the same run every time. */
function fuzzStrings(count: number, seed = 24, alphabet = NASTY): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + (next() % 12) }, () => alphabet[next() % alphabet.length]).join(""));
}

/**
 * PostgreSQL text cannot hold NUL, and lone surrogates do not survive the drivers (node-postgres
 * makes them U+FFFD; PGlite refuses some mixes): stored text is fuzzed with everything else.
 */
const STORABLE = NASTY.filter((c) => c !== "\u0000" && !/^[\uD800-\uDFFF]$/.test(c));
const WORST = "Crew note:\u000b ]]> <b>&</b> \u007f end\u001b\uFFFE";
const stored = (count: number, seed: number) => fuzzStrings(count, seed, STORABLE);

describe("XML outputs with hostile text", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
  });
  afterAll(async () => t?.close());
  const db = () => t.db.handle.db;

  it("escapeXml keeps 300 fuzzed strings well-formed in content and attributes", () => {
    const strings = fuzzStrings(300);
    const doc = `<?xml version="1.0" encoding="utf-8"?>\n<r>${strings.map((s) => `<t a="${escapeXml(s)}">${escapeXml(s)}</t>`).join("\n")}</r>`;
    expect(xmlErrors(doc)).toBe("");
    expect(escapeXml("a\u000bb ]]> 😀")).toBe("ab ]]&gt; 😀");
  });

  it("Open311 requests.xml with a dispatcher's note full of control characters", async () => {
    const [b] = await db().select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Bani")).limit(1);
    const filed = await fileReport(db(), {
      kind: "no-power",
      barangayId: b!.id,
      landmark: "near the chapel",
      details: "",
      accountNumber: "",
      mobile: "",
    });
    await changeIncident(db(), { incidentId: filed.incidentId, status: "verified", note: WORST, actorId: "u1" });
    const res = await t.app.inject({ url: "/open311/v2/requests.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Crew note: ]]&gt; &lt;b&gt;&amp;&lt;/b&gt; \u007f end");
    expect(xmlErrors(res.body)).toBe("");
    await changeIncident(db(), { incidentId: filed.incidentId, status: "crew-assigned", note: stored(1, 7)[0]!, actorId: "u1" });
    expect(xmlErrors((await t.app.inject({ url: "/open311/v2/requests.xml" })).body)).toBe("");
  });

  it("the CAP alert with a hostile major event stays valid CAP 1.2", async () => {
    await declareMajorEvent(db(), { title: `Typhoon ${WORST}`, message: stored(20, 3).join(" "), actorId: "u1" });
    const res = await t.app.inject({ url: "/api/v1/outages/cap.xml" });
    expect(res.statusCode).toBe(200);
    expect(xmlErrors(res.body, CAP_XSD)).toBe("");
    await endMajorEvent(db());
  });

  it("the Atom feeds and the sitemap with hostile stored text", async () => {
    const id = await publishInterruption(db(), { town: "Bani", barangays: [], startsAt: new Date(Date.now() + 86_400_000) });
    await db()
      .update(powerInterruptions)
      .set({ activities: WORST, affectedAreas: stored(3, 11).join(", ") })
      .where(eq(powerInterruptions.id, id));
    await db().execute(sql`update ${announcements} set title = ${`Advisory ${WORST}`} where id = (select min(id) from ${announcements})`);
    for (const url of ["/feeds/power-interruptions.atom", "/feeds/advisories.atom", "/sitemap.xml"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(xmlErrors(res.body), url).toBe("");
    }
  });
});
