import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { historyOf, type PublicEvent } from "../../../modules/interruptions/history.server";
import { type InterruptionFilter, interruptionWindow, recentIn, upcomingIn } from "../../../modules/interruptions/queries.server";
import { type InterruptionView, interruptionView } from "../../../modules/interruptions/view";
import { listBarangays } from "../../../modules/places/barangays.server";
import { barangayQuery, townQuery } from "../../../modules/shared/api-params";
import { now as clockNow } from "../../../modules/shared/clock";
import { COOPERATIVE, TOWNS, type Town, UI } from "../../../modules/shared/constants";
import { localeOfPath, stripLocale, type Translator, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import { requestLocale, useLocale, useLocalePath, useT } from "../../i18n";
import { EVENT_KEYS, interruptionMessages, STATUS_KEYS } from "../../messages/interruptions";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/page";
import "./interruptions.css";
import { townNamed } from "../../../modules/places/towns";
import { Field } from "../../components/ui/Field";
import { socialMeta } from "../../seo";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const params = new URL(request.url).searchParams;
  const locale = requestLocale(request);
  const t = translator(interruptionMessages, locale);
  const rawTown = (params.get("town") ?? "").trim();
  const rawBarangay = (params.get("barangay") ?? "").trim();
  const filter: InterruptionFilter = {};
  const errors: { town?: string; barangay?: string } = {};
  if (rawTown) {
    const town = townQuery.safeParse(townNamed(rawTown) ?? rawTown);
    if (town.success) filter.town = town.data;
    else errors.town = t("pi.town.error", { value: rawTown.slice(0, 40) });
  }
  if (rawBarangay) {
    const barangay = barangayQuery.safeParse(rawBarangay);
    if (barangay.success) filter.barangay = barangay.data;
    else errors.barangay = t("pi.barangay.error");
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
    const { towns: _towns, barangays: _barangays, time: _time, ...shown } = interruptionView(i, now, locale);
    // The status changes members were told about, with the dispatcher's notes ("Announced" alone says nothing new).
    const events = historyOf(i.events, now, locale)
      .filter((e) => e.note || e.kind !== "published")
      .map((e) => ({ ...e, label: EVENT_KEYS[e.kind] ? t(EVENT_KEYS[e.kind]!) : e.label }));
    return { ...shown, statusLabel: t(STATUS_KEYS[shown.status]), events };
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

const pageTags: Route.MetaFunction = ({ location }) => {
  const t = translator(interruptionMessages, localeOfPath(location.pathname));
  return [
    { title: `${t("pi.title")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: t("pi.description") },
    // The feeds, named in the page's language (here rather than in `links`, which cannot see the path).
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: t("pi.feed.atom"), href: "/feeds/power-interruptions.atom" },
    { tagName: "link", rel: "alternate", type: "text/calendar", title: t("pi.feed.ics"), href: "/news/power-interruptions.ics" },
  ];
};

function filterLabel(f: { town: string; barangay: string }, t: Translator<typeof interruptionMessages.en>): string {
  if (f.barangay && f.town) return t("pi.where", { place: `${f.barangay}, ${f.town}` });
  if (f.barangay) return t("pi.where", { place: f.barangay });
  if (f.town) return t("pi.where", { place: f.town });
  return "";
}

/** Shows while a filter loads on the client; gives up after 2 seconds (the spec's power-interruption spinner). */
function FilterSpinner() {
  const navigation = useNavigation();
  const t = useT(interruptionMessages);
  const loading = navigation.state === "loading" && stripLocale(navigation.location?.pathname ?? "") === "/news/power-interruptions";
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
          {t("pi.loading")}
        </>
      ) : null}
    </span>
  );
}

type Row = Omit<InterruptionView, "towns" | "barangays" | "time"> & { events: PublicEvent[] };

function InterruptionTable({ items, caption }: { items: Row[]; caption: string }) {
  const t = useT(interruptionMessages);
  const locale = useLocale();
  const staffLang = locale === "en" ? undefined : "en";
  return (
    <div className="pi-table-wrap">
      <table className="pi-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("pi.col.date")}</th>
            <th scope="col">{t("pi.col.time")}</th>
            <th scope="col">{t("pi.col.activities")}</th>
            <th scope="col">{t("pi.col.areas")}</th>
            <th scope="col">{t("pi.col.circuit")}</th>
            <th scope="col">{t("pi.col.status")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id} id={`interruption-${i.id}`} className={`pi-row pi-row--${i.status}`}>
              <td data-label={t("pi.col.date")} className="pi-date">
                <time dateTime={i.isoDate}>{i.date}</time>
              </td>
              <td data-label={t("pi.col.time")} className="pi-time">
                <time dateTime={i.startsAt}>{i.startTime}</time>
                {" – "}
                <time dateTime={i.endsAt}>{i.endTime}</time>
              </td>
              <td
                data-label={t("pi.col.activities")}
                className="pi-html"
                lang={i.activitiesLang === locale ? undefined : i.activitiesLang}
                dangerouslySetInnerHTML={{ __html: i.activitiesHtml }}
              />
              {/* The areas and the circuit are typed by staff in English only (decision 0030 translates the activities). */}
              <td
                data-label={t("pi.col.areas")}
                className="pi-html"
                lang={staffLang}
                dangerouslySetInnerHTML={{ __html: i.affectedAreasHtml }}
              />
              <td
                data-label={t("pi.col.circuit")}
                className="pi-html"
                lang={staffLang}
                dangerouslySetInnerHTML={{ __html: i.circuitHtml }}
              />
              <td data-label={t("pi.col.status")} className="pi-status-cell">
                <span className={`pi-status pi-status--${i.status}`}>{i.statusLabel}</span>
                <small className="pi-updated">
                  {t("pi.updated")}
                  <time dateTime={i.statusSinceIso}>{i.statusSince}</time>
                </small>
                {i.events.length > 0 && (
                  <ul className="pi-history" aria-label={t("pi.updates")}>
                    {i.events.map((e, n) => (
                      <li key={n}>
                        <time dateTime={e.atIso}>{e.at}</time>: {e.label}
                        {e.note ? (
                          <>
                            {" — "}
                            <span lang={staffLang}>{e.note}</span>
                          </>
                        ) : (
                          ""
                        )}
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
  const t = useT(interruptionMessages);
  const nav = useT(shellMessages);
  const lp = useLocalePath();
  const where = filterLabel(filter, t);
  const filtered = Boolean(filter.town || filter.barangay);
  const icsHref = `/news/power-interruptions.ics${filter.town ? `?town=${encodeURIComponent(filter.town)}` : ""}`;
  const atomHref = `/feeds/power-interruptions.atom${filter.town ? `?town=${encodeURIComponent(filter.town)}` : ""}`;
  return (
    <div className="container page pi-page">
      <Breadcrumb items={[{ label: nav("nav.news"), to: "/news" }, { label: t("pi.title") }]} />
      <h1>{t("pi.title")}</h1>

      <p className="notice pi-note" role="note">
        <strong>{t("pi.safety")}</strong>
        {t("pi.energized")}
      </p>
      <p>
        {t("pi.noPower")}
        <Link to={lp("/report")}>{t("pi.report")}</Link> · <Link to={lp("/outages")}>{t("pi.restoration")}</Link>
      </p>

      <Form method="get" className="pi-filter" role="search" aria-label={t("pi.find")} preventScrollReset>
        <Field id="town" label={t("pi.town")} hint={t("pi.town.hint")} error={errors.town}>
          {(p) => (
            <select {...p} defaultValue={filter.town} key={`town-${filter.town}`}>
              <option value="">{t("pi.town.all")}</option>
              {TOWNS.map((town) => (
                <option key={town} value={town}>
                  {town === "Alaminos" ? "Alaminos City" : town}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="barangay" label={t("pi.barangay")} hint={t("pi.barangay.hint")} error={errors.barangay}>
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
            {t("pi.show")}
          </button>
          {filtered && (
            <Link to={lp("/news/power-interruptions")} className="button button--secondary">
              {t("pi.showAll")}
            </Link>
          )}
          <FilterSpinner />
        </div>
      </Form>

      <section aria-labelledby="upcoming-title" className="pi-section">
        <h2 id="upcoming-title">{t("pi.upcoming", { where })}</h2>
        {upcoming.length ? (
          <InterruptionTable items={upcoming} caption={t("pi.upcoming.caption", { where })} />
        ) : (
          <div className="pi-empty">
            <p>
              <strong>{t("pi.none", { where })}</strong>
            </p>
            {filtered && (
              <p>
                {t("pi.spelling")}
                <Link to={lp("/news/power-interruptions")}>{t("pi.seeAll")}</Link>.
              </p>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="recent-title" className="pi-section">
        <h2 id="recent-title">{t("pi.recent", { where })}</h2>
        <p className="pi-section__hint">{t("pi.recent.hint")}</p>
        {recent.length ? (
          <InterruptionTable items={recent} caption={t("pi.recent.caption", { where })} />
        ) : (
          <p className="pi-empty">{t("pi.recent.none", { where })}</p>
        )}
      </section>

      <section aria-labelledby="subscribe-title" className="pi-subscribe">
        <h2 id="subscribe-title">{t("pi.notify")}</h2>
        <ul>
          <li>
            <Link to={lp("/alerts")}>{t("pi.notify.alerts")}</Link>
            {t("pi.notify.alerts.rest")}
          </li>
          <li>
            <a href={icsHref}>{t("pi.notify.ics", { town: filter.town })}</a>
            {t("pi.notify.ics.rest")}
          </li>
          <li>
            <a href={atomHref}>{t("pi.notify.atom", { town: filter.town })}</a>
            {t("pi.notify.atom.rest")}
          </li>
        </ul>
        <p>
          {t("pi.hotline")}
          <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>.
        </p>
      </section>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** The query parameters this page reads: the only ones in its server-cache key. */
export const handle = { query: ["town", "barangay"] };
