/**
 * The interface languages: English (the default, unprefixed URLs) and Filipino (under
 * `/fil/`). Messages are typed dictionaries (app/messages/, docs/decisions/0023): every key
 * in both languages, checked by the compiler and by tests/i18n/catalogs.test.ts.
 * Pangasinan and Ilocano are content languages only (staff-written text), not interface ones.
 */
export const LOCALES = ["en", "fil"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The `Intl` locale of each interface language (dates, times, money, numbers). */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-PH", fil: "fil-PH" };

/** Each language's name in itself, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", fil: "Filipino" };

/** The cookie that remembers a visitor's choice (set by the language switch, read only at `/`). */
export const LOCALE_COOKIE = "lang";

const PREFIX = /^\/fil(?=\/|$)/i;

/** The interface language of a page, from its path. */
export function localeOfPath(pathname: string): Locale {
  return PREFIX.test(pathname) ? "fil" : "en";
}

/** The path without its language prefix: `/fil/rates` → `/rates`, `/fil` → `/`. */
export function stripLocale(pathname: string): string {
  return pathname.replace(PREFIX, "") || "/";
}

/** The same page in a language: `localePath("fil", "/rates")` → `/fil/rates`. */
export function localePath(locale: Locale, path: string): string {
  const bare = stripLocale(path);
  if (locale === "en") return bare;
  return bare === "/" ? "/fil/" : `/fil${bare}`;
}

/** A message: plain text, or a function of its parameters (numbers, names, plurals). */
export type Message = string | ((params: never) => string);

type Same<E> = { [K in keyof E]: E[K] extends (params: infer P) => string ? (params: P) => string : string };

/**
 * A catalog: the English messages and the Filipino ones, with exactly the same keys
 * (a missing or extra key is a compile error). Keys are namespaced (`home.title`) so that
 * tests/i18n/catalogs.test.ts can tell an unused one.
 */
export function defineMessages<const E extends Record<string, Message>>(catalog: { en: E; fil: Same<E> }): Catalog<E> {
  return catalog as Catalog<E>;
}
export type Catalog<E extends Record<string, Message>> = { en: E; fil: Same<E> };

export type Args<M> = M extends (params: infer P) => string ? [params: P] : [];

/** One message of a catalog in a language. */
export function translate<E extends Record<string, Message>, K extends keyof E & string>(
  catalog: Catalog<E>,
  locale: Locale,
  key: K,
  ...args: Args<E[K]>
): string {
  const message = (catalog[locale] as Record<string, Message>)[key] ?? (catalog.en as Record<string, Message>)[key];
  return typeof message === "function" ? (message as (p: unknown) => string)(args[0]) : (message as string);
}

/** A translator bound to a catalog and a language: `t("home.title")`. */
export function translator<E extends Record<string, Message>>(catalog: Catalog<E>, locale: Locale) {
  return <K extends keyof E & string>(key: K, ...args: Args<E[K]>) => translate(catalog, locale, key, ...args);
}
export type Translator<E extends Record<string, Message>> = ReturnType<typeof translator<E>>;

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The plural form of a count by the language's own rules (CLDR through `Intl`): Filipino
 * counts 1, 2, 3, 5, 7, 8, 10, 11… as "one" and 4, 6, 9, 14… as "other", unlike English.
 */
export function plural(locale: Locale, n: number, forms: { one: string; other: string }): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(INTL_LOCALE[locale])));
  const form = rules.select(n) === "one" ? forms.one : forms.other;
  return form.replace("#", formatNumber(n, locale));
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();
/** A number grouped as the language does: "12,345". */
export function formatNumber(n: number, locale: Locale = DEFAULT_LOCALE): string {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(INTL_LOCALE[locale])));
  return f.format(n);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
/**
 * Pesos as the language writes them: "₱1,234.50"; `digits` 4 for per-kWh rates. The one
 * money format of the pages (fil-PH and en-PH agree today; the platform decides).
 */
export function formatPeso(amount: number, locale: Locale = DEFAULT_LOCALE, digits = 2): string {
  const key = `${locale}:${digits}`;
  let f = moneyFormats.get(key);
  if (!f)
    moneyFormats.set(
      key,
      (f = new Intl.NumberFormat(INTL_LOCALE[locale], {
        style: "currency",
        currency: "PHP",
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })),
    );
  return f.format(amount);
}

/**
 * The language a first visit to `/` is sent to: the cookie's choice first, then the first
 * of Accept-Language's languages we have (Filipino for `fil` or `tl`, by quality).
 */
export function negotiateLocale(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  const chosen = cookieHeader
    ?.split(";")
    .map((c) => c.trim().split("="))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  if (chosen === "en" || chosen === "fil") return chosen;
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(",")
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag!.trim(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r) => r.tag && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (primary === "fil" || primary === "tl") return "fil";
    if (primary === "en") return "en";
  }
  return DEFAULT_LOCALE;
}
