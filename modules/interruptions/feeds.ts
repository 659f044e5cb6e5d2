/**
 * Power interruptions as feeds people subscribe to: iCalendar (RFC 5545) for
 * calendar apps and Atom (RFC 4287) for feed readers. Plain strings, no library:
 * both formats are small and the escaping rules are written out here.
 */
import { COOPERATIVE, TIME_ZONE } from "../shared/constants";
import { xmlText } from "../shared/xml";
import type { Interruption } from "./model";
import { htmlToLines, interruptionView, townsLabel } from "./view";

export interface FeedOptions {
  /** The site's origin, e.g. https://www.example.ph (no trailing slash). */
  publicUrl: string;
  now?: Date;
  /** Shown in the calendar's and feed's title, e.g. a town filter. */
  town?: string;
}

const PAGE_PATH = "/news/power-interruptions";

// ---------- iCalendar ----------

/** TEXT value escaping (RFC 5545 3.3.11). */
export function icsEscape(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function icsFold(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; continuation lines 74 plus their leading space.
    if (octets + size > 75) {
      out.push(current);
      current = " ";
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n");
}

/** 20240305T000000Z */
export function icsUtc(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function buildIcs(items: Interruption[], opts: FeedOptions): string {
  const now = opts.now ?? new Date();
  const host = new URL(opts.publicUrl).hostname;
  const pageUrl = `${opts.publicUrl}${PAGE_PATH}`;
  const name = `${COOPERATIVE.shortName} power interruptions${opts.town ? ` (${opts.town})` : ""}`;
  const lines: string[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${COOPERATIVE.shortName}//Power interruptions//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icsEscape(name)}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  for (const i of items) {
    const v = interruptionView(i, now);
    const areas = v.barangays.length ? v.barangays.map((b) => `${b.name} (${b.town})`).join(", ") : townsLabel(v.towns);
    const description = [
      `Status: ${v.statusLabel} (updated ${v.statusSince})`,
      `Activities: ${htmlToLines(i.activities).join("; ")}`,
      `Affected areas: ${htmlToLines(i.affectedAreas).join("; ")}`,
      `Circuit to be opened: ${htmlToLines(i.circuitToBeOpened).join("; ")}`,
      "Lines may be energized earlier than scheduled. Consider them energized at all times.",
      pageUrl,
    ].join("\n");
    lines.push(
      "BEGIN:VEVENT",
      `UID:power-interruption-${i.id}@${host}`,
      `DTSTAMP:${icsUtc(i.statusUpdatedAt)}`,
      `LAST-MODIFIED:${icsUtc(i.statusUpdatedAt)}`,
      `DTSTART:${icsUtc(i.startsAt)}`,
      `DTEND:${icsUtc(i.endsAt)}`,
      `SUMMARY:${icsEscape(`${v.status === "cancelled" ? "CANCELLED: " : ""}Power interruption: ${townsLabel(v.towns)}`)}`,
      `LOCATION:${icsEscape(areas)}`,
      `DESCRIPTION:${icsEscape(description)}`,
      `STATUS:${v.status === "cancelled" ? "CANCELLED" : "CONFIRMED"}`,
      "TRANSP:TRANSPARENT",
      `URL:${pageUrl}#interruption-${i.id}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(icsFold).join("\r\n") + "\r\n";
}

// ---------- Atom ----------

export function buildAtom(items: Interruption[], opts: FeedOptions): string {
  const now = opts.now ?? new Date();
  const pageUrl = `${opts.publicUrl}${PAGE_PATH}`;
  const x = xmlText;
  const views = items.map((i) => interruptionView(i, now));
  // An entry changes when its status does, including the clock's moves (scheduled to ongoing).
  const updated = views.reduce((max, v) => (v.statusSinceIso > max ? v.statusSinceIso : max), "");
  const entries = items.map((i, k) => {
    const v = views[k]!;
    const html =
      `<p><strong>${x(v.date)}, ${x(v.time)}</strong> (${x(v.statusLabel)}, updated ${x(v.statusSince)})</p>` +
      `<h3>Activities</h3>${v.activitiesHtml}<h3>Affected Areas</h3>${v.affectedAreasHtml}<h3>Circuit to be Opened</h3>${v.circuitHtml}` +
      `<p>Lines may be energized earlier than scheduled. Consider them energized at all times.</p>`;
    return [
      "  <entry>",
      `    <id>${x(`${pageUrl}#interruption-${i.id}`)}</id>`,
      `    <title>${x(`${v.status === "cancelled" ? "CANCELLED: " : ""}${townsLabel(v.towns)}: ${v.date}, ${v.time}`)}</title>`,
      `    <updated>${v.statusSinceIso}</updated>`,
      `    <link rel="alternate" type="text/html" href="${x(`${pageUrl}#interruption-${i.id}`)}"/>`,
      ...v.towns.map((t) => `    <category term="${x(t)}"/>`),
      `    <summary type="text">${x(`${v.statusLabel}. ${htmlToLines(i.affectedAreas).join("; ")}`)}</summary>`,
      `    <content type="html">${x(html)}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${x(`${opts.publicUrl}/feeds/power-interruptions.atom`)}</id>`,
    `  <title>${x(`${COOPERATIVE.shortName} power interruptions${opts.town ? ` (${opts.town})` : ""}`)}</title>`,
    `  <subtitle>${x(`Scheduled and recent power interruptions of ${COOPERATIVE.name}`)}</subtitle>`,
    `  <updated>${updated || now.toISOString()}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${x(`${opts.publicUrl}/feeds/power-interruptions.atom${opts.town ? `?town=${encodeURIComponent(opts.town)}` : ""}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(pageUrl)}"/>`,
    `  <author><name>${x(COOPERATIVE.name)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
