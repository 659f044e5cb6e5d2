/**
 * The leftovers a review found English on translated pages, each caught here had it stayed:
 * the report form's question and its answers, its "already known / this is mine too" part,
 * the rates page's component names, units, generation columns, bill lines and month error,
 * and the alerts' daily confirmation limits and the "wait a minute" for a new SMS code.
 * Text the page marks `lang="en"` on purpose (a charge's name as the paper bill prints it)
 * is left out of the comparison; everything else must not be an English string of the
 * catalogs or of the modules' English lists.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PRINTABLE_FORMS } from "../../app/content/printable-forms";
import { formLines, PRINTABLE_FORMS_FIL } from "../../app/content/printable-forms-fil";
import { alertMessages } from "../../app/messages/alerts";
import { CAPTCHA_WIDGET_FIL, formMessages } from "../../app/messages/forms";
import { rateMessages } from "../../app/messages/rates";
import { reportMessages } from "../../app/messages/reports";
import { shellMessages } from "../../app/messages/shell";
import { barangays, bills, newsCategories } from "../../db/schema";
import { CONFIRMATIONS_PER_DAY } from "../../modules/alerts/confirmation-limits.server";
import { CONSENT_TEXTS } from "../../modules/alerts/messages";
import { subscribeConfirmed } from "../../modules/alerts/subscriptions.server";
import { SURVEY_RATINGS } from "../../modules/members/survey-options";
import { GENERATION_COLUMNS, parseRateMonth } from "../../modules/rates/model";
import { SCHEDULE_COMPONENTS, UNIT_LABELS } from "../../modules/rates/schedule";
import { fileReport } from "../../modules/reports/queries.server";
import { FIRST_RATE_YEAR } from "../../modules/shared/constants";
import { translate } from "../../modules/shared/i18n";
import { demoAccountNumber } from "../../seed/accounts";
import { register, Visitor } from "../portal/helpers";
import type { TestApp } from "../support/app";
import { createMessagingApp, type MessagingApp } from "../support/messaging-app";
import { EXAMPLES, routePatterns } from "../support/public-pages";
import { englishLeft } from "./english-left";
import { ALLOWED, catalogEnglish, englishOnPage, filipinoPageLines } from "./english-lines";

let t: TestApp;
let app: MessagingApp | undefined;
beforeAll(async () => {
  app = await createMessagingApp();
  ({ t } = app);
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string) => t.app.inject({ method: "GET", url });
const post = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80", "x-forwarded-for": "198.18.3.1" },
    payload: new URLSearchParams(fields).toString(),
  });

/** The page's text lines, without scripts and without what it marks as English on purpose. */

