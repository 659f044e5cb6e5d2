/**
 * The site in Filipino, through the server: every public page under /fil/ answers 200 with
 * lang="fil"; only `/` negotiates (an uncached 302, the cookie over the header); each page
 * names itself and its other language (reciprocal hreflang, x-default); the switch sets the
 * cookie and never leaves the site; the translated pages show no English interface string
 * of the catalogs; the page cache keeps each language under its own path.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { aboutMessages } from "../../app/messages/about";
import { agamMessages as agamShared } from "../../app/messages/agam";
import { agamRegistrationMessages } from "../../app/messages/agam-registration";
import { agamServerMessages } from "../../app/messages/agam-server";
import { agamStatusMessages } from "../../app/messages/agam-status";

/** The AGAM catalogs as one (the pages split them to keep each page's script small). */
const agamMessages = {
  en: { ...agamShared.en, ...agamRegistrationMessages.en, ...agamStatusMessages.en, ...agamServerMessages.en },
  fil: { ...agamShared.fil, ...agamRegistrationMessages.fil, ...agamStatusMessages.fil, ...agamServerMessages.fil },
};

import { billMessages } from "../../app/messages/bills";
import { formMessages } from "../../app/messages/forms";
import { homeMessages } from "../../app/messages/home";
import { infoMessages } from "../../app/messages/info";
import { interruptionMessages } from "../../app/messages/interruptions";
import { newsMessages } from "../../app/messages/news";
import { outageMessages } from "../../app/messages/outages";
import { portalMessages } from "../../app/messages/portal";
import { rateMessages } from "../../app/messages/rates";
import { reportMessages } from "../../app/messages/reports";
import { serviceMessages } from "../../app/messages/service";
import { shellMessages } from "../../app/messages/shell";
import { surveyMessages } from "../../app/messages/survey";
import { FIRST_RATE_YEAR } from "../../modules/shared/constants";
import { createTestApp, type TestApp } from "../support/app";
import { routePatterns } from "../support/public-pages";
import { BORROWED } from "./borrowed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off", CACHE_TTL_MS: "60000" } });
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

/** The public pages without parameters, in Filipino. */
const filPages = routePatterns()
  .filter((p) => (p === "fil" || p.startsWith("fil/")) && !p.includes(":") && !p.includes("*"))
  .map((p) => `/${p}`);

