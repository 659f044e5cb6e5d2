/**
 * HTML stored in the database is sanitized on the server before it is rendered:
 * stored content must never become script.
 */
import sanitizeHtml from "sanitize-html";
import { escapeHtmlText } from "./escape";

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "h2",
    "h3",
    "h4",
    "blockquote",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
    "small",
    "sup",
    "sub",
    "hr",
    "img",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["data"] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs }),
    // Only this site's own pictures: a picture from elsewhere would be fetched from that
    // server by every reader of the page, the API's clients, feed readers and mail
    // programs. It becomes its description (or nothing).
    img: (tagName, attribs) =>
      isLocalImage(attribs.src ?? "")
        ? { tagName, attribs }
        : { tagName: "span", attribs: {}, text: attribs.alt ? `[${attribs.alt}]` : "" },
  },
};

/** A path on this site (`/storage/…`, not `//host/…`), or an inline picture. */
function isLocalImage(src: string): boolean {
  const s = src.trim();
  return (s.startsWith("/") && !s.startsWith("//") && !s.startsWith("/\\")) || /^data:image\/(png|jpeg|webp|gif);base64,/i.test(s);
}

/**
 * Sanitizing is a full HTML parse, and the same stored text is shown on every render of
 * a page: the result is kept by its input (same text, same rules, same result), up to
 * SANITIZED_KEPT texts of at most SANITIZED_MAX_LENGTH characters, oldest dropped first.
 */
const SANITIZED_KEPT = 2000;
const SANITIZED_MAX_LENGTH = 20_000;
const sanitized = new Map<string, string>();

export function sanitize(html: string | null | undefined): string {
  const input = html ?? "";
  if (input.length > SANITIZED_MAX_LENGTH) return sanitizeHtml(input, options);
  let clean = sanitized.get(input);
  if (clean === undefined) {
    clean = sanitizeHtml(input, options);
    if (sanitized.size >= SANITIZED_KEPT) sanitized.delete(sanitized.keys().next().value!);
    sanitized.set(input, clean);
  }
  return clean;
}

/** The text of an HTML fragment, for titles, feeds and search. */
export function toPlainText(html: string | null | undefined): string {
  // Block ends become spaces, so "<p>one</p><p>two</p>" reads "one two".
  const spaced = (html ?? "").replace(/<\/(p|li|h[1-6]|div|td|th|tr|blockquote)>|<br\s*\/?>/gi, "$& ");
  // sanitize-html answers escaped HTML ("A &amp; B"); plain text is read as text ("A & B"),
  // so an SMS, an e-mail or a feed (which escapes for itself) never shows "&amp;".
  return decodeEntities(sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, " ")
    .trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * What an editor typed, as stored HTML: HTML is sanitized (today's rules); plain text
 * becomes paragraphs, one per blank-line-separated block, line breaks kept.
 */
export function toStoredHtml(input: string): string {
  const text = input.replace(/\r\n?/g, "\n").trim();
  if (!text) return "";
  if (/<[a-z][^>]*>/i.test(text)) return sanitize(text);
  return text
    .split(/\n{2,}/)
    .map((block) => `<p>${block.split("\n").map(escapeHtmlText).join("<br>")}</p>`)
    .join("");
}

/**
 * Stored HTML as an editor should see it: paragraphs and line breaks only become plain text
 * again (blank line between paragraphs); anything richer stays HTML.
 */
export function toEditableText(html: string): string {
  const s = html.trim();
  if (!s) return "";
  if (/<(?!\/?(p|br)\b)[a-z/][^>]*>/i.test(s)) return s;
  return s
    .replace(/<br\s*\/?>/gi, "\n")
    .split(/<\/p>\s*/i)
    .map((block) => block.replace(/<p[^>]*>/gi, "").trim())
    .filter(Boolean)
    .join("\n\n")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
