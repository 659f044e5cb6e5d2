/**
 * One interruption as people read it: dates in Manila, sanitized HTML, the status
 * now. The page, the iCalendar feed and the Atom feed all start from this.
 */

import { inLanguage, storedTranslations } from "../content/translations";
import type { InterruptionStatus, Town } from "../shared/constants";
import { formatDate, formatDateTime, formatDateWithWeekday, formatTime, manilaIsoDate } from "../shared/dates";
import { sanitize, toPlainText } from "../shared/html";
import type { Locale } from "../shared/i18n";
import { currentStatus, INTERRUPTION_STATUS_LABELS, type Interruption } from "./model";

export interface InterruptionView {
  id: number;
  /** "Tuesday, March 5, 2024" (Manila). */
  date: string;
  /** "2024-03-05" (Manila), for <time dateTime>. */
  isoDate: string;
  /** "8:00 AM – 5:00 PM", or with the end date when it ends another day. */
  time: string;
  /** "8:00 AM" */
  startTime: string;
  /** "5:00 PM", or "March 6, 2024, 5:00 PM" when it ends another day. */
  endTime: string;
  startsAt: string;
  endsAt: string;
  activitiesHtml: string;
  /** The language of activitiesHtml: the page's when staff wrote that version, else "en". */
  activitiesLang: "en" | "fil";
  affectedAreasHtml: string;
  circuitHtml: string;
  status: InterruptionStatus;
  statusLabel: string;
  /** "March 5, 2024, 6:00 AM" (Manila). */
  statusSince: string;
  statusSinceIso: string;
  towns: Town[];
  barangays: { name: string; town: Town }[];
}

/** Said instead of a stand-in end while an unplanned outage has no estimated restoration. */
export const UNKNOWN_END: Record<Locale, string> = {
  en: "restoration time not yet known",
  fil: "hindi pa alam kung kailan babalik",
};

export function interruptionView(i: Interruption, now = new Date(), locale: Locale = "en"): InterruptionView {
  const { status, since } = currentStatus(i, now);
  const work = inLanguage({ activities: i.activities }, storedTranslations(i.translations), locale);
  const sameDay = manilaIsoDate(i.startsAt) === manilaIsoDate(i.endsAt);
  const startTime = formatTime(i.startsAt, locale);
  const endTime =
    i.endKnown === false
      ? UNKNOWN_END[locale]
      : sameDay
        ? formatTime(i.endsAt, locale)
        : `${formatDate(i.endsAt, locale)}, ${formatTime(i.endsAt, locale)}`;
  return {
    id: i.id,
    date: formatDateWithWeekday(i.startsAt, locale),
    isoDate: manilaIsoDate(i.startsAt),
    time: `${startTime} – ${endTime}`,
    startTime,
    endTime,
    startsAt: i.startsAt.toISOString(),
    endsAt: i.endsAt.toISOString(),
    activitiesHtml: sanitize(work.values.activities),
    activitiesLang: work.lang === "fil" ? "fil" : "en",
    affectedAreasHtml: sanitize(i.affectedAreas),
    circuitHtml: sanitize(i.circuitToBeOpened),
    status,
    statusLabel: INTERRUPTION_STATUS_LABELS[status],
    statusSince: formatDateTime(since, locale),
    statusSinceIso: since.toISOString(),
    towns: i.towns,
    barangays: i.barangays,
  };
}

/** The text of stored HTML with one line per paragraph, list item or row, for feeds. */
export function htmlToLines(html: string): string[] {
  return html
    .split(/<\/(?:p|li|h[1-6]|tr|div|blockquote)>|<br\s*\/?>/i)
    .map((part) => toPlainText(part))
    .filter(Boolean);
}

/** "Bani, Mabini" or, without towns, "Western Pangasinan". */
export function townsLabel(towns: readonly string[]): string {
  return towns.length ? towns.join(", ") : "Western Pangasinan";
}
