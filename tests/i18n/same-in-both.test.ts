/**
 * English left on /fil/ pages outside the catalogs: every page of the route table and the
 * sitemap (./../support/public-pages.ts) and a signed-in demo member's portal pages and bill
 * PDF, each compared with its English twin (./same-in-both.ts). A text both show identically
 * must be a number, a name or stored value from the database, a borrowed word, text marked
 * `lang="en"`, or one of the few listed below with the reason it stays.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contentLanguageMessages } from "../../app/messages/content-language";
import { interruptionMessages } from "../../app/messages/interruptions";
import { barangays, bills, careers } from "../../db/schema";
import { SURVEY_RATINGS } from "../../modules/members/survey-options";
import { changeIncident, fileReport } from "../../modules/reports/queries.server";
import { MONTH_NAMES } from "../../modules/shared/dates";
import { INTL_LOCALE } from "../../modules/shared/i18n";
import { demoAccountNumber } from "../../seed/accounts";
import { register, Visitor } from "../portal/helpers";
import type { TestApp } from "../support/app";
import { createMessagingApp, type MessagingApp } from "../support/messaging-app";
import { collectPublicPages } from "../support/public-pages";
import { databaseTexts, pageTexts, sameInBoth } from "./same-in-both";

let t: TestApp;
let app: MessagingApp | undefined;
let stored: Set<string>;
beforeAll(async () => {
  app = await createMessagingApp();
  ({ t } = app);
  await t.listen();
  stored = await databaseTexts(t.db.handle.db);
});
afterAll(async () => {
  await app?.close();
});

const shortMonth = new Intl.DateTimeFormat(INTL_LOCALE.fil, { month: "short", timeZone: "UTC" });

/** Texts both languages show on purpose, each with its reason. */
const ALLOWED = new Set<string>([
  // The specification's survey answers, word for word in both languages (decision 0029, the glossary).
  ...SURVEY_RATINGS.flatMap((r) => r.options),
  // A standard's name.
  "Open311 GeoReport v2",
  // The city's name in lists (the glossary).
  "Alaminos City",
  // Short month names the platform (Intl, fil-PH) writes as in English: "Mar", "May".
  ...MONTH_NAMES.map((m) => m.slice(0, 3)).filter((m, i) => shortMonth.format(Date.UTC(2000, i, 15)) === m),
]);

/** The text of the site's own drawings a page shows (the footer's office map): their labels are read too. */
const drawings = new Map<string, string[]>();
async function withDrawings(html: string): Promise<Set<string>> {
  const texts = pageTexts(html);
  for (const [, src] of html.matchAll(/<img[^>]* src="(\/[^"]+\.svg)"/g)) {
    if (!drawings.has(src!)) {
      const svg = await (await fetch(t.url + src)).text();
      drawings.set(
        src!,
        [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]!.trim()),
      );
    }
    for (const label of drawings.get(src!)!) texts.add(label);
  }
  return texts;
}

const filOf = (p: string) => (p === "/" ? "/fil/" : `/fil${p}`);

