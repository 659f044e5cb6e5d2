/**
 * Staff-written content in more languages than English: an advisory, a bid, a news item or a
 * power interruption notice may carry Filipino, Pangasinan and Ilocano versions of its
 * human-written fields (decision 0030). They live in the item's own row (a `translations`
 * jsonb column), so a save, a revision, a restore and a scheduled publication carry them with
 * the English; each editor reads them from its form with readTranslations and the pages pick
 * the visitor's version with inLanguage. The interface itself is English and Filipino only.
 */
import { toPlainText, toStoredHtml } from "../shared/html";

/** The languages staff may write content in besides English, in the order the editors show them. */
export const CONTENT_LANGUAGES = ["fil", "pag", "ilo"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export type ItemLanguage = "en" | ContentLanguage;

/** Each language's name in English (the console) and in Filipino (the /fil/ pages); the self-name is what a link to it says. */
export const LANGUAGE_NAMES: Record<ItemLanguage, { en: string; fil: string; self: string }> = {
  en: { en: "English", fil: "Ingles", self: "English" },
  fil: { en: "Filipino", fil: "Filipino", self: "Filipino" },
  pag: { en: "Pangasinan", fil: "Pangasinan", self: "Pangasinan" },
  ilo: { en: "Ilocano", fil: "Ilokano", self: "Ilokano" },
};

export const isContentLanguage = (v: unknown): v is ContentLanguage => CONTENT_LANGUAGES.includes(v as ContentLanguage);

/** One language's version: field name → text (stored HTML for a rich field). */
export type Translation = Record<string, string>;
export type Translations = Partial<Record<ContentLanguage, Translation>>;

/** A field that has versions in other languages; rich ones are stored as sanitized HTML, as the English is. */
export interface TranslatedField {
  name: string;
  label: string;
  rich: boolean;
  max: number;
  /** Plain text of several lines (an address and its hours): a text area rather than a line. */
  multiline?: boolean;
}

/** An advisory's, bid's or news item's title and text may be written in each language. */
export const TITLE_AND_BODY: readonly TranslatedField[] = [
  { name: "title", label: "Title", rich: false, max: 300 },
  { name: "body", label: "Text", rich: true, max: 50_000 },
];

/** An about-us text (company profile, mission, vision, core values) may be written in each language. */
export const ABOUT_TRANSLATED: readonly TranslatedField[] = [{ name: "content", label: "Text", rich: true, max: 50_000 }];

/** A gallery picture's caption and alternative text may be written in each language. */
export const GALLERY_TRANSLATED: readonly TranslatedField[] = [
  { name: "caption", label: "Caption", rich: false, max: 200 },
  { name: "alt", label: "Alternative text", rich: false, max: 300 },
];

/** A job posting's title and details may be written in each language. */
export const CAREER_TRANSLATED: readonly TranslatedField[] = [
  { name: "jobTitle", label: "Job title", rich: false, max: 300 },
  { name: "body", label: "Details and requirements", rich: true, max: 50_000 },
];

/** A place to pay's name and details ("Where to pay") may be written in each language. */
export const PAYMENT_PLACE_TRANSLATED: readonly TranslatedField[] = [
  { name: "name", label: "Name", rich: false, max: 200 },
  { name: "details", label: "Details", rich: false, max: 1000, multiline: true },
];

/** A power interruption's activities (what work, why the power goes off) may be written in each language. */
export const INTERRUPTION_TRANSLATED: readonly TranslatedField[] = [{ name: "activities", label: "Activities", rich: true, max: 5000 }];

/** The form's (and a revision snapshot's) name of a field's version: `fil.title`. */
export const translationKey = (lang: ContentLanguage, field: string) => `${lang}.${field}`;

/** True when the text (maybe HTML) says nothing. */
const blank = (v: string | undefined) => !v || !toPlainText(v);

/**
 * The versions typed in a form, checked: a language left empty has no version; a language
 * with anything typed must fill every field the English fills (a Filipino title without its
 * text would show half an item). Errors are keyed by the form name (`fil.body`).
 */
export function readTranslations(
  form: Record<string, unknown>,
  fields: readonly TranslatedField[],
  english: Record<string, string | null | undefined>,
  errors: Record<string, string>,
): Translations {
  const out: Translations = {};
  for (const lang of CONTENT_LANGUAGES) {
    const version: Translation = {};
    for (const f of fields) {
      const raw = form[translationKey(lang, f.name)];
      const text = typeof raw === "string" ? raw : "";
      const v = f.rich ? toStoredHtml(text) : text.trim();
      if (v) version[f.name] = v;
    }
    if (!Object.keys(version).length) continue;
    for (const f of fields) {
      const key = translationKey(lang, f.name);
      const v = version[f.name];
      if (blank(v) && !blank(english[f.name] ?? ""))
        errors[key] =
          `Fill in the ${LANGUAGE_NAMES[lang].en} ${f.label.toLowerCase()} too, or empty the ${LANGUAGE_NAMES[lang].en} version.`;
      else if (v && v.length > f.max)
        errors[key] = `The ${LANGUAGE_NAMES[lang].en} ${f.label.toLowerCase()} may be at most ${f.max} characters.`;
    }
    out[lang] = version;
  }
  return out;
}

/** The stored column's value as Translations (anything malformed is left out). */
export function storedTranslations(value: unknown): Translations {
  const out: Translations = {};
  if (!value || typeof value !== "object") return out;
  for (const lang of CONTENT_LANGUAGES) {
    const v = (value as Record<string, unknown>)[lang];
    if (!v || typeof v !== "object") continue;
    const version: Translation = {};
    for (const [k, text] of Object.entries(v as Record<string, unknown>)) if (typeof text === "string" && text) version[k] = text;
    if (Object.keys(version).length) out[lang] = version;
  }
  return out;
}

/** The versions as flat snapshot/form entries (`fil.title`: "…"), every language and field present so a restore empties what was empty. */
export function flatTranslations(t: Translations, fields: readonly TranslatedField[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const lang of CONTENT_LANGUAGES) for (const f of fields) out[translationKey(lang, f.name)] = t[lang]?.[f.name] ?? "";
  return out;
}

/** The languages an item has a version in. */
export const languagesOf = (t: Translations): ContentLanguage[] => CONTENT_LANGUAGES.filter((l) => t[l] && Object.keys(t[l]!).length);

/** The languages an item lacks, for the console's "Missing:" mark. */
export const missingLanguages = (t: Translations): ContentLanguage[] =>
  CONTENT_LANGUAGES.filter((l) => !t[l] || !Object.keys(t[l]!).length);

/** What a page asks for: the /fil/ page's Filipino, or `?lang=pag|ilo|fil|en` on an item page. */
export function wantedLanguage(locale: "en" | "fil", asked: string | null | undefined): ItemLanguage {
  if (asked === "en" || isContentLanguage(asked)) return asked;
  return locale;
}

/** An item's text in the language asked for when it has that version, else its English, saying which it is. */
export interface ItemInLanguage<T extends Record<string, string | null>> {
  values: T;
  /** The language of the values shown. */
  lang: ItemLanguage;
  /** The language asked for (when it differs from `lang`, the page says it shows English). */
  asked: ItemLanguage;
  /** Every language the item can be read in, English first. */
  available: ItemLanguage[];
}

export function inLanguage<T extends Record<string, string | null>>(english: T, t: Translations, asked: ItemLanguage): ItemInLanguage<T> {
  const available: ItemLanguage[] = ["en", ...languagesOf(t)];
  const version = asked === "en" ? undefined : t[asked];
  if (!version) return { values: english, lang: "en", asked, available };
  const values = { ...english };
  for (const k of Object.keys(english) as (keyof T)[]) {
    const v = version[k as string];
    if (v) values[k] = v as T[keyof T];
  }
  return { values, lang: asked, asked, available };
}
