/**
 * HTML stored in the database is sanitized on the server before it is rendered:
 * stored content must never become script.
 */
import sanitizeHtml from "sanitize-html";

const options: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "a", "table", "thead", "tbody", "tr", "th", "td", "span", "small", "sup", "sub", "hr", "img", "figure", "figcaption"],
  allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "width", "height", "loading"], th: ["scope", "colspan", "rowspan"], td: ["colspan", "rowspan"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["data", "https", "http"] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs }),
  },
};

export function sanitize(html: string | null | undefined): string {
  return sanitizeHtml(html ?? "", options);
}

/** The text of an HTML fragment, for titles, feeds and search. */
export function toPlainText(html: string | null | undefined): string {
  // Block ends become spaces, so "<p>one</p><p>two</p>" reads "one two".
  const spaced = (html ?? "").replace(/<\/(p|li|h[1-6]|div|td|th|tr|blockquote)>|<br\s*\/?>/gi, "$& ");
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
