import { type Locale, localePath, translator } from "../../../modules/shared/i18n";
import { shellMessages } from "../../messages/shell";
/**
 * Shown at the top of every page while the cooperative declares a major event (a typhoon):
 * server-rendered markup in the shell, no script needed. Set from the console.
 */
export function MajorEventBanner({ event, locale }: { event: { title: string; message: string; since: string }; locale: Locale }) {
  const t = translator(shellMessages, locale);
  return (
    <aside className="major-event" aria-label={t("major.label")}>
      <div className="container major-event__inner">
        <strong className="major-event__title">{event.title}</strong>
        {event.message && <span> {event.message}</span>} <a href={localePath(locale, "/outages")}>{t("major.restoration")}</a> ·{" "}
        <a href={localePath(locale, "/report")}>{t("major.report")}</a>
      </div>
    </aside>
  );
}
