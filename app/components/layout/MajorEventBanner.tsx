/**
 * Shown at the top of every page while the cooperative declares a major event (a typhoon):
 * server-rendered markup in the shell, no script needed. Set from the console.
 */
export function MajorEventBanner({ event }: { event: { title: string; message: string; since: string } }) {
  return (
    <aside className="major-event" aria-label="Major event">
      <div className="container major-event__inner">
        <strong className="major-event__title">{event.title}</strong>
        {event.message && <span> {event.message}</span>} <a href="/outages">Restoration status</a> · <a href="/report">Report an outage</a>
      </div>
    </aside>
  );
}
