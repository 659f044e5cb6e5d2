/**
 * The check the Filipino page tests share: which English interface strings (a catalog's plain
 * messages, or a list) stand as a whole line of a page's text. Scripts, staff text marked
 * `lang="en"` and the words kept in English on purpose (./borrowed.ts) are not counted.
 */
import { BORROWED } from "./borrowed";

/** Units the rates page writes the same in both languages. */
const UNITS = new Set(["Php/kWh", "Php/kW"]);

/** The page's text, one trimmed line per element's text. */
export function pageLines(body: string): Set<string> {
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<span[^>]* lang="en"[^>]*>[^<]*<\/span>/g, " ")
    .replace(/<[^>]+>/g, "\n")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
  return new Set(
    text
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
  );
}

export function englishLeft(body: string, sources: readonly (Record<string, unknown> | readonly string[])[]): string[] {
  const found = pageLines(body);
  return sources
    .flatMap((s) => (Array.isArray(s) ? s : Object.values(s)))
    .filter((v): v is string => typeof v === "string" && v.trim().length > 3 && !BORROWED.has(v) && !UNITS.has(v))
    .filter((e) => found.has(e.trim()));
}