describe("Filipino pages", () => {
  test("the route table has a Filipino twin of every public page", () => {
    expect(filPages.length).toBeGreaterThan(30);
    expect(filPages).toContain("/fil/news/power-interruptions");
    expect(filPages).toContain("/fil/rates");
    expect(filPages.some((p) => p.startsWith("/fil/staff"))).toBe(false);
  });

  test("every one answers 200 with lang=fil and reciprocal hreflang", async () => {
    for (const page of filPages) {
      const res = await get(page);
      // The old schedules address is a permanent redirect, to the page in the same language.
      if (page === "/fil/news/power-interruption-schedules") {
        expect(res.statusCode).toBe(301);
        expect(res.headers.location).toBe("/fil/news/power-interruptions");
        continue;
      }
      // A member's own portal pages need a session: without one, the sign-in in the same language.
      if (page === "/fil/mco" || page === "/fil/mco/my-data" || page === "/fil/mco/passkeys" || page === "/fil/mco/sign-out") {
        expect(res.statusCode, page).toBe(302);
        expect(res.headers.location, page).toBe("/fil/mco/login");
        continue;
      }
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).toMatch(/<html lang="fil"/);
      const bare = page === "/fil" ? "/" : page.slice("/fil".length);
      const alternates = [...res.body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [
        m[1],
        new URL(m[2]!).pathname,
      ]);
      expect(alternates, page).toEqual([
        ["en", bare],
        ["fil", bare === "/" ? "/fil/" : `/fil${bare}`],
        ["x-default", bare],
      ]);
      // The English twin names the same pair.
      const english = await get(bare);
      const back = [...english.body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [
        m[1],
        new URL(m[2]!).pathname,
      ]);
      expect(back, bare).toEqual(alternates);
      expect(english.body, bare).toMatch(/<html lang="en"/);
    }
  });

  test("an unknown path under /fil/ is the 404 page in Filipino", async () => {
    const res = await get("/fil/no/such/page");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="fil"');
    expect(res.body).toContain(shellMessages.fil["notFound.title"]);
  });

  test("translated pages show no English interface string of the catalogs", async () => {
    // One news item and one bid of the sitemap, when there are any, in Filipino.
    const sitemap = (await get("/sitemap.xml")).body;
    const itemPages = ["/fil/news/advisory/", "/fil/bid/"].flatMap((prefix) => {
      const m = sitemap.match(new RegExp(`<loc>[^<]*(${prefix}\\d+)</loc>`));
      return m ? [m[1]!] : [];
    });
    const pages: [string, readonly Record<string, unknown>[]][] = [
      ["/fil/", [shellMessages.en, homeMessages.en]],
      ["/fil/news/power-interruptions", [shellMessages.en, interruptionMessages.en]],
      ["/fil/news/power-interruptions?town=Nowhere", [shellMessages.en, interruptionMessages.en]],
      ["/fil/rates", [shellMessages.en, rateMessages.en]],
      ["/fil/rates?kwh=abc", [shellMessages.en, rateMessages.en, formMessages.en]],
      ["/fil/service/bill-inquiry", [shellMessages.en, billMessages.en, formMessages.en]],
      ["/fil/report", [shellMessages.en, reportMessages.en]],
      ["/fil/outages", [shellMessages.en, outageMessages.en]],
      ["/fil/mco/login", [shellMessages.en, portalMessages.en]],
      ["/fil/mco/register", [shellMessages.en, portalMessages.en, formMessages.en]],
      ["/fil/mco/register/bill", [shellMessages.en, portalMessages.en, formMessages.en]],
      ["/fil/agam-registration", [shellMessages.en, agamMessages.en, formMessages.en]],
      ["/fil/agam-status", [shellMessages.en, agamMessages.en]],
      ["/fil/customer-satisfaction-survey", [shellMessages.en, surveyMessages.en, formMessages.en]],
      ["/fil/css", [shellMessages.en, surveyMessages.en, formMessages.en]],
      // About and information pages.
      ...[
        "/fil/about-us",
        "/fil/about/company-profile",
        "/fil/about/mission-vision",
        "/fil/about/pledge",
        "/fil/about/coverage-area",
        "/fil/about/organizational-structure",
        "/fil/about/organizational-structure?department=TSD",
        "/fil/about/bod",
        "/fil/gallery",
      ].map((p) => [p, [shellMessages.en, aboutMessages.en]] as [string, Record<string, unknown>[]]),
      ...["/fil/privacy-policy", "/fil/terms-and-conditions", "/fil/contact-us", "/fil/faq", "/fil/services"].map(
        (p) => [p, [shellMessages.en, infoMessages.en]] as [string, Record<string, unknown>[]],
      ),
      // News and announcements, with a filter's error and an empty result.
      ...[
        "/fil/news",
        "/fil/news/electricity-rates",
        "/fil/news/events-and-activities?month=1999-01",
        "/fil/news/supply-and-load-demand?q=walangganitongsalita",
        "/fil/news/advisories",
        "/fil/bids",
        "/fil/careers",
        ...itemPages,
      ].map((p) => [p, [shellMessages.en, newsMessages.en]] as [string, Record<string, unknown>[]]),
      // Service forms and the printable forms' pages.
      ["/fil/service/new-service-connection", [shellMessages.en, serviceMessages.en, formMessages.en]],
      ["/fil/service/request-complaint", [shellMessages.en, serviceMessages.en]],
      ["/fil/service/request-complaint/wiring-job-order", [shellMessages.en, serviceMessages.en]],
    ];
    for (const [page, catalogs] of pages) {
      const res = await get(page);
      // Staff-written content (gallery captions, advisories) is not interface: it has its own language.
      const text = res.body
        .replace(/<script[\s\S]*?<\/script>/g, " ")
        .replace(/<figcaption[\s\S]*?<\/figcaption>/g, " ")
        // Staff-written text marked as English (the offices' names) is content too.
        .replace(/<(tbody|div|section|article)[^>]*\slang="en"[^>]*>[\s\S]*?<\/\1>/g, " ")
        .replace(/<[^>]+>/g, "\n")
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&amp;/g, "&");
      const lines = new Set(
        text
          .split("\n")
          .map((l) => l.trim())
          .filter(Boolean),
      );
      const english = catalogs.flatMap((c) =>
        Object.values(c).filter((v): v is string => typeof v === "string" && v.trim().length > 3 && !BORROWED.has(v)),
      );
      const left = english.filter((e) => lines.has(e.trim()));
      expect(left, page).toEqual([]);
    }
  });
});

