import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { historyOf, type PublicEvent } from "../../../modules/interruptions/history.server";
import { type InterruptionFilter, interruptionWindow, recentIn, upcomingIn } from "../../../modules/interruptions/queries.server";
import { type InterruptionView, interruptionView } from "../../../modules/interruptions/view";
import { listBarangays } from "../../../modules/places/barangays.server";
import { barangayQuery, townQuery } from "../../../modules/shared/api-params";
import { now as clockNow } from "../../../modules/shared/clock";
import { COOPERATIVE, TOWNS, type Town, UI } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import type { Route } from "./+types/page";
import "./interruptions.css";
import { townNamed } from "../../../modules/places/towns";
import { Field } from "../../components/ui/Field";
import { socialMeta } from "../../seo";

export const ENERGIZED_NOTE = "Lines may be energized earlier than scheduled and must be considered energized at all times.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const params = new URL(request.url).searchParams;
  const rawTown = (params.get("town") ?? "").trim();
  const rawBarangay = (params.get("barangay") ?? "").trim();
  const filter: InterruptionFilter = {};
  const errors: { town?: string; barangay?: string } = {};
  if (rawTown) {
    const town = townQuery.safeParse(townNamed(rawTown) ?? rawTown);
    if (town.success) filter.town = town.data;
    else errors.town = `Choose one of the nine towns; “${rawTown.slice(0, 40)}” is not one of them.`;
  }
  if (rawBarangay) {
    const barangay = barangayQuery.safeParse(rawBarangay);
    if (barangay.success) filter.barangay = barangay.data;
    else errors.barangay = "Type a barangay name using letters, digits and spaces only.";
  }
  const now = clockNow();
  const { reference } = services(context);
  // The interruptions with their history and the barangay options come from memory (dropped on every content change).
  const [window, barangayOptions] = await Promise.all([
    interruptionWindow(services(context), now),
    reference(`barangay-options:${filter.town ?? ""}`, async () =>
      barangayOptionsOf(await reference("barangays", () => listBarangays(db)), filter.town),
    ),
  ]);
  const schedule = { upcoming: upcomingIn(window, filter, now, { includeCancelled: true }), recent: recentIn(window, filter, now) };
  // Only what the page shows travels to the browser (the data is sent twice: HTML and hydration).
  const row = (i: (typeof schedule.upcoming)[number]) => {
    const { towns: _towns, barangays: _barangays, time: _time, ...shown } = interruptionView(i, now);
    // The status changes members were told about, with the dispatcher's notes ("Announced" alone says nothing new).
    const events = historyOf(i.events, now).filter((e) => e.note || e.label !== "Announced");
    return { ...shown, events };
  };
  return {
    filter: { town: filter.town ?? "", barangay: filter.barangay ?? (errors.barangay ? "" : rawBarangay) },
    errors,
    upcoming: schedule.upcoming.map(row),
    recent: schedule.recent.map(row),
    barangayOptions,
  };
}

/** One option per name, in order; the towns that have it are its hint (many towns have a Poblacion). */
function barangayOptionsOf(barangays: readonly { name: string; town: Town }[], town: Town | undefined) {
  const byName = new Map<string, Town[]>();
  for (const b of barangays) if (!town || b.town === town) byName.set(b.name, [...(byName.get(b.name) ?? []), b.town]);
  return [...byName.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, towns]) => ({ name, towns: towns.join(", ") }));
}

/** The page everyone opens during a typhoon: let browsers and proxies keep it a minute. */
export function headers() {
  return { "Cache-Control": "public, max-age=60, stale-while-revalidate=300" };
}

