/**
 * Where the language switch leads: this page in the other language, with the query its
 * routes read (their `handle.query`, the same list the page cache keys on). A code page's
 * `?r=`, the rates' month or the interruptions' town filter survive a switch; anything
 * else in the address (a tracking tag, a one-time `?go`) is not carried, so a cached page
 * never holds a query it was not keyed by.
 */
import { stripLocale } from "../modules/shared/i18n";

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