describe("the report form in Filipino", () => {
  test("the question is asked in Filipino, and the English page still asks it in English", async () => {
    const fil = await get("/fil/report?kind=no-power&barangay=1");
    expect(fil.statusCode).toBe(200);
    expect(fil.body).not.toMatch(/What is \w+ plus \w+\?/);
    expect(fil.body).toMatch(
      /Ano ang kabuuan ng (isa|dalawa|tatlo|apat|lima|anim|pito|walo|siyam) at \w+\? Isulat ang sagot bilang numero\./,
    );
    const en = await get("/report?kind=no-power&barangay=1");
    expect(en.body).toMatch(/What is \w+ plus \w+\? Write the answer in digits\./);
  });

  test("a wrong answer and a missing check are told in Filipino", async () => {
    const db = t.db.handle.db;
    const [b] = await db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Bani")).limit(1);
    const page = await get(`/fil/report?kind=no-power&barangay=${b!.id}`);
    const token = /name="questionToken" value="([^"]+)"/.exec(page.body)![1]!;
    const fields = { intent: "report", kind: "no-power", barangayId: String(b!.id), landmark: "sa tabi ng kapilya" };
    const wrong = await post("/fil/report", { ...fields, questionToken: token, questionAnswer: "99" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain(reportMessages.fil["report.captcha.wrong"]);
    const none = await post("/fil/report", fields);
    expect(none.body).toContain(reportMessages.fil["report.captcha.missing"]);
    for (const res of [wrong, none]) expect(englishLeft(res.body, [shellMessages.en, formMessages.en, reportMessages.en])).toEqual([]);
    // The check sees the English where it is.
    const english = await post("/report", fields);
    expect(englishLeft(english.body, [reportMessages.en])).toContain(reportMessages.en["report.captcha.missing"]);
  });

  test("the report form's field messages are told in Filipino, beside each field, with what was typed kept", async () => {
    const bad = await post("/fil/report", {
      intent: "report",
      kind: "",
      barangayId: "",
      landmark: "x",
      accountNumber: "123",
      mobile: "12",
    });
    expect(bad.statusCode).toBe(422);
    for (const key of [
      "report.field.kind",
      "report.field.barangay",
      "report.field.landmark",
      "report.field.account",
      "report.field.mobile",
    ] as const)
      expect(bad.body).toContain(reportMessages.fil[key]);
    expect(englishLeft(bad.body, [shellMessages.en, formMessages.en, reportMessages.en])).toEqual([]);
    expect(bad.body).toContain('value="123"');
    const english = await post("/report", {
      intent: "report",
      kind: "",
      barangayId: "",
      landmark: "x",
      accountNumber: "123",
      mobile: "12",
    });
    expect(english.body).toContain(reportMessages.en["report.field.account"]);
  });

  test("the reports already known in a barangay, and 'this is mine too', are in Filipino", async () => {
    const db = t.db.handle.db;
    const [b] = await db.select({ id: barangays.id, name: barangays.name }).from(barangays).where(eq(barangays.town, "Agno")).limit(1);
    const filed = await fileReport(db, {
      kind: "no-power",
      barangayId: b!.id,
      landmark: "malapit sa paaralan",
      details: "",
      accountNumber: "",
      mobile: "",
    });
    const known = await get(`/fil/report?kind=no-power&barangay=${b!.id}`);
    expect(known.body).toContain(translate(reportMessages, "fil", "report.known.title", { barangay: b!.name }));
    const mine = await get(`/fil/report?kind=no-power&barangay=${b!.id}&mine=${filed.incidentId}`);
    expect(mine.body).toContain(reportMessages.fil["report.mine.add"]);
    const english = [
      translate(reportMessages, "en", "report.known.title", { barangay: b!.name }),
      "Received",
      "This is mine too",
      "1 report",
    ];
    for (const res of [known, mine]) {
      expect(englishLeft(res.body, [shellMessages.en, reportMessages.en, english])).toEqual([]);
      expect(res.body).not.toMatch(/ · (near|last) |Received · |\d reports?\b/);
    }
    const en = await get(`/report?kind=no-power&barangay=${b!.id}`);
    expect(englishLeft(en.body, [english])).toContain("This is mine too");
  });
});

