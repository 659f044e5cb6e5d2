import { Link, redirect } from "react-router";
import { HAZARD_KINDS, INCIDENT_STATUS_LABELS, placeMatches, REPORT_KIND_LABELS, typedReference } from "../../../../modules/reports/model";
import { incidentOfReference, listIncidents } from "../../../../modules/reports/queries.server";
import { isTown, TOWNS } from "../../../../modules/shared/constants";
import { formatDateTime } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { requireStaff } from "../guard.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/list";
import "./incidents.css";
import { FilterForm, FilterSearch, FilterSelect } from "../Filters";
import type { ConsoleHandle } from "../nav";

/** What the permission-matrix test checks (tests/staff/permissions.test.ts). */
export const handle: ConsoleHandle = { staff: "incidents.manage" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "incidents.manage");
  const url = new URL(args.request.url);
  const townParam = url.searchParams.get("town") ?? "";
  const town = isTown(townParam) ? townParam : undefined;
  const closed = url.searchParams.get("show") === "all";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const db = services(args.context).db;
  // The reference a caller reads out (R-…), or an incident's number, opens that incident.
  const reference = typedReference(q);
  let notFound = "";
  if (reference) {
    const id = await incidentOfReference(db, reference);
    if (id) throw redirect(`/staff/incidents/${id}`);
    notFound = `No report has the reference ${reference}.`;
  } else if (/^#?\d{1,9}$/.test(q)) {
    const [one] = await listIncidents(db, { ids: [Number(q.replace("#", ""))], limit: 1 });
    if (one) throw redirect(`/staff/incidents/${one.id}`);
    notFound = `There is no incident number ${q.replace("#", "")}.`;
  }
  const words = notFound ? "" : q.toLowerCase();
  const list = (await listIncidents(db, { open: !closed, town, limit: 300 })).filter((i) => !words || placeMatches(i, words));
  return {
    town: town ?? "",
    closed,
    q,
    notFound,
    incidents: list.map((i) => ({
      id: i.id,
      kind: i.kind,
      status: i.status,
      town: i.town,
      barangay: i.barangay,
      landmark: i.landmark,
      reportCount: i.reportCount,
      etr: i.etr ? formatDateTime(i.etr) : null,
      last: formatDateTime(i.lastReportAt),
    })),
  };
}

export const meta: Route.MetaFunction = () => consoleMeta("Incidents");

export default function IncidentList({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1>Incidents</h1>
      <p className="console-actions">
        <Link to="/staff/outages">Restoration hub and major event</Link>
        <Link to="/staff/open311-keys">Open311 keys</Link>
      </p>
      <FilterForm label="Filter the incidents" button="Filter">
        <FilterSearch value={d.q} label="Reference (R-…), number or barangay" />
        <FilterSelect name="town" label="Town" value={d.town} any="All towns" options={TOWNS} />
        <FilterSelect
          name="show"
          label="Show"
          value={d.closed ? "all" : "open"}
          options={[
            { value: "open", label: "Open only" },
            { value: "all", label: "Open and closed" },
          ]}
        />
      </FilterForm>
      {d.notFound && (
        <p className="notice notice--error" role="alert">
          {d.notFound}
        </p>
      )}
      {d.incidents.length === 0 ? (
        <p>No incidents here.</p>
      ) : (
        <ul className="incident-cards" aria-label="Incidents, newest report first">
          {d.incidents.map((i) => (
            <li key={i.id} className={`incident-card${HAZARD_KINDS.has(i.kind) ? " incident-card--hazard" : ""}`}>
              <Link to={`/staff/incidents/${i.id}`} className="incident-card__title">
                #{i.id} {REPORT_KIND_LABELS[i.kind]}: {i.barangay}, {i.town}
              </Link>
              <span className="incident-card__status">{INCIDENT_STATUS_LABELS[i.status]}</span>
              <span>
                {i.reportCount} {i.reportCount === 1 ? "report" : "reports"} · newest {i.last}
                {i.etr ? ` · ETR ${i.etr}` : ""}
              </span>
              {i.landmark && <span className="incident-card__place">{i.landmark}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
