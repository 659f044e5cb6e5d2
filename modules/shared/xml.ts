/**
 * The one way text enters an XML document we write (Atom feeds, the CAP alert, Open311's
 * XML, the sitemap): characters XML 1.0 cannot carry are dropped (C0 controls other than
 * tab, line feed and carriage return; lone surrogates; U+FFFE and U+FFFF), then markup is
 * escaped, quotes too, so the result is safe in element content and in attribute values.
 * A dispatcher's note with a vertical tab, or text ending in "]]>", stays well-formed XML.
 */
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(text: string): string {
  return text
    .replace(NOT_XML_CHAR, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
