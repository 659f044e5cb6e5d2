/**
 * /staff/members/connections: the new-connection pre-registrations and where each stands,
 * oldest first, filtered by status, town and how long they have waited.
 */
import { Link } from "react-router";
import { CONNECTION_CHECKLIST } from "../../../../modules/members/connection-options";
import {
  CONNECTION_AGES,
  CONNECTION_STATUS_LABELS,
  CONNECTION_STATUSES,
  type ConnectionAge,
  daysWaiting,
  isConnectionAge,
  isConnectionStatus,
  townOfAddress,
} from "../../../../modules/members/connection-queue";
import { listQueue } from "../../../../modules/members/connection-queue.server";
import { isTown, TOWNS } from "../../../../modules/shared/constants";
import { formatDate } from "../../../../modules/shared/dates";
import { recordAudit } from "../../../../modules/staff/audit.server";
import { services } from "../../../context";
import { requireStaff, staffServices } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/connections";
import "./members.css";
import { FilterForm, FilterSelect } from "../Filters";

export const handle: ConsoleHandle = { staff: "members.read" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "members.read");
  const params = new URL(args.request.url).searchParams;
  const statusParam = params.get("status") ?? "";
  const townParam = params.get("town") ?? "";
  const ageParam = params.get("age") ?? "";
  const status = isConnectionStatus(statusParam) ? statusParam : undefined;
  const town = isTown(townParam) ? townParam : undefined;
  const age: ConnectionAge = isConnectionAge(ageParam) ? ageParam : "";
  const now = new Date();
  const db = services(args.context).db;
  const { total, rows } = await listQueue(db, { status, town, age }, now);
  // The list names applicants: the view is in the audit log, with the filter it was asked with.
  const st = staffServices(args);
  await recordAudit(db, {
    actorId: me.id,
    actorEmail: me.email,
    action: "connection_queue.viewed",
    objectType: "connection_preregistration",
    after: { status: status ?? null, town: town ?? null, age: age || null, shown: rows.length },
    ip: st.ip,
    userAgent: st.userAgent,
  });
  return {
    filter: { status: status ?? "", town: town ?? "", age },
    total,
    rows: rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      name: `${r.lastName}, ${r.firstName}`,
      town: townOfAddress(r.address) ?? "—",
      received: formatDate(r.createdAt),
      days: daysWaiting(r.createdAt, now),
      status: r.status,
      documents: r.documents?.length ?? 0,
      when:
        r.status === "seminar-scheduled" && r.seminarDate
          ? formatDate(`${r.seminarDate}T12:00:00+08:00`)
          : r.status === "inspection" && r.inspectionDate
            ? formatDate(`${r.inspectionDate}T12:00:00+08:00`)
            : "",
    })),
  };
}

export const meta: Route.MetaFunction = () => consoleMeta("Connection queue");

export default function ConnectionQueue({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1>New connection queue</h1>
      <FilterForm label="Filter the queue" button="Filter">
        <FilterSelect
          name="status"
          label="Status"
          value={d.filter.status}
          any="Every status"
          options={CONNECTION_STATUSES.map((s) => ({ value: s, label: CONNECTION_STATUS_LABELS[s] }))}
        />
        <FilterSelect name="town" label="Town" value={d.filter.town} any="All towns" options={TOWNS} />
        <FilterSelect
          name="age"
          label="Waiting since received"
          value={d.filter.age}
          options={Object.entries(CONNECTION_AGES).map(([value, label]) => ({ value, label }))}
        />
      </FilterForm>
      <p role="status">
        {d.total} {d.total === 1 ? "pre-registration" : "pre-registrations"}, oldest first
        {d.total > d.rows.length ? ` (the first ${d.rows.length} shown)` : ""}.
      </p>
      {d.rows.length > 0 && (
        <ul className="queue-list" aria-label="Pre-registrations, oldest first">
          {d.rows.map((r) => (
            <li key={r.id} className="queue-item">
              <div className="queue-item__who">
                <Link to={`/staff/members/connections/${r.id}`} className="queue-item__name">
                  {r.name}
                </Link>
                <span className="queue-reference">{r.reference}</span>
              </div>
              <div className="queue-item__status">
                <span className={`queue-status queue-status--${r.status}`}>{CONNECTION_STATUS_LABELS[r.status]}</span>
                {r.when && <span> {r.when}</span>}
              </div>
              <div className="queue-item__facts">
                {r.town} · received {r.received} ({r.days === 0 ? "today" : r.days === 1 ? "1 day ago" : `${r.days} days ago`}) · documents{" "}
                {r.documents} of {CONNECTION_CHECKLIST.length}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