describe("the rates page in Filipino", () => {
  const componentNames = SCHEDULE_COMPONENTS.map((c) => c.label);
  const moduleEnglish = [
    ...componentNames,
    ...GENERATION_COLUMNS.map((c) => c.label),
    ...Object.values(UNIT_LABELS),
    ...SCHEDULE_COMPONENTS.map((c) => `VAT on ${c.label.toLowerCase()}`),
    "Lifeline discount",
    "Senior citizen discount",
  ];

  test("each component has a Filipino name of its own", () => {
    for (const c of SCHEDULE_COMPONENTS) {
      expect(c.fil.trim(), c.code).not.toBe("");
      expect(c.fil, c.code).not.toBe(c.label);
    }
    for (const c of GENERATION_COLUMNS) expect(c.fil, c.key).not.toBe(c.label);
  });

  test("the schedule, the generation table and the estimator's lines name the charges in Filipino, the bill's name beside them", async () => {
    // Small uses, so that each discount applies and its line shows.
    for (const [kwh, discount] of [
      ["150", "none"],
      ["80", "senior"],
      ["20", "lifeline"],
    ] as const) {
      const res = await get(`/fil/rates?kwh=${kwh}&discount=${discount}`);
      const html = res.body.replaceAll("<!-- -->", "");
      expect(res.statusCode).toBe(200);
      expect(englishLeft(res.body, [shellMessages.en, rateMessages.en, moduleEnglish]), discount).toEqual([]);
      for (const c of SCHEDULE_COMPONENTS.filter((x) => x.code === "generation" || x.code === "system_loss")) {
        expect(html.includes(c.fil), c.fil).toBe(true);
        // The paper bill's English name, marked as English, for the member to match the bill.
        expect(html.includes(`(${c.label})</span>`), c.label).toBe(true);
      }
    }
    // The check sees English where there is English.
    expect((await get("/fil/rates?kwh=80&discount=senior")).body).toContain("Diskwento ng senior citizen");
    const en = await get("/rates?kwh=80&discount=senior");
    expect(englishLeft(en.body, [moduleEnglish])).toEqual(expect.arrayContaining(["Generation charge", "Senior citizen discount"]));
  });

  test("a month it cannot read is said in Filipino", async () => {
    const res = await get("/fil/rates?year=1990&month=13");
    const english = parseRateMonth(new URLSearchParams("year=1990&month=13")).error!;
    expect(res.body).not.toContain(english.slice(0, 30));
    expect(res.body).toContain(
      translate(rateMessages, "fil", "rates.month.error", {
        year: true,
        month: true,
        first: FIRST_RATE_YEAR,
        last: parseRateMonth(new URLSearchParams()).year,
      }),
    );
    // The English page says what the module says.
    expect((await get("/rates?year=1990&month=13")).body.replace(/&#x27;/g, "'")).toContain(english);
  });
});

describe("the alerts' limits in Filipino", () => {
  test("the day's confirmation limit for an e-mail address and a number, and the minute between codes", async () => {
    const email = "limit-fil@example.test";
    for (let i = 0; i < CONFIRMATIONS_PER_DAY; i++)
      expect((await post("/fil/alerts", { area: "Bani", consent: "on", email })).statusCode).toBe(302);
    const refused = await post("/fil/alerts", { area: "Bani", consent: "on", email });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(translate(alertMessages, "fil", "alerts.error.tooMany.email", { n: CONFIRMATIONS_PER_DAY }));
    const tooMany = [
      translate(alertMessages, "en", "alerts.error.tooMany.email", { n: CONFIRMATIONS_PER_DAY }),
      translate(alertMessages, "en", "alerts.error.tooMany.sms", { n: CONFIRMATIONS_PER_DAY }),
    ];
    expect(englishLeft(refused.body, [shellMessages.en, formMessages.en, alertMessages.en, tooMany])).toEqual([]);
    expect(refused.body).toContain(`value="${email}"`);

    const mobile = "0917 555 0402";
    let manage = "";
    for (let i = 0; i < CONFIRMATIONS_PER_DAY; i++) {
      const made = await post("/fil/alerts", { area: "Bani", consent: "on", mobile });
      expect(made.statusCode).toBe(302);
      manage = made.headers.location!.split("?")[0]!;
    }
    const smsRefused = await post("/fil/alerts", { area: "Bani", consent: "on", mobile });
    expect(smsRefused.statusCode).toBe(429);
    expect(smsRefused.body).toContain(translate(alertMessages, "fil", "alerts.error.tooMany.sms", { n: CONFIRMATIONS_PER_DAY }));
    expect(englishLeft(smsRefused.body, [alertMessages.en, tooMany])).toEqual([]);

    // A new code asked for at once: the minute's wait, then (the day's codes spent) the limit, in Filipino.
    const wait = await post(manage, { intent: "resend-sms" });
    expect(wait.statusCode).toBe(429);
    expect(wait.body).toMatch(/Kapapadala lang|segundo/);
    expect(englishLeft(wait.body, [alertMessages.en, tooMany])).toEqual([]);
    expect(wait.body).not.toMatch(/We just sent a code|We have already sent/);

    // The English page keeps the English words.
    const en = await post("/alerts", { area: "Bani", consent: "on", email });
    expect(en.body).toContain(tooMany[0]);
  });
});

/**
 * Every /fil/ route of the route table, each page behind a parameter with a real example (the
 * sitemap's items, every printable form, a member's own pages signed in, a report's status, an
 * alert subscription's page), and the captcha's own words: no English interface string of the
 * catalogs standing as a line, and no line reading as English, outside what the page marks
 * `lang="en"` and says is English. Prints how many routes and addresses were checked and what
 * was found, with the words allowed as they are (./borrowed.ts).
 */
describe("every Filipino page", () => {
  test("no English left on any /fil/ route, the printable forms and the captcha included", async () => {
    const db = t.db.handle.db;
    const catalogs = await Promise.all(
      fs
        .readdirSync(path.resolve(import.meta.dirname, "../../app/messages"))
        .filter((f) => f.endsWith(".ts"))
        .map(async (f) => Object.values(await import(`../../app/messages/${f}`)).filter(isCatalog)),
    );
    const english = catalogEnglish(catalogs.flat());

    const patterns = [...new Set(routePatterns())].filter((p) => p === "fil" || p.startsWith("fil/"));
    const addresses = new Map<string, string[]>(patterns.map((p) => [p, []]));
    for (const p of patterns) if (!p.includes(":")) addresses.get(p)!.push(`/${p}`);
    // Items behind parameters: the sitemap's (two of each), in Filipino.
    const sitemap = (await get("/sitemap.xml")).body;
    for (const m of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const bare = new URL(m[1]!.replace(/&amp;/g, "&")).pathname;
      const fil = bare.startsWith("/fil") ? bare : `/fil${bare}`;
      const pattern = patternOf(fil, patterns);
      if (pattern?.includes(":") && addresses.get(pattern)!.length < 2) addresses.get(pattern)!.push(fil);
    }
    for (const form of PRINTABLE_FORMS)
      addresses.get("fil/service/request-complaint/:form")!.push(`/fil/service/request-complaint/${form.slug}`);
    for (const [pattern, example] of Object.entries(EXAMPLES)) {
      const fil = pattern.startsWith("fil/") ? pattern : `fil/${pattern}`;
      if (addresses.get(fil)?.length === 0) addresses.get(fil)!.push(example.startsWith("/fil/") ? example : `/fil${example}`);
    }
    const [category] = await db.select({ tag: newsCategories.tag }).from(newsCategories).limit(1);
    if (addresses.get("fil/news/:tag")!.length === 0)
      addresses.get("fil/news/:tag")!.push(`/fil/news/${category?.tag ?? "no-such-category"}`);
    // A report's status page and an alert subscription's pages, from real rows.
    const [b] = await db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Dasol")).limit(1);
    const filed = await fileReport(db, {
      kind: "no-power",
      barangayId: b!.id,
      landmark: "tabi ng simbahan",
      details: "",
      accountNumber: "",
      mobile: "",
    });
    addresses.get("fil/report/status/:token")!.push(`/fil/report/status/${filed.statusToken}`);
    const { manageToken } = await subscribeConfirmed(db, {
      town: "Dasol",
      channel: "email",
      address: "miyembro.dasol@example.ph",
      consentText: CONSENT_TEXTS.fil,
      language: "fil",
    });
    addresses.get("fil/alerts/manage/:token")!.push(`/fil/alerts/manage/${manageToken}`);
    addresses.get("fil/alerts/manage/:token/stop")!.push(`/fil/alerts/manage/${manageToken}/stop`);
    addresses.get("fil/alerts/confirm/:token")!.push("/fil/alerts/confirm/not-a-real-token");
    addresses.get("fil/pay/:reference")!.push("/fil/pay/PAY-NO-SUCH-ONE");
    // A member's own pages, signed in.
    const member = new Visitor(t);
    const account = demoAccountNumber(5, 1);
    await register(member, app!.sms, account);
    const [bill] = await db.select({ n: bills.billNumber }).from(bills).where(eq(bills.accountNumber, account)).limit(1);
    const memberOnly = new Set<string>();
    for (const [pattern, path] of [
      ["fil/mco", "/fil/mco"],
      ["fil/mco/my-data", "/fil/mco/my-data"],
      ["fil/mco/passkeys", "/fil/mco/passkeys"],
      ["fil/mco/sign-out", "/fil/mco/sign-out"],
      ["fil/mco/accounts/:account", `/fil/mco/accounts/${account}`],
      ["fil/mco/accounts/:account/bills/:bill", `/fil/mco/accounts/${account}/bills/${encodeURIComponent(bill!.n)}`],
      ["fil/mco/accounts/:account/bills/:bill/pay", `/fil/mco/accounts/${account}/bills/${encodeURIComponent(bill!.n)}/pay`],
    ] as const) {
      addresses.set(pattern, [path]);
      memberOnly.add(path);
    }

    // The survey's answers stay as the specification writes them, in both languages (its own test says so).
    const allowed = new Set([...ALLOWED, ...SURVEY_RATINGS.flatMap((r) => r.options)]);
    const unchecked = [...addresses].filter(([, list]) => list.length === 0).map(([p]) => p);
    expect(unchecked, "every /fil/ route has an address to check").toEqual([]);
    const found: string[] = [];
    let pages = 0;
    for (const list of addresses.values())
      for (const address of list) {
        const res = memberOnly.has(address) ? await member.get(address) : await get(address);
        if (res.statusCode >= 300 && res.statusCode < 400) continue; // a redirect: its target is a route of its own
        expect(String(res.headers["content-type"]), address).toMatch(/^text\/html/);
        expect(res.body, address).toMatch(/<html lang="fil"/);
        pages++;
        for (const line of englishOnPage(res.body, english, allowed)) found.push(`${address}: ${line}`);
        // The words the review found left, wherever they stand on the page (not marked as English).
        const lines = filipinoPageLines(res.body);
        for (const words of NAMED_LEFTOVERS)
          if (lines.some((l) => (typeof words === "string" ? l === words : words.test(l)))) found.push(`${address}: ${words}`);
      }
    // Every line of every printable form has its Filipino (the sheet prints in the page's language).
    for (const form of PRINTABLE_FORMS)
      for (const line of formLines(form)) {
        const fil = PRINTABLE_FORMS_FIL.get(line);
        if (fil === undefined || (fil === line && !ALLOWED.has(line))) found.push(`printable form ${form.slug}: ${line}`);
      }
    // The captcha's own words (drawn by its script): every one of ALTCHA's English words has a Filipino one.
    await import("altcha/i18n/en");
    const altchaEnglish = (globalThis as { $altcha?: { i18n: { get(l: string): Record<string, string> } } }).$altcha!.i18n.get("en");
    for (const [key, words] of Object.entries(altchaEnglish)) {
      const fil = (CAPTCHA_WIDGET_FIL as Record<string, string>)[key];
      if (!fil || fil === words) found.push(`captcha ${key}: ${words}`);
    }
    console.info(
      `[figure] leftovers: ${patterns.length} /fil/ routes checked at ${pages} addresses, the captcha's ${Object.keys(altchaEnglish).length} words and ${PRINTABLE_FORMS.length} printable forms included; English strings found: ${found.length}`,
    );
    console.info(`[figure] words allowed as they are: ${[...allowed].join(", ")}`);
    for (const f of found) console.info(`[figure] English left: ${f}`);
    expect(found).toEqual([]);
  });
});

/** What the review of the Filipino pages found in English: each must be gone from every /fil/ page. */
const NAMED_LEFTOVERS: (string | RegExp)[] = [
  "Menu",
  "E-mail address",
  "Page not found",
  "Text message",
  "TOTAL",
  "Net Metering Customers",
  "Wholesale Electricity Spot Market",
  /\(Embedded\)/,
  /I'm not a robot|Protected by ALTCHA/,
];

const isCatalog = (v: unknown): v is { en: Record<string, unknown>; fil: Record<string, unknown> } =>
  typeof v === "object" && v !== null && "en" in v && "fil" in v;

/** The route pattern a concrete path matches (parameters match one segment; the fewest parameters win). */
function patternOf(path: string, patterns: string[]): string | undefined {
  const segs = path.split("/").filter(Boolean);
  return patterns
    .filter((p) => {
      const ps = p.split("/");
      return ps.length === segs.length && ps.every((s, i) => s.startsWith(":") || s === segs[i]);
    })
    .sort((a, b) => a.split(":").length - b.split(":").length)[0];
}