describe("negotiation at / only", () => {
  test("Accept-Language fil or tl: an uncached 302 to /fil/", async () => {
    for (const al of ["fil", "tl-PH,tl;q=0.9", "fil-PH,fil;q=0.9,en;q=0.8"]) {
      const res = await get("/", { "accept-language": al });
      expect(res.statusCode, al).toBe(302);
      expect(res.headers.location).toBe("/fil/");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(String(res.headers.vary)).toMatch(/Accept-Language/);
    }
  });

  test("the cookie wins over the header, both ways", async () => {
    const en = await get("/", { "accept-language": "fil", cookie: "lang=en" });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en"');
    const fil = await get("/", { "accept-language": "en", cookie: "lang=fil" });
    expect(fil.statusCode).toBe(302);
    expect(fil.headers.location).toBe("/fil/");
  });

  test("English / says what it varies by, even from the cache", async () => {
    const first = await get("/", { "accept-language": "en" });
    const second = await get("/", { "accept-language": "en" });
    expect(second.headers["x-cache"]).toBe("HIT");
    for (const r of [first, second]) expect(String(r.headers.vary)).toMatch(/Accept-Language, Cookie/);
    // A Filipino first visit after English ones is still sent on: the cache is not asked first.
    expect((await get("/", { "accept-language": "tl" })).statusCode).toBe(302);
  });

  test("no other path negotiates: its language is its path", async () => {
    const rates = await get("/rates", { "accept-language": "fil", cookie: "lang=fil" });
    expect(rates.statusCode).toBe(200);
    expect(rates.body).toContain('<html lang="en"');
    const filRates = await get("/fil/rates", { "accept-language": "en", cookie: "lang=en" });
    expect(filRates.body).toContain('<html lang="fil"');
  });

  test("the cache keeps each language under its own path", async () => {
    await get("/fil/news/power-interruptions");
    const en = await get("/news/power-interruptions");
    const fil = await get("/fil/news/power-interruptions");
    expect(fil.headers["x-cache"]).toBe("HIT");
    expect(en.body).toContain(`<h1>${interruptionMessages.en["pi.title"]}</h1>`);
    expect(fil.body).toContain(`<h1>${interruptionMessages.fil["pi.title"]}</h1>`);
  });
});

