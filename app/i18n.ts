/**
 * The interface language inside components: from the page's path (`/fil/…` is Filipino),
 * so it is the same on the server and in the browser and needs no context. Catalogs are
 * in app/messages/ (one per area); a component imports only the one it uses, so a page
 * that hydrates ships its own strings and a page without islands ships none.
 */
import { useLocation } from "react-router";
import { type Catalog, type Locale, localeOfPath, localePath, type Message, translator } from "../modules/shared/i18n";
import { pageUrl } from "./page-url";

export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** `t("key")` in the page's language. */
export function useT<E extends Record<string, Message>>(catalog: Catalog<E>) {
  return translator(catalog, useLocale());
}

/** A site path in the page's language: `href={lp("/rates")}` is `/fil/rates` on a Filipino page. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localePath(locale, path);
}

const requestLocales = new WeakMap<Request, Locale>();

/** The language of a loader's or action's request (worked out once a request: a page asks it for every item it lists). */
export function requestLocale(request: Request): Locale {
  const known = requestLocales.get(request);
  if (known) return known;
  const locale = localeOfPath(pageUrl(request).pathname);
  requestLocales.set(request, locale);
  return locale;
}

/** A loader's translator. */
export function requestT<E extends Record<string, Message>>(catalog: Catalog<E>, request: Request) {
  return translator(catalog, requestLocale(request));
}
