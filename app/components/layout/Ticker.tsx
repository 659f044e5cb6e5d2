import { formatDate, formatTime } from "../../../modules/shared/dates";

import { type Locale, localePath, translator } from "../../../modules/shared/i18n";
import { shellMessages } from "../../messages/shell";

export interface TickerItem {
  id: number;
  startsAt: string;
  endsAt: string;
  areas: string[];
  /** "Ongoing", "Extended" …; absent while merely scheduled. */
  status?: string;
}

/**
 * Upcoming power interruptions under the header. Shown only when there are some.
 * It scrolls like a marquee (CSS, paused on hover and focus, still under reduced motion).
 */
export function Ticker({ items, locale }: { items: TickerItem[]; locale: Locale }) {
  const t = translator(shellMessages, locale);
  if (items.length === 0) return null;
  const entries = (copy: string) =>
    items.map((i) => (
      <li key={`${copy}-${i.id}`}>
        {i.status && <span className="ticker__status">{i.status}: </span>}
        <strong>{formatDate(i.startsAt, locale)}</strong>
        {t("ticker.entry", { from: formatTime(i.startsAt, locale), to: formatTime(i.endsAt, locale) })}
        {i.areas.join(", ")}
      </li>
    ));
  return (
    <section className="ticker" aria-labelledby="ticker-title">
      <div className="ticker__inner container">
        <h2 id="ticker-title" className="ticker__title">
          <a href={localePath(locale, "/news/power-interruptions")}>{t("ticker.title")}</a>
        </h2>
        <div className="ticker__viewport" role="group" tabIndex={0} aria-label={t("ticker.upcoming")}>
          {/* Two copies side by side make the loop seamless; the second is hidden from screen readers. */}
          <div className="ticker__track" style={{ ["--ticker-seconds" as string]: `${Math.max(20, items.length * 12)}s` }}>
            <ul className="ticker__list">{entries("a")}</ul>
            <ul className="ticker__list ticker__list--copy" aria-hidden="true">
              {entries("b")}
            </ul>
          </div>
        </div>
        <a className="ticker__alerts" href={localePath(locale, "/alerts")}>
          {t("ticker.alerts")}
        </a>
      </div>
    </section>
  );
}