describe("the language switch", () => {
  test("every page links to itself in the other language, as a plain link", async () => {
    const fil = await get("/fil/news/power-interruptions");
    expect(fil.body).toContain('href="/language/en?to=%2Fnews%2Fpower-interruptions"');
    const en = await get("/rates");
    expect(en.body).toContain('href="/language/fil?to=%2Frates"');
  });

  test("it remembers the choice and goes to the same page in that language", async () => {
    const res = await get("/language/fil?to=%2Frates");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/fil/rates");
    expect(String(res.headers["set-cookie"])).toMatch(/^lang=fil; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const back = await get("/language/en?to=%2Ffil%2Frates");
    expect(back.headers.location).toBe("/rates");
  });

  test("it never sends anyone off the site", async () => {
    for (const to of ["//evil.example", "https://evil.example", "/\\evil.example", "evil", "%2F%2Fevil.example"]) {
      const res = await get(`/language/fil?to=${encodeURIComponent(to)}`);
      expect(res.statusCode, to).toBe(303);
      expect(res.headers.location, to).toBe("/fil/");
    }
    expect((await get("/language/xx?to=/")).statusCode).toBe(404);
  });
});

describe("forms in Filipino", () => {
  test("the bill inquiry's errors are in Filipino beside the field, what was typed kept", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/fil/service/bill-inquiry",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "accountNumber=12-34&altcha=",
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(billMessages.fil["bill.accountHint"]);
    expect(res.body).toContain(formMessages.fil["form.captcha.missing"]);
    expect(res.body).toContain('value="12-34"');
    expect(res.body).toContain('<html lang="fil"');
  });

  test("the English bill inquiry keeps the specification's hint word for word", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/service/bill-inquiry",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "accountNumber=x&altcha=",
    });
    expect(res.body).toContain("Please enter your Account Number.");
  });

  test("the new connection form's errors are in Filipino beside each field, what was typed kept, on the Filipino page", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/fil/service/new-service-connection",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ lastName: "Dela Cruz", firstName: "", age: "12", tin: "abc", occupation: "Mangingisda" }).toString(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('<html lang="fil"');
    for (const key of ["nsc.error.firstName", "nsc.error.address", "nsc.error.gender", "nsc.error.tin", "nsc.error.dateOfBirth"] as const)
      expect(res.body, key).toContain(serviceMessages.fil[key]);
    expect(res.body).toContain(formMessages.fil["form.problem"]);
    expect(res.body).toContain('value="Dela Cruz"');
    expect(res.body).toContain('value="Mangingisda"');
    expect(res.body).not.toContain(serviceMessages.en["nsc.error.firstName"]);
  });

  test("a Filipino pre-registration lands on its summary in Filipino; the English one stays English", async () => {
    const today = new Date();
    const age = today.getFullYear() - 1990 - (today.getMonth() === 0 && today.getDate() < 2 ? 1 : 0);
    const form = new URLSearchParams({
      lastName: "Santos",
      firstName: "Maria",
      address: "Poblacion, Bani",
      dateOfBirth: "1990-01-02",
      age: String(age),
      gender: "Female",
      civilStatus: "Married",
      contactNumbers: "0917 123 4567",
      educationalAttainment: "Tertiary",
      occupation: "Guro",
      dependents: "2",
    }).toString();
    const post = (url: string) =>
      t.app.inject({ method: "POST", url, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: form });
    const fil = await post("/fil/service/new-service-connection");
    expect(fil.statusCode, fil.body.slice(0, 300)).toBe(302);
    expect(fil.headers.location).toMatch(/^\/fil\/service\/new-service-connection\/[A-Za-z0-9_-]{27}$/);
    const summary = await get(fil.headers.location as string);
    expect(summary.statusCode).toBe(200);
    expect(summary.body).toContain('<html lang="fil"');
    expect(summary.body).toContain(serviceMessages.fil["sum.heading"]);
    expect(summary.body).toContain("Natanggap na namin ang inyong pre-registration.");
    // The stored choices are shown in Filipino; the date from Intl.
    expect(summary.body).toContain(serviceMessages.fil["nsc.option.Married"]);
    expect(summary.body).toContain("Enero 2, 1990");
    const english = await post("/service/new-service-connection");
    expect(english.headers.location).toMatch(/^\/service\/new-service-connection\//);
    const englishSummary = await get(english.headers.location as string);
    expect(englishSummary.body).toContain("We have received your pre-registration.");
    expect(englishSummary.body).toContain("January 2, 1990");
  });

  test("the news filter's error is in Filipino beside the field", async () => {
    const res = await get("/fil/news/electricity-rates?month=1999-01");
    expect(res.body).toContain(newsMessages.fil["news.filter.monthError"]({ year: FIRST_RATE_YEAR }));
    expect(res.body).toContain('action="/fil/news/electricity-rates"');
  });

  test("the rates estimator's error is in Filipino, numbers grouped by the locale", async () => {
    const res = await get("/fil/rates?kwh=abc");
    expect(res.body).toContain("Ilagay ang nagamit na kWh bilang numerong higit sa 0 at hindi lalampas sa ");
  });
});

describe("policies hold under /fil/", () => {
  test("a personal page under /fil/ is as private as in English", async () => {
    const res = await get("/fil/alerts/manage/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(String(res.headers["cache-control"])).toMatch(/no-store/);
  });
});

test("the glossary exists and the catalogs use its terms", () => {
  const glossary = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/glossary-filipino.md"), "utf8");
  for (const term of ["brownout", "member-consumer-owner", "bill", "metro"]) expect(glossary.toLowerCase()).toContain(term);
});

test("the sitemap lists each page in both languages with xhtml:link alternates", async () => {
  const res = await get("/sitemap.xml");
  expect(res.statusCode).toBe(200);
  const xml = res.body;
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>[^<]+<\/lastmod>)?((?:<xhtml:link [^>]+\/>)*)<\/url>/g)].map(
    (m) => ({
      loc: new URL(m[1]!).pathname,
      alternates: [...m[2]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((a) => [a[1], new URL(a[2]!).pathname]),
    }),
  );
  const byLoc = new Map(entries.map((e) => [e.loc, e]));
  for (const path of ["/rates", "/news/power-interruptions", "/"]) {
    const fil = path === "/" ? "/fil/" : `/fil${path}`;
    const expected = [
      ["en", path],
      ["fil", fil],
      ["x-default", path],
    ];
    expect(byLoc.get(path)?.alternates, path).toEqual(expected);
    expect(byLoc.get(fil)?.alternates, fil).toEqual(expected);
  }
  // Every Filipino URL the sitemap lists is a page.
  for (const e of entries.filter((x) => x.loc.startsWith("/fil/")).slice(0, 40)) expect((await get(e.loc)).statusCode, e.loc).toBe(200);
});
