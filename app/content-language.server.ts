/**
 * A loader's side of staff-written content in several languages: the item's title and text
 * in the version the page shows (the page's language, or `?lang=` where the route reads it,
 * declared in its `handle.query` so each version is its own cached page), and which version
 * that is, for app/components/ContentInLanguage.tsx.
 */
import { inLanguage, storedTranslations, wantedLanguage } from "../modules/content/translations";
import type { ItemLanguageView } from "./components/ContentInLanguage";
import { requestLocale } from "./i18n";
import { pageUrl } from "./page-url";

interface Translatable {
  title: string;
  body: string | null;
  translations?: unknown;
}

/** The item with its title and body in the version shown, and which one it is. `withQuery`: the page reads `?lang=`. */
export function itemInLanguage<T extends Translatable>(item: T, request: Request, withQuery = false): { item: T; shown: ItemLanguageView } {
  const asked = wantedLanguage(requestLocale(request), withQuery ? pageUrl(request).searchParams.get("lang") : null);
  const r = inLanguage({ title: item.title, body: item.body }, storedTranslations(item.translations), asked);
  return { item: { ...item, ...r.values }, shown: { lang: r.lang, asked: r.asked, available: r.available } };
}

/** A list's title in the page's language when staff wrote that version, else the English; `lang` is the one shown. */
export function titleInLanguage(item: { title: string; translations?: unknown }, request: Request): { title: string; lang: string } {
  const { item: shown, shown: which } = itemInLanguage({ ...item, body: null }, request);
  return { title: shown.title, lang: which.lang };
}
