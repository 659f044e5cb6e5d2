/**
 * An item staff wrote in several languages (advisory, bid, news item, interruption notice),
 * shown in the one the visitor reads: the page's own (/fil/ is Filipino) or the one asked
 * with `?lang=pag` on an item page. When that version does not exist the English is shown,
 * marked `lang="en"` so a screen reader switches voice, with a note in the page's language
 * saying so. Item pages also link to the item's other versions (decision 0030).
 */
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { type ItemLanguage, LANGUAGE_NAMES } from "../../modules/content/translations";
import { useLocale, useT } from "../i18n";
import { contentLanguageMessages } from "../messages/content-language";

/** Which version of an item is shown (from modules/content/translations.ts inLanguage). */
export interface ItemLanguageView {
  lang: ItemLanguage;
  asked: ItemLanguage;
  available: ItemLanguage[];
}

/** The `lang` attribute an item's text needs on this page: none when it is the page's own language. */
export function useItemLang(shown: ItemLanguageView | undefined): string | undefined {
  const locale = useLocale();
  return shown && shown.lang !== locale ? shown.lang : undefined;
}

/** "There is no Filipino version of this yet, so it is shown in English." when the version asked for is missing. */
export function LanguageFallbackNote({ shown }: { shown: ItemLanguageView | undefined }) {
  const t = useT(contentLanguageMessages);
  const locale = useLocale();
  if (!shown || shown.asked === shown.lang) return null;
  return <p className="notice content-lang__note">{t("contentlang.fallback", { language: LANGUAGE_NAMES[shown.asked][locale] })}</p>;
}

/** "Read this in: English · Filipino · Pangasinan (shown)": links to the item's other versions, on this page. */
export function LanguageLinks({ shown }: { shown: ItemLanguageView }) {
  const t = useT(contentLanguageMessages);
  const locale = useLocale();
  const { pathname } = useLocation();
  if (shown.available.length < 2) return null;
  return (
    <p className="content-lang__links">
      {t("contentlang.readIn")}{" "}
      {shown.available.map((l, n) => (
        <span key={l}>
          {n > 0 && " · "}
          {l === shown.lang ? (
            <strong aria-current="true" lang={l === locale ? undefined : l}>
              {LANGUAGE_NAMES[l].self} {t("contentlang.shown")}
            </strong>
          ) : (
            // The page's own language needs no parameter: one address, one cached copy.
            <a href={l === locale ? pathname : `${pathname}?lang=${l}`} hrefLang={l} lang={l === locale ? undefined : l}>
              {LANGUAGE_NAMES[l].self}
            </a>
          )}
        </span>
      ))}
    </p>
  );
}

/** An item page's text in its language: the note, the other versions, then the text marked with its language. */
export function ContentInLanguage({ shown, links = false, children }: { shown: ItemLanguageView; links?: boolean; children: ReactNode }) {
  const lang = useItemLang(shown);
  return (
    <>
      <LanguageFallbackNote shown={shown} />
      {links && <LanguageLinks shown={shown} />}
      <div lang={lang}>{children}</div>
    </>
  );
}

/** The `lang` attribute of an item's text on a page in `locale` (for lists, where a hook per item does not fit). */
export const itemLang = (shown: ItemLanguageView | undefined, locale: string): string | undefined =>
  shown && shown.lang !== locale ? shown.lang : undefined;
