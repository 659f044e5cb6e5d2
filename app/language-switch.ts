/**
 * Where the language switch leads: this page in the other language, with the query its
 * routes read (their `handle.query`, the same list the page cache keys on). A code page's
 * `?r=`, the rates' month or the interruptions' town filter survive a switch; anything
 * else in the address (a tracking tag, a one-time `?go`) is not carried, so a cached page
 * never holds a query it was not keyed by.
 */
import { stripLocale } from "../modules/shared/i18n";

/**
 * The id of the form whose typed answers a language switch carries (the report's second
 * step, the AGAM steps). A page whose route declares `handle.switchForm` gives that id to
 * the form in view; the switch is then a submit button of that form (its `form` attribute)
 * posting to `/language/<locale>`, which sends the same post on to the page in the other
 * language (a 307 keeps the body), so nothing typed or proven rides in an address.
 */
export const SWITCH_FORM_ID = "language-switch-form";
/** The field the switch button adds to the post: the page's action shows the form again, untouched. */
export const SWITCH_FIELD = "_switch";

/** Whether a matched route declares a form the switch carries. */
export function declaresSwitchForm(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as { switchForm?: unknown } | undefined)?.switchForm === true);
}

/** The query parameter names the matched routes declare. */
export function declaredQuery(matches: readonly { handle?: unknown }[]): string[] {
  const names = new Set<string>();
  for (const m of matches) {
    const query = (m.handle as { query?: unknown } | undefined)?.query;
    if (Array.isArray(query)) for (const name of query) if (typeof name === "string") names.add(name);
  }
  return [...names];
}

/** The path (without its language) and the declared part of its query: `/fil/rates?month=3&x=1` → `/rates?month=3`. */
export function switchTarget(pathname: string, search: string, declared: readonly string[]): string {
  const path = stripLocale(pathname);
  if (!search || declared.length === 0) return path;
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) if (declared.includes(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
