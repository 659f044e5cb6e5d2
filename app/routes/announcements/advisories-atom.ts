/** /feeds/advisories.atom: the advisories as an Atom 1.0 feed, newest first. */

import { listAnnouncements } from "../../../modules/content/announcements.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { sanitize } from "../../../modules/shared/html";
import { services } from "../../context";
import type { Route } from "./+types/advisories-atom";

const FEED_SIZE = 50;

/** Escapes text for XML content and attribute values. */
export function xmlEscape(s: string): string {
  // Characters XML 1.0 does not allow are dropped, so the feed stays well-formed.
  return s
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, publicUrl } = services(context);
  const base = publicUrl.replace(/\/$/, "");
  const items = await listAnnouncements(db, "advisory", FEED_SIZE);
  const updated = (items[0]?.createdAt ?? new Date(0)).toISOString();
  const pageUrl = `${base}/news/advisories`;
  const entries = items.map((a) => {
    const link = `${pageUrl}#advisory-${a.id}`;
    const enclosures = a.attachments
      .map(
        (f) =>
          `    <link rel="enclosure" href="${xmlEscape(base + f.path)}" type="${xmlEscape(f.contentType)}" length="${f.size}" title="${xmlEscape(f.originalName)}"/>`,
      )
      .join("\n");
    return [
      "  <entry>",
      `    <id>${xmlEscape(link)}</id>`,
      `    <title>${xmlEscape(a.title)}</title>`,
      `    <updated>${a.createdAt.toISOString()}</updated>`,
      `    <published>${a.createdAt.toISOString()}</published>`,
      `    <link rel="alternate" type="text/html" href="${xmlEscape(link)}"/>`,
      ...(enclosures ? [enclosures] : []),
      `    <content type="html">${xmlEscape(sanitize(a.body))}</content>`,
      "  </entry>",
    ].join("\n");
  });
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlEscape(`${base}/feeds/advisories.atom`)}</id>`,
    `  <title>${xmlEscape(`${COOPERATIVE.shortName} News and Advisories`)}</title>`,
    `  <subtitle>${xmlEscape(`Advisories from ${COOPERATIVE.name}`)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${xmlEscape(COOPERATIVE.name)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(`${base}/feeds/advisories.atom`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlEscape(pageUrl)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
