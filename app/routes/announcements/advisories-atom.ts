/** /feeds/advisories.atom: the advisories as an Atom 1.0 feed, newest first. */

import { listAnnouncements } from "../../../modules/content/announcements.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { sanitize } from "../../../modules/shared/html";
import { xmlText } from "../../../modules/shared/xml";
import { services } from "../../context";
import type { Route } from "./+types/advisories-atom";

const FEED_SIZE = 50;

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
          `    <link rel="enclosure" href="${xmlText(base + f.path)}" type="${xmlText(f.contentType)}" length="${f.size}" title="${xmlText(f.originalName)}"/>`,
      )
      .join("\n");
    return [
      "  <entry>",
      `    <id>${xmlText(link)}</id>`,
      `    <title>${xmlText(a.title)}</title>`,
      `    <updated>${a.createdAt.toISOString()}</updated>`,
      `    <published>${a.createdAt.toISOString()}</published>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(link)}"/>`,
      ...(enclosures ? [enclosures] : []),
      `    <content type="html">${xmlText(sanitize(a.body))}</content>`,
      "  </entry>",
    ].join("\n");
  });
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(`${base}/feeds/advisories.atom`)}</id>`,
    `  <title>${xmlText(`${COOPERATIVE.shortName} News and Advisories`)}</title>`,
    `  <subtitle>${xmlText(`Advisories from ${COOPERATIVE.name}`)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${xmlText(COOPERATIVE.name)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(`${base}/feeds/advisories.atom`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(pageUrl)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
