/**
 * Escaping text for the markup we write by hand (feeds, CAP, Open311, the API reference) and
 * for SQL LIKE patterns: one rule each, so every output escapes the same characters.
 */

/** Characters XML 1.0 does not allow anywhere; stored text can still hold them (pasted control characters). */
const INVALID_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for XML content or attribute values: characters XML forbids are dropped, so the document stays well-formed. */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for HTML content or quoted attribute values (HTML has no &apos; before HTML5, so &#39;). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

/**
 * Text for HTML element content only (`&`, `<`, `>`): what the editors store from typed text,
 * which toEditableText (./html.ts) turns back into the same text.
 */
export function escapeHtmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Text matched literally inside a LIKE/ILIKE pattern: `\`, `%` and `_` lose their meaning (backslash is the default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
