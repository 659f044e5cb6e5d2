/**
 * /staff/interruptions: the dispatcher's list. Search and filters; each interruption shows
 * its status with the next steps as big buttons (first tap here, second tap confirms).
 */
import { Link } from "react-router";
import { PUBLIC_STATE_LABELS, type PublicState, publicationWhen } from "../../../../modules/content/publication-state";
import { listInterruptionsForStaff, NEXT_STATUSES, STATUS_ACTION_LABELS } from "../../../../modules/interruptions/editor.server";
import { currentStatus, INTERRUPTION_STATUS_LABELS } from "../../../../modules/interruptions/model";
import { now as clockNow } from "../../../../modules/shared/clock";
import { isTown, TOWNS } from "../../../../modules/shared/constants";
import { formatDateWithWeekday, formatTime } from "../../../../modules/shared/dates";
import { toPlainText } from "../../../../modules/shared/html";
import { services } from "../../../context";
import { StateBadge } from "../content/PublicationFields";
import { MISSING_OPTIONS, MissingTranslations, missingParam } from "../content/TranslationFields";
import { FilterForm, FilterSearch, FilterSelect, PUBLISHING_OPTIONS } from "../Filters";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import "../content/content.css";
import type { Route } from "./+types/list";

export const handle: ConsoleHandle = { staff: "interruptions.manage" };

const STATES = Object.keys(PUBLIC_STATE_LABELS) as PublicState[];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "interruptions.manage");
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const townParam = url.searchParams.get("town") ?? "";
  const town = isTown(townParam) ? townParam : undefined;
  const stateParam = url.searchParams.get("state") ?? "";
  const state = (STATES as string[]).includes(stateParam) ? (stateParam as PublicState) : "";
  const whenParam = url.searchParams.get("when");
  const when = whenParam === "past" || whenParam === "all" ? whenParam : "upcoming";
  const missing = missingParam(url.searchParams.get("missing"));
  const rows = await listInterruptionsForStaff(services(args.context).db, { q, town, state, when, missing });
  const now = clockNow();
  return {
    filter: { q, town: town ?? "", state, when, missing },
    saved: url.searchParams.get("saved") ?? "",
    items: rows.map((r) => {
      // The console shows the status the dispatcher set; the public sees the clock's view too, so say when they differ.
      const shown = currentStatus(r, now).status;
      const status = r.status;
      return {
        id: r.id,
        date: formatDateWithWeekday(r.startsAt),
        time: `${formatTime(r.startsAt)} – ${formatTime(r.endsAt)}`,
        towns: r.towns.join(", "),
        activities: toPlainText(r.activities).slice(0, 120),
        status,
        statusLabel: INTERRUPTION_STATUS_LABELS[status],
        hint: shown !== status ? `The public page shows it as ${INTERRUPTION_STATUS_LABELS[shown].toLowerCase()} (by its times).` : "",
        state: r.state,
        when: publicationWhen(r, r.state),
        view: r.state === "published" ? `/news/power-interruptions#interruption-${r.id}` : null,
        missing: r.missing,
        next: NEXT_STATUSES[r.status].map((s) => ({ status: s, label: STATUS_ACTION_LABELS[s] })),
      };
    }),
  };
}

export const meta: Route.MetaFunction = () => consoleMeta("Power interruptions");

export default function InterruptionList({ loaderData }: Route.ComponentProps) {
  const { filter, items, saved } = loaderData;
  return (
    <>
      <h1>Power interruptions</h1>
      {saved && (
        <p className="console-status" role="status">
          {saved}
        </p>
      )}
      <p className="console-actions">
        <Link className="button button--danger" to="/staff/interruptions/power-off">
          Power off now
        </Link>
        <Link className="button" to="/staff/interruptions/new">
          New interruption
        </Link>
        <Link className="button button--secondary" to="/staff/interruptions/import">
          Import a week (CSV)
        </Link>
      </p>
      <details
        className="filters-toggle"
        open={Boolean(filter.q || filter.town || filter.state || filter.missing || filter.when !== "upcoming")}
      >
        <summary>Search and filters</summary>
        <FilterForm label="Find interruptions">
          <FilterSearch value={filter.q} />
          <FilterSelect name="town" label="Town" value={filter.town} any="All towns" options={TOWNS} />
          <FilterSelect name="state" label="Publishing" value={filter.state} any="Any" options={PUBLISHING_OPTIONS} />
          <FilterSelect name="missing" label="Translations" value={filter.missing} any="Any" options={MISSING_OPTIONS} />
          <FilterSelect
            name="when"
            label="When"
            value={filter.when}
            options={[
              { value: "upcoming", label: "Today and later" },
              { value: "past", label: "Past" },
              { value: "all", label: "All" },
            ]}
          />
        </FilterForm>
      </details>
      {items.length === 0 ? (
        <p className="notice">No interruptions match.</p>
      ) : (
        <ul className="content-list">
          {items.map((i) => (
            <li key={i.id} className="content-item">
              <div className="content-item__head">
                <span className={`status-badge status-badge--${i.status}`}>{i.statusLabel}</span>
                <StateBadge state={i.state} />
                {i.when && <span className="content-item__when">{i.when}</span>}
              </div>
              {i.hint && <p className="status-hint">{i.hint}</p>}
              <p className="content-item__title">
                <Link to={`/staff/interruptions/${i.id}`}>
                  {i.date}, {i.time}
                </Link>
              </p>
              <p className="content-item__meta">
                {i.towns || "No town"} · {i.activities}
              </p>
              <MissingTranslations missing={i.missing} />
              {i.view && (
                <p className="content-item__meta">
                  <a href={i.view}>
                    View on site<span className="visually-hidden">: {`${i.date}, ${i.time}`}</span>
                  </a>
                </p>
              )}
              {i.next.length > 0 && (
                <div className="status-buttons">
                  {i.next.map((n) => (
                    <Link
                      key={n.status}
                      className={`button${n.status === "cancelled" ? " button--secondary" : ""}`}
                      to={`/staff/interruptions/${i.id}/status?to=${n.status}`}
                    >
                      {n.label}
                    </Link>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
