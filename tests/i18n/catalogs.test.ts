/**
 * The message catalogs (app/messages/): both languages have exactly the same keys, every
 * key is used somewhere in the code (a namespaced key appears as a string literal), and the
 * language rules (plurals, paths, negotiation, formats) hold. The compiler already refuses a
 * missing key (defineMessages); this check also catches an unused one.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { formatDate, formatDateWithWeekday } from "../../modules/shared/dates";
import { formatPeso, localeOfPath, localePath, negotiateLocale, plural, stripLocale } from "../../modules/shared/i18n";
import { BORROWED } from "./borrowed";

const root = path.resolve(import.meta.dirname, "../..");
const messagesDir = path.join(root, "app/messages");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith("+") ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

const catalogs = await Promise.all(
  fs
    .readdirSync(messagesDir)
    .filter((f) => f.endsWith(".ts"))
    .map(async (file) => {
      const mod = (await import(path.join(messagesDir, file))) as Record<string, unknown>;
      const catalog = Object.values(mod).find((v): v is { en: Record<string, unknown>; fil: Record<string, unknown> } =>
        Boolean(v && typeof v === "object" && "en" in v && "fil" in v),
      );
      return { file, catalog: catalog! };
    }),
);

/** The code that may use a key: the pages, components and modules, without the catalogs themselves. */
const code = [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "modules"))]
  .map((f) => {
    const text = fs.readFileSync(f, "utf8");
    // A catalog file's own entries (`"key": …`) do not count as uses; its helper maps (`x: "key"`) do.
    return f.startsWith(messagesDir + path.sep) ? text.replace(/^\s*"[^"]+":/gm, "") : text;
  })
  .join("\n");

describe("message catalogs", () => {
  test.each(catalogs.map((c) => [c.file, c.catalog] as const))("%s: the same keys in English and Filipino, none empty", (_f, catalog) => {
    expect(catalog).toBeDefined();
    expect(Object.keys(catalog.fil).sort()).toEqual(Object.keys(catalog.en).sort());
    for (const lang of ["en", "fil"] as const)
      for (const [key, message] of Object.entries(catalog[lang])) {
        expect(typeof message === "string" || typeof message === "function", key).toBe(true);
        if (typeof message === "string") expect(message.trim().length, `${lang} ${key}`).toBeGreaterThan(0);
      }
  });

  test.each(catalogs.map((c) => [c.file, c.catalog] as const))("%s: every key is used in the code", (_f, catalog) => {
    const unused = Object.keys(catalog.en).filter((key) => !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });

  test("a Filipino message differs from the English one, or is a proper name or a borrowed word kept on purpose", () => {
    // Kept the same in both languages on purpose (names, acronyms, words Filipino uses as is).
    const untranslated = catalogs.flatMap(({ catalog }) =>
      Object.entries(catalog.en)
        .filter(([key, en]) => typeof en === "string" && en === catalog.fil[key] && !BORROWED.has(en))
        .map(([key]) => key),
    );
    expect(untranslated).toEqual([]);
  });
});

describe("language rules", () => {
  test("Filipino plurals follow CLDR through Intl, not English", () => {
    const forms = { one: "one", other: "other" };
    expect([1, 2, 3, 4, 5, 6, 9, 10, 11, 14].map((n) => plural("fil", n, forms))).toEqual([
      "one",
      "one",
      "one",
      "other",
      "one",
      "other",
      "other",
      "one",
      "one",
      "other",
    ]);
    expect([1, 2, 3].map((n) => plural("en", n, forms))).toEqual(["one", "other", "other"]);
    expect(plural("en", 12345, { one: "# day", other: "# days" })).toBe("12,345 days");
  });

  test("paths: English unprefixed, Filipino under /fil/", () => {
    expect(localeOfPath("/fil/rates")).toBe("fil");
    expect(localeOfPath("/fil")).toBe("fil");
    expect(localeOfPath("/filipino")).toBe("en");
    expect(localeOfPath("/rates")).toBe("en");
    expect(stripLocale("/fil/rates")).toBe("/rates");
    expect(stripLocale("/fil")).toBe("/");
    expect(localePath("fil", "/rates")).toBe("/fil/rates");
    expect(localePath("fil", "/")).toBe("/fil/");
    expect(localePath("en", "/fil/rates")).toBe("/rates");
  });

  test("negotiation: the cookie wins, then Accept-Language by quality (fil or tl)", () => {
    expect(negotiateLocale(undefined, "fil-PH,fil;q=0.9,en;q=0.8")).toBe("fil");
    expect(negotiateLocale(undefined, "tl")).toBe("fil");
    expect(negotiateLocale(undefined, "en-US,en;q=0.9,fil;q=0.8")).toBe("en");
    expect(negotiateLocale(undefined, "ja, tl;q=0.5")).toBe("fil");
    expect(negotiateLocale(undefined, "fil;q=0")).toBe("en");
    expect(negotiateLocale("lang=en", "fil")).toBe("en");
    expect(negotiateLocale("a=1; lang=fil", "en")).toBe("fil");
    expect(negotiateLocale(undefined, undefined)).toBe("en");
  });

  test("dates and money from the platform in fil-PH", () => {
    const d = new Date("2025-07-15T02:00:00Z");
    expect(formatDateWithWeekday(d, "fil")).toBe("Martes, Hulyo 15, 2025");
    expect(formatDate(d, "fil")).toBe("Hulyo 15, 2025");
    expect(formatDate(d)).toBe("July 15, 2025");
    expect(formatPeso(12345.5, "fil")).toBe("₱12,345.50");
    expect(formatPeso(10.1234, "en", 4)).toBe("₱10.1234");
  });
});

describe("the catalogs agree with the lists the console and the database use", () => {
  test("the new connection checklist and choices: the English catalog is the module's list, word for word", async () => {
    const { CONNECTION_CHECKLIST, GENDERS, CIVIL_STATUSES, EDUCATIONAL_ATTAINMENTS } = await import(
      "../../modules/members/connection-options"
    );
    const { serviceMessages, CONNECTION_DOC_KEYS, CONNECTION_OPTION_KEYS } = await import("../../app/messages/service");
    expect(CONNECTION_DOC_KEYS.map((k) => serviceMessages.en[k])).toEqual([...CONNECTION_CHECKLIST]);
    for (const value of [...GENDERS, ...CIVIL_STATUSES, ...EDUCATIONAL_ATTAINMENTS])
      expect(serviceMessages.en[CONNECTION_OPTION_KEYS[value]], value).toBe(value);
  });

  test("the news kinds' English titles are the constants the console shows", async () => {
    const { NEWS_KIND_TITLES, NEWS_KINDS } = await import("../../modules/shared/constants");
    const { newsMessages, NEWS_KIND_KEYS } = await import("../../app/messages/news");
    for (const kind of NEWS_KINDS) expect(newsMessages.en[NEWS_KIND_KEYS[kind]]).toBe(NEWS_KIND_TITLES[kind]);
  });
});
