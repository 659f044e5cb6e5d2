/**
 * Staff-written text that has only an English version (the about pages, the gallery's captions,
 * job postings): on a Filipino page it is marked `lang="en"` and a note in Filipino says it is
 * English, as for an item without its Filipino version (ContentInLanguage.tsx).
 */
import { useLocale } from "../i18n";
import { type ItemLanguageView, LanguageFallbackNote } from "./ContentInLanguage";

/** "Shown in English" as an item's language view, on a page in `locale`. */
export const englishOnly = (locale: "en" | "fil"): ItemLanguageView => ({ lang: "en", asked: locale, available: ["en"] });

/** The note, on a Filipino page only. */
export function EnglishOnlyNote() {
  const locale = useLocale();
  return <LanguageFallbackNote shown={englishOnly(locale)} />;
}

/** The `lang` such text needs on this page. */
export function useEnglishLang(): "en" | undefined {
  return useLocale() === "en" ? undefined : "en";
}