describe("English left on /fil/ pages outside the catalogs", () => {
  test("every public page in both languages", async () => {
    const pages = await collectPublicPages(t.url);
    const byPath = new Map(pages.map((p) => [p.finalPath, p]));
    const found: Record<string, string[]> = {};
    let compared = 0;
    for (const en of pages.filter((p) => !p.finalPath.startsWith("/fil") && !p.finalPath.startsWith("/staff"))) {
      const fil = byPath.get(filOf(en.finalPath)) ?? (en.finalPath === "/" ? byPath.get("/fil") : undefined);
      if (!fil) continue;
      compared++;
      const left = sameInBoth(await withDrawings(en.html), await withDrawings(fil.html), stored, ALLOWED);
      if (left.length) found[fil.finalPath] = left;
    }
    expect(found).toEqual({});
    expect(compared).toBeGreaterThan(40);
    // The finder sees English where there is English: an English page against itself.
    const home = pages.find((p) => p.finalPath === "/")!;
    expect(sameInBoth(pageTexts(home.html), pageTexts(home.html), stored, ALLOWED).length).toBeGreaterThan(10);
  }, 300_000);

  test("a signed-in member's portal pages and bill PDF", async () => {
    const account = demoAccountNumber(2, 4);
    const v = new Visitor(t);
    await register(v, app!.sms, account);
    const [bill] = await t.db.handle.db.select().from(bills).where(eq(bills.accountNumber, account)).orderBy(desc(bills.periodTo)).limit(1);
    const found: Record<string, string[]> = {};
    const billPath = `/mco/accounts/${account}/bills/${bill!.billNumber}`;
    for (const p of ["/mco", `/mco/accounts/${account}`, billPath, "/mco/my-data", "/mco/passkeys", "/mco/sign-out"]) {
      const [en, fil] = [await v.get(p), await v.get(filOf(p))];
      expect([en.statusCode, fil.statusCode], p).toEqual([200, 200]);
      const left = sameInBoth(await withDrawings(en.body), await withDrawings(fil.body), stored, ALLOWED);
      if (left.length) found[filOf(p)] = left;
    }
    // The PDF the Filipino bill page links to, against the English page's.
    const pdfLink = (html: string) => /href="([^"]+\/pdf[^"]*)"/.exec(html)![1]!.replace(/&amp;/g, "&");
    const pdfText = async (url: string) => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bill-pdf-")), "bill.pdf");
      fs.writeFileSync(file, (await v.get(url)).rawPayload);
      return new Set(
        execFileSync("pdftotext", ["-layout", file, "-"])
          .toString()
          .split("\n")
          .flatMap((l) => l.split(/\s{2,}/))
          .map((l) => l.trim())
          .filter(Boolean),
      );
    };
    const [enPdf, filPdf] = [
      await pdfText(pdfLink((await v.get(billPath)).body)),
      await pdfText(pdfLink((await v.get(filOf(billPath))).body)),
    ];
    const left = sameInBoth(enPdf, filPdf, stored, ALLOWED);
    if (left.length) found[`${filOf(billPath)} (PDF)`] = left;
    expect(found).toEqual({});
    expect(sameInBoth(enPdf, enPdf, stored, ALLOWED)).toContain("Total amount due");
  }, 120_000);

  test("the feeds' links and the footer's map are named in the page's language", async () => {
    const feedTitles = async (url: string) =>
      [...(await t.app.inject(url)).body.matchAll(/<link rel="alternate" type="[^"]+" title="([^"]+)"/g)].map((m) => m[1]);
    expect(await feedTitles("/fil/news/power-interruptions")).toEqual([
      interruptionMessages.fil["pi.feed.atom"],
      interruptionMessages.fil["pi.feed.ics"],
    ]);
    expect(await feedTitles("/news/power-interruptions")).toEqual([
      interruptionMessages.en["pi.feed.atom"],
      interruptionMessages.en["pi.feed.ics"],
    ]);
    expect(await feedTitles("/fil/news/advisories")).toEqual(["Mga abiso ng WESPECO"]);
    expect(await feedTitles("/news/advisories")).toEqual(["WESPECO advisories"]);
    expect((await t.app.inject("/fil/")).body).toContain('<img src="/office-map-fil.svg"');
    const map = (await t.app.inject("/office-map-fil.svg")).body;
    expect(map).toContain(">Pangunahing Tanggapan</text>");
    expect((await t.app.inject("/")).body).toContain('<img src="/office-map.svg"');
  });

  test("staff-written text a /fil/ page shows in English is marked so: job postings, interruption areas, dispatchers' notes", async () => {
    // The demo postings and about texts have their Filipino versions; one written in English only says so.
    const filCareers = (await t.app.inject("/fil/careers")).body;
    expect(filCareers).toContain("Klerk sa Billing");
    expect(filCareers).not.toContain("Billing Clerk");
    const filProfile = (await t.app.inject("/fil/about/company-profile")).body;
    expect(filProfile).toContain("Sino kami");
    expect(filProfile).not.toContain(contentLanguageMessages.fil["contentlang.fallback"]({ language: "Filipino" }));
    expect((await t.app.inject("/fil/about/mission-vision")).body).toContain("Katapatan");
    await t.db.handle.db.insert(careers).values({ jobTitle: "Warehouse Custodian", body: "<p>Keeps the stores.</p>" });
    const careersPage = await t.app.inject("/fil/careers");
    expect(careersPage.body).toContain(contentLanguageMessages.fil["contentlang.fallback"]({ language: "Filipino" }));
    expect(careersPage.body).toMatch(/<span lang="en">Warehouse Custodian<\/span>/);
    expect(careersPage.body).toMatch(/class="announcement__body" lang="en"/);
    expect((await t.app.inject("/careers")).body).not.toMatch(/class="announcement__body" lang="en"/);
    const interruptions = await t.app.inject("/fil/news/power-interruptions");
    expect(interruptions.body).toMatch(/<td data-label="[^"]+" class="pi-html" lang="en">/);
    expect((await t.app.inject("/news/power-interruptions")).body).not.toMatch(/class="pi-html" lang="en"/);

    const db = t.db.handle.db;
    const [b] = await db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Agno"));
    const filed = await fileReport(db, {
      kind: "no-power",
      barangayId: b!.id,
      landmark: "sa may kapilya",
      details: "",
      accountNumber: "",
      mobile: "",
    });
    await changeIncident(db, { incidentId: filed.incidentId, status: "verified", note: "Crew dispatched from Alaminos.", actorId: "u1" });
    const status = await t.app.inject(`/fil/report/status/${filed.statusToken}`);
    expect(status.body).toContain('<span lang="en">Crew dispatched from Alaminos.</span>');
  });
});
