/**
 * The finder of English left on /fil/ pages that no catalog holds: a text the English page and
 * its Filipino twin show identically is a candidate, unless it is a number, a word kept on
 * purpose (./borrowed.ts), text the page marks `lang="en"`, or a value from the database
 * (staff-written content, names of towns and barangays, members' data) or a name the site
 * holds (the cooperative, the board, the departments' codes). It reads the page's
 * text lines (as ./english-left.ts does) and the attributes a visitor meets as text: a link's
 * or a map's `title`, `aria-label`, `alt`, `placeholder`.
 */
import { sql } from "drizzle-orm";
import { BOARD } from "../../app/content/bod";
import { DEPARTMENTS } from "../../app/content/org-structure";
import { type Db, queryRows } from "../../db/client";
import { COOPERATIVE } from "../../modules/shared/constants";
import { BORROWED } from "./borrowed";
import { pageLines } from "./english-left";

/** The markup without the elements marked `lang="en"` (the page says they are English on purpose), scripts and styles. */
export function withoutMarkedEnglish(html: string): string {
  const body = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ");
  let out = "";
  let at = 0;
  const open = /<([a-zA-Z][\w-]*)\b[^>]*\slang="en"[^>]*>/g;
  for (let m = open.exec(body); m; m = open.exec(body)) {
    if (m[1] === "html") continue;
    out += body.slice(at, m.index);
    // Skip to the matching close of the same element, counting nested ones of its name.
    const tag = new RegExp(`<(/?)${m[1]}\\b[^>]*?(/?)>`, "g");
    tag.lastIndex = open.lastIndex;
    let depth = 1;
    let end = body.length;
    for (let t = tag.exec(body); t; t = tag.exec(body)) {
      if (t[2]) continue;
      depth += t[1] ? -1 : 1;
      if (depth === 0) {
        end = tag.lastIndex;
        break;
      }
    }
    at = end;
    open.lastIndex = end;
  }
  return out + body.slice(at);
}

const ATTRIBUTES = /\s(?:title|aria-label|alt|placeholder)="([^"]*)"/g;

/** What a visitor reads on the page: its text lines and the text attributes. */
export function pageTexts(html: string): Set<string> {
  const body = withoutMarkedEnglish(html);
  const texts = pageLines(body);
  for (const m of body.matchAll(ATTRIBUTES)) {
    const value = m[1]!
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .trim();
    if (value) texts.add(value);
  }
  return texts;
}

/** Names the site holds outside the database: the cooperative's, the board's, the departments' codes. */
export const SITE_NAMES: ReadonlySet<string> = new Set([
  ...Object.values(COOPERATIVE as Record<string, unknown>).filter((v): v is string => typeof v === "string"),
  ...BOARD.map((b) => b.name),
  ...DEPARTMENTS.map((d) => d.code),
]);

/** Every text value stored in the database (staff-written content, places, members' data), as lines. */
export async function databaseTexts(db: Db): Promise<Set<string>> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')`,
  );
  const texts = new Set<string>();
  const add = (value: unknown): void => {
    if (typeof value === "string") {
      texts.add(value.trim());
      for (const line of pageLines(value)) texts.add(line);
    } else if (Array.isArray(value)) value.forEach(add);
    else if (value && typeof value === "object") Object.values(value).forEach(add);
  };
  for (const c of columns) {
    const rows = await queryRows<{ v: unknown }>(db, sql.raw(`select distinct "${c.column_name}" as v from "${c.table_name}" limit 5000`));
    for (const r of rows) add(r.v);
  }
  return texts;
}

/**
 * Acronyms (NEA, PDF, VAT, AM), units written the same in both languages, and "account", which
 * the glossary keeps ("numero ng account"): a text made only of these, figures and punctuation
 * has no word to translate.
 */
const KEPT = /\b([A-Z]{2,}|Php|kWh|kW|Account)\b/g;
const hasWords = (text: string) => /[A-Za-zÀ-ÿ]/.test(text.replace(KEPT, ""));

/**
 * The texts shown identically on the English page and its Filipino twin that are none of the
 * above: each one is English left untranslated, or belongs in `allowed`. A text joined from
 * such parts ("Title | WESPECO", "Poblacion, Bani", "Account 01-… · SANTOS, JUAN") is none either.
 */
export function sameInBoth(english: Set<string>, filipino: Set<string>, stored: Set<string>, allowed: ReadonlySet<string>): string[] {
  const isKept = (text: string): boolean =>
    !hasWords(text) || BORROWED.has(text) || SITE_NAMES.has(text) || stored.has(text) || allowed.has(text);
  // "Title | WESPECO", "Account 01-… · SANTOS, JUAN", then "Poblacion, Bani" inside each part.
  const joined = (text: string) =>
    text
      .split(/ \| | · |^· /)
      .map((p) => p.trim())
      .filter(Boolean)
      .every((p) => isKept(p) || p.split(", ").every(isKept));
  return [...filipino].filter((text) => english.has(text) && !isKept(text) && !joined(text));
}