const pageTags: Route.MetaFunction = () => [
  { title: `Power Interruptions | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content:
      "Scheduled power interruptions in western Pangasinan: date, time, activities, affected areas and circuits, with their status. Filter by town or barangay, or subscribe by calendar or feed.",
  },
];

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/atom+xml", title: "Power interruptions (Atom)", href: "/feeds/power-interruptions.atom" },
  { rel: "alternate", type: "text/calendar", title: "Power interruptions (iCalendar)", href: "/news/power-interruptions.ics" },
];

function filterLabel(f: { town: string; barangay: string }): string {
  if (f.barangay && f.town) return ` in ${f.barangay}, ${f.town}`;
  if (f.barangay) return ` in ${f.barangay}`;
  if (f.town) return ` in ${f.town}`;
  return "";
}

/** Shows while a filter loads on the client; gives up after 2 seconds (the spec's power-interruption spinner). */
function FilterSpinner() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/news/power-interruptions";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) return setVisible(false);
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), UI.interruptionSpinnerMs);
    return () => clearTimeout(timer);
  }, [loading]);
  return (
    <span className="pi-spinner" role="status" aria-live="polite">
      {visible ? (
        <>
          <span className="pi-spinner__wheel" aria-hidden="true" />
          Loading…
        </>
      ) : null}
    </span>
  );
}

type Row = Omit<InterruptionView, "towns" | "barangays" | "time"> & { events: PublicEvent[] };

function InterruptionTable({ items, caption }: { items: Row[]; caption: string }) {
  return (
    <div className="pi-table-wrap">
      <table className="pi-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Time</th>
            <th scope="col">Activities</th>
            <th scope="col">Affected Areas</th>
            <th scope="col">Circuit to be Opened</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id} id={`interruption-${i.id}`} className={`pi-row pi-row--${i.status}`}>
              <td data-label="Date" className="pi-date">
                <time dateTime={i.isoDate}>{i.date}</time>
              </td>
              <td data-label="Time" className="pi-time">
                <time dateTime={i.startsAt}>{i.startTime}</time>
                {" – "}
                <time dateTime={i.endsAt}>{i.endTime}</time>
              </td>
              <td data-label="Activities" className="pi-html" dangerouslySetInnerHTML={{ __html: i.activitiesHtml }} />
              <td data-label="Affected Areas" className="pi-html" dangerouslySetInnerHTML={{ __html: i.affectedAreasHtml }} />
              <td data-label="Circuit to be Opened" className="pi-html" dangerouslySetInnerHTML={{ __html: i.circuitHtml }} />
              <td data-label="Status" className="pi-status-cell">
                <span className={`pi-status pi-status--${i.status}`}>{i.statusLabel}</span>
                <small className="pi-updated">
                  Updated <time dateTime={i.statusSinceIso}>{i.statusSince}</time>
                </small>
                {i.events.length > 0 && (
                  <ul className="pi-history" aria-label="Updates">
                    {i.events.map((e, n) => (
                      <li key={n}>
                        <time dateTime={e.atIso}>{e.at}</time>: {e.label}
                        {e.note ? ` — ${e.note}` : ""}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function PowerInterruptions({ loaderData }: Route.ComponentProps) {
  const { filter, errors, upcoming, recent, barangayOptions } = loaderData;
  const where = filterLabel(filter);
  const filtered = Boolean(filter.town || filter.barangay);
  const icsHref = `/news/power-interruptions.ics${filter.town ? `?town=${encodeURIComponent(filter.town)}` : ""}`;
  const atomHref = `/feeds/power-interruptions.atom${filter.town ? `?town=${encodeURIComponent(filter.town)}` : ""}`;
  return (
    <div className="container page pi-page">
      <Breadcrumb items={[{ label: "News", to: "/news" }, { label: "Power Interruptions" }]} />
      <h1>Power Interruptions</h1>

      <p className="notice pi-note" role="note">
        <strong>Safety first: </strong>
        {ENERGIZED_NOTE}
      </p>
      <p>
        No power that is not on this list, or a line down? <Link to="/report">Report an outage or hazard</Link> ·{" "}
        <Link to="/outages">Restoration status by town</Link>
      </p>

      <Form method="get" className="pi-filter" role="search" aria-label="Find your area" preventScrollReset>
        <Field id="town" label="Town" hint="Or leave it at All towns" error={errors.town}>
          {(p) => (
            <select {...p} defaultValue={filter.town} key={`town-${filter.town}`}>
              <option value="">All towns</option>
              {TOWNS.map((t) => (
                <option key={t} value={t}>
                  {t === "Alaminos" ? "Alaminos City" : t}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="barangay" label="Barangay" hint="Type, then pick from the list" error={errors.barangay}>
          {(p) => (
            <>
              <input
                {...p}
                type="text"
                list="barangay-list"
                autoComplete="off"
                maxLength={80}
                defaultValue={filter.barangay}
                key={`brgy-${filter.barangay}`}
              />
              <datalist id="barangay-list">
                {barangayOptions.map((b) => (
                  <option key={b.name} value={b.name} label={b.towns} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <div className="pi-filter__actions">
          <button type="submit" className="button">
            Show interruptions
          </button>
          {filtered && (
            <Link to="/news/power-interruptions" className="button button--secondary">
              Show all areas
            </Link>
          )}
          <FilterSpinner />
        </div>
      </Form>

      <section aria-labelledby="upcoming-title" className="pi-section">
        <h2 id="upcoming-title">Scheduled and ongoing{where}</h2>
        {upcoming.length ? (
          <InterruptionTable items={upcoming} caption={`Scheduled and ongoing power interruptions${where}`} />
        ) : (
          <div className="pi-empty">
            <p>
              <strong>No power interruptions are scheduled{where}.</strong>
            </p>
            {filtered && (
              <p>
                Check the spelling of the barangay, or <Link to="/news/power-interruptions">see all areas</Link>.
              </p>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="recent-title" className="pi-section">
        <h2 id="recent-title">Recent interruptions{where}</h2>
        <p className="pi-section__hint">Those that ended in the last 14 days, latest first.</p>
        {recent.length ? (
          <InterruptionTable items={recent} caption={`Power interruptions of the last 14 days${where}`} />
        ) : (
          <p className="pi-empty">No interruptions in the last 14 days{where}.</p>
        )}
      </section>

      <section aria-labelledby="subscribe-title" className="pi-subscribe">
        <h2 id="subscribe-title">Get notified</h2>
        <ul>
          <li>
            <Link to="/alerts">Get an e-mail, a text message or a notification</Link> when an interruption is scheduled or changed in your
            town or barangay.
          </li>
          <li>
            <a href={icsHref}>Add to your calendar (iCalendar{filter.town ? `, ${filter.town} only` : ""})</a> — phones and calendar apps
            show new schedules on their own.
          </li>
          <li>
            <a href={atomHref}>Follow the Atom feed{filter.town ? ` (${filter.town} only)` : ""}</a> in a feed reader.
          </li>
        </ul>
        <p>
          For outages not on this list, call our hotline <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>.
        </p>
      </section>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** The query parameters this page reads: the only ones in its server-cache key. */
export const handle = { query: ["town", "barangay"] };
