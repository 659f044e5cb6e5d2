/**
 * English left on a Filipino page, found two ways: a whole line equal to an English string of
 * the interface catalogs (app/messages/*.ts), and a line that reads as English prose (several
 * English function words and no Filipino one), which catches what no catalog holds: text
 * written in a module, a form or the demo content. What the page marks `lang="en"` (an item shown
 * in English with the note saying so, a charge's name as the paper bill prints it) is left out,
 * and so are the words ./borrowed.ts allows. Attributes people hear (aria-label, title, alt,
 * placeholder) count as lines too.
 */
import { BORROWED, NAMES } from "./borrowed";

/** What a Filipino page may show as it is: the borrowed words and the proper names (./borrowed.ts). */
export const ALLOWED: ReadonlySet<string> = new Set([...BORROWED, ...NAMES]);

/** Elements without an end tag. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** The page's text lines and spoken attributes, without scripts, styles and what is marked `lang="en"`. */
export function filipinoPageLines(html: string): string[] {
  const lines: string[] = [];
  const body = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ");
  // A stack of open elements; `english` counts the open ones inside a lang="en" element.
  const stack: { tag: string; english: boolean }[] = [];
  let english = 0;
  let text = "";
  const flush = () => {
    const line = decode(text).replace(/\s+/g, " ").trim();
    if (line && english === 0) lines.push(line);
    text = "";
  };
  for (const m of body.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g)) {
    if (m[3] !== undefined) {
      if (english === 0) text += m[3];
      continue;
    }
    const tag = m[1]!.toLowerCase();
    const attrs = m[2] ?? "";
    if (m[0].startsWith("</")) {
      // Inline phrasing stays on one line; a block ends it.
      if (!INLINE.has(tag)) flush();
      const at = stack.map((s) => s.tag).lastIndexOf(tag);
      if (at >= 0) {
        for (const closed of stack.splice(at)) if (closed.english) english--;
      }
      continue;
    }
    if (!INLINE.has(tag)) flush();
    const isEnglish = /\slang="en(-[A-Za-z]+)?"/.test(attrs);
    if (english === 0 && !isEnglish)
      for (const a of attrs.matchAll(/\s(aria-label|title|alt|placeholder)="([^"]*)"/g)) {
        const v = decode(a[2]!).trim();
        if (v) lines.push(v);
      }
    if (VOID.has(tag) || attrs.trimEnd().endsWith("/")) continue;
    stack.push({ tag, english: isEnglish });
    if (isEnglish) english++;
  }
  flush();
  return lines;
}

const INLINE = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "cite",
  "code",
  "em",
  "i",
  "kbd",
  "mark",
  "q",
  "s",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
  "label",
]);

function decode(s: string): string {
  return s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** English words that do not occur in Filipino text (so "may", "at", "o" are not among them). */
const ENGLISH = new Set(
  (
    "the and of to your you for with is are this that our be by on in from will not or as an it please we all has have was can " +
    "more if when what which who how do does their its there about into than then also must should would been were new only " +
    "each any after before here where these those yet still out up one his her they them my me us here click see"
  ).split(" "),
);
/** Filipino words that show a line is (also) in Filipino. */
const FILIPINO = new Set(
  (
    "ang ng sa mga na ay para ito kung hindi po nang inyong ninyo namin wala lahat si ni ko mo niya kami tayo din rin lang " +
    "pa ba naman dito iyon isang kayo nito niyo mag ito at o may noong"
  ).split(" "),
);

/** True when a line reads as English: at least three words, two English function words, no Filipino one. */
export function readsEnglish(line: string): boolean {
  const words = line.toLowerCase().match(/[a-zñ'-]+/g) ?? [];
  if (words.length < 3) return false;
  const en = words.filter((w) => ENGLISH.has(w)).length;
  const fil = words.filter((w) => FILIPINO.has(w)).length;
  return en >= 2 && fil === 0;
}

/** The English found on a Filipino page: catalog strings standing as a whole line, and lines reading as English. */
export function englishOnPage(html: string, catalogEnglish: ReadonlySet<string>, allowed: ReadonlySet<string> = ALLOWED): string[] {
  // A title's parts ("Page not found | WESPECO") count one by one.
  const lines = filipinoPageLines(html).flatMap((l) => [l, ...(l.includes(" | ") ? l.split(" | ") : [])]);
  return [...new Set(lines)].filter((line) => !allowed.has(line) && (catalogEnglish.has(line) || readsEnglish(line)));
}

/** Every English string of these catalogs that differs from its Filipino (one the same in both is not English left). */
export function catalogEnglish(catalogs: readonly { en: Record<string, unknown>; fil: Record<string, unknown> }[]): Set<string> {
  const out = new Set<string>();
  for (const c of catalogs)
    for (const [key, en] of Object.entries(c.en))
      if (typeof en === "string" && en.trim().length > 3 && en !== c.fil[key]) out.add(en.trim());
  return out;
}
