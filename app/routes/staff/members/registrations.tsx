/**
 * /staff/members/agam/registrations: who registered, filtered by district and date, with
 * their decisions and reasons. A list of people's data: each viewing is audited.
 */
import { Link } from "react-router";
import { listRegistrations } from "../../../../modules/agam/admin.server";
import { districtTown } from "../../../../modules/agam/tally";
import { AGAM_DISTRICTS } from "../../../../modules/shared/constants";
import { formatDateTime } from "../../../../modules/shared/dates";
import { ErrorSummary, Field } from "../../../components/ui/Field";
import { services } from "../../../context";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/registrations";
import { auditMember } from "./audit.server";
import { filterSearch, readRegistrationQuery } from "./registration-query";
import "./members.css";
import { ConsoleTable } from "../ConsoleTable";
import { FilterForm, FilterSelect } from "../Filters";

export const handle: ConsoleHandle = { staff: "members.read" };

const LIMIT = 500;

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "members.read");
  const { query, filter, errors } = readRegistrationQuery(new URL(args.request.url));
  const rows = Object.keys(errors).length ? [] : await listRegistrations(services(args.context).db, filter, LIMIT);
  await auditMember(args, me, {
    action: "agam_registrations.viewed",
    objectType: "agam_registration",
    after: { query, shown: rows.length },
  });
  return {
    query,
    errors,
    limit: LIMIT,
    rows: rows.map((r) => ({ ...r, registeredAt: formatDateTime(r.registeredAt) })),
  };
}

export const meta: Route.MetaFunction = () => consoleMeta("AGAM registrations");

export default function Registrations({ loaderData }: Route.ComponentProps) {
  const { query, errors, rows, limit } = loaderData;
  const search = filterSearch(query);
  return (
    <>
      <p>
        <Link to="/staff/members/agam">← AGAM administration</Link>
      </p>
      <h1>AGAM registrations</h1>
      {Object.keys(errors).length > 0 && <ErrorSummary errors={errors} />}
      <FilterForm label="Filter registrations">
        <FilterSelect
          name="district"
          label="District"
          value={query.district}
          any="All districts"
          options={AGAM_DISTRICTS.map((d) => ({ value: String(d.district), label: `${d.district} ${d.town}` }))}
        />
        <Field id="from" label="From (day)" error={errors.from}>
          {(p) => <input {...p} type="date" defaultValue={query.from} />}
        </Field>
        <Field id="to" label="To (day)" error={errors.to}>
          {(p) => <input {...p} type="date" defaultValue={query.to} />}
        </Field>
      </FilterForm>
      <p className="console-actions">
        <a className="button button--secondary" href={`/staff/members/agam/registrations.csv${search ? `?${search}` : ""}`} download>
          Download CSV
        </a>
      </p>
      {rows.length === 0 ? (
        <p className="notice">No registrations match.</p>
      ) : (
        <ConsoleTable
          stack
          caption={rows.length === limit ? `The newest ${limit} registrations (download the CSV for all)` : `${rows.length} registrations`}
          columns={["Member", "District", "Registered", "Decisions"]}
        >
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                <Link to={`/staff/members/agam/registrations/${r.id}`}>{r.name}</Link>
                <br />
                {r.accountNumber}
              </td>
              <td>
                {r.district} {districtTown(r.district)}
              </td>
              <td>
                {r.registeredAt}
                <br />({r.origin})
              </td>
              <td>
                <ul className="member-decisions">
                  {r.decisions.map((d) => (
                    <li key={d.topicSequence}>
                      {d.topicSequence}: {d.value === 1 ? "approve" : "disapprove"}
                      {d.reason ? ` (${d.reason})` : ""}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </>
  );
}
