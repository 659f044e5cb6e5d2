import { data, Form, Link, redirect } from "react-router";
import {
  CLOSED_STATUSES,
  canMoveTo,
  HAZARD_KINDS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  placeMatches,
  REPORT_KIND_LABELS,
  typedReference,
} from "../../../../modules/reports/model";
import {
  changeIncident,
  getIncident,
  IncidentChangeRefused,
  incidentChangeSchema,
  incidentOfReference,
  listIncidentReports,
  listIncidents,
  listIncidentUpdates,
  notifyReporters,
  type SmsSender,
} from "../../../../modules/reports/queries.server";
import { formatDateTime, toManilaLocalInput } from "../../../../modules/shared/dates";
import { readForm } from "../../../../modules/shared/forms";
import { maskMobile } from "../../../../modules/shared/phone";
import { recordAudit } from "../../../../modules/staff/audit.server";
import { ErrorSummary, Field } from "../../../components/ui/Field";
import { services } from "../../../context";
import { FilterForm, FilterSearch } from "../Filters";
import type { FieldErrors } from "../form";
import { intentOf, postedForm } from "../form.server";
import { requireStaff, staffServices } from "../guard.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/detail";
import "./incidents.css";
import type { ConsoleHandle } from "../nav";

/** What the permission-matrix test checks (tests/staff/permissions.test.ts). */
export const handle: ConsoleHandle = { staff: "incidents.manage" };

async function load(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = Number(args.params.id);
  const db = services(args.context).db;
  const incident = Number.isInteger(id) && id > 0 ? await getIncident(db, id) : null;
  if (!incident) throw data({ message: "There is no such incident." }, { status: 404 });
  return incident;
}

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "incidents.manage");
  const incident = await load(args);
  const db = services(args.context).db;
  const [reports, updates, open] = await Promise.all([
    listIncidentReports(db, incident.id),
    listIncidentUpdates(db, incident.id),
    listIncidents(db, { open: true, limit: 500 }),
  ]);
  const st = staffServices(args);
  // The reports carry reporters' numbers and words: every view is in the audit log.
  await recordAudit(db, {
    actorId: me.id,
    actorEmail: me.email,
    action: "incident.viewed",
    objectType: "incident",
    objectId: incident.id,
    ip: st.ip,
    userAgent: st.userAgent,
  });
  const url = new URL(args.request.url);
  // The picker's search: a report's reference a caller reads out, an incident's number, or words of its place.
  const pick = (url.searchParams.get("pick") ?? "").trim().slice(0, 100);
  const reference = typedReference(pick);
  const pickedId = reference ? await incidentOfReference(db, reference) : /^#?\d{1,9}$/.test(pick) ? Number(pick.replace("#", "")) : null;
  const words = pick.toLowerCase();
  const matches = (o: (typeof open)[number]) => !pick || (reference || pickedId !== null ? o.id === pickedId : placeMatches(o, words));
  return {
    saved: url.searchParams.has("saved"),
    pick,
    sms: /^\d+-\d+$/.test(url.searchParams.get("sms") ?? "") ? url.searchParams.get("sms")!.split("-").map(Number) : null,
    incident: {
      ...incident,
      etr: incident.etr?.toISOString() ?? null,
      lastReportAt: formatDateTime(incident.lastReportAt),
      createdAt: formatDateTime(incident.createdAt),
    },
    next: INCIDENT_STATUSES.filter((s) => canMoveTo(incident.status, s)),
    // The picker of "already reported": the other open incidents, this town's first.
    openIncidents: open
      .filter((o) => o.id !== incident.id && matches(o))
      .sort((a, b) => Number(b.town === incident.town) - Number(a.town === incident.town))
      .map((o) => ({
        id: o.id,
        label: `${REPORT_KIND_LABELS[o.kind]}: ${o.barangay}, ${o.town}${o.landmark ? ` (${o.landmark})` : ""}, ${o.reportCount} report${o.reportCount === 1 ? "" : "s"}`,
      })),
    reports: reports.map((r) => ({
      id: r.id,
      reference: r.reference,
      source: r.source,
      landmark: r.landmark,
      details: r.details,
      position: r.latitude != null && r.longitude != null ? `${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}` : "",
      accountNumber: r.accountNumber,
      mobile: r.mobile ? maskMobile(r.mobile) : "",
      hasPhoto: r.hasPhoto,
      createdAt: formatDateTime(r.createdAt),
    })),
    updates: updates.map((u) => ({
      id: u.id,
      status: u.status,
      etr: u.etr ? formatDateTime(u.etr) : null,
      note: u.note,
      occurredAt: formatDateTime(u.occurredAt),
    })),
  };
}

type ActionResult = { errors: FieldErrors; values: Record<string, string>; callBack?: { reportId: number; mobile: string } };

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "incidents.manage");
  const incident = await load(args);
  const s = services(args.context);
  const posted = await postedForm(args.request);
  if (intentOf(posted, ["call-back"]) === "call-back") return callBack(args, me, incident, posted);
  const form = readForm(posted, incidentChangeSchema);
  const values = form.values;
  if (!form.ok) return data<ActionResult>({ errors: form.errors, values }, { status: 422 });
  const { status, etr, note } = form.data;
  const duplicateOf = Number(form.data.duplicateOf);

  const st = staffServices(args);
  let result;
  try {
    result = await changeIncident(
      s.db,
      {
        incidentId: incident.id,
        status,
        etr,
        note,
        actorId: me.id,
        duplicateOfId: status === "duplicate" ? duplicateOf : undefined,
      },
      new Date(),
      (tx, before) =>
        recordAudit(tx, {
          actorId: me.id,
          actorEmail: me.email,
          action: before.status === status ? "incident.etr_changed" : "incident.status_changed",
          objectType: "incident",
          objectId: incident.id,
          before: { status: before.status, etr: before.etr },
          after: { status, etr, note },
          ip: st.ip,
          userAgent: st.userAgent,
        }),
    );
  } catch (e) {
    if (e instanceof IncidentChangeRefused) return data<ActionResult>({ errors: { status: e.message }, values }, { status: 409 });
    throw e;
  }
  // The hub, the CAP feed and the public lists change: drop the cached copies.
  await s.contentChanged("outages");
  const sms: SmsSender | null = s.sms;
  let told = "";
  if (sms) {
    const outcome = await notifyReporters(s.db, sms, result.update.id, (token) => `${s.publicUrl}/report/status/${token}`);
    if (outcome.sent + outcome.failed > 0) told = `&sms=${outcome.sent}-${outcome.failed}`;
  }
  return redirect(`/staff/incidents/${incident.id}?saved=1${told}`, 303);
}

/**
 * A line down is dangerous: the dispatcher calls the reporter back. The full number is shown
 * on request only, for a report of a line down, and each showing is in the audit log.
 */
async function callBack(
  args: Route.ActionArgs,
  me: Awaited<ReturnType<typeof requireStaff>>,
  incident: Awaited<ReturnType<typeof load>>,
  posted: FormData,
) {
  const s = services(args.context);
  const reportId = Number(posted.get("report"));
  const report = (await listIncidentReports(s.db, incident.id)).find((r) => r.id === reportId);
  if (incident.kind !== "line-down" || !report?.mobile)
    return data<ActionResult>(
      { errors: { form: "The full number is shown only for a report of a line down with a number." }, values: {} },
      { status: 400 },
    );
  const st = staffServices(args);
  await recordAudit(s.db, {
    actorId: me.id,
    actorEmail: me.email,
    action: "report.number_viewed",
    objectType: "outage_report",
    objectId: report.id,
    after: { incidentId: incident.id, reason: "call back on a line down" },
    ip: st.ip,
    userAgent: st.userAgent,
  });
  return data<ActionResult>(
    { errors: {}, values: {}, callBack: { reportId: report.id, mobile: report.mobile } },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData ? `Incident #${loaderData.incident.id}` : "Incident");

export default function IncidentDetail({ loaderData: d, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const errors = result?.errors ?? {};
  const callBackNumber = result?.callBack;
  const i = d.incident;
  const closed = CLOSED_STATUSES.has(i.status);
  return (
    <>
      <p>
        <Link to="/staff/incidents">All incidents</Link>
      </p>
      <h1>
        #{i.id} {REPORT_KIND_LABELS[i.kind]}: {i.barangay}, {i.town}
      </h1>
      {d.saved && (
        <p className="console-status" role="status">
          Saved.{d.sms ? ` Text messages sent: ${d.sms[0]}, failed: ${d.sms[1]}.` : ""}
        </p>
      )}
      {HAZARD_KINDS.has(i.kind) && <p className="notice notice--error">A hazard to people: send a crew or call the barangay.</p>}
      <dl className="summary-list">
        <div>
          <dt>State</dt>
          <dd>{INCIDENT_STATUS_LABELS[i.status]}</dd>
        </div>
        <div>
          <dt>Reports</dt>
          <dd>
            {i.reportCount} (first {i.createdAt}, newest {i.lastReportAt})
          </dd>
        </div>
        <div>
          <dt>Estimated restoration</dt>
          <dd>{i.etr ? formatDateTime(i.etr) : "Not given"}</dd>
        </div>
      </dl>

      {!closed && (
        <section className="console-card" aria-labelledby="change-title">
          <h2 id="change-title">Change</h2>
          <ErrorSummary errors={errors} />
          <FilterForm label="Find the open incident to group into" button="Find">
            <FilterSearch name="pick" value={d.pick} label="Find an open incident (R-reference, number, barangay or town)" />
          </FilterForm>
          {d.pick && (
            <p role="status">
              {d.openIncidents.length === 0
                ? `No other open incident matches “${d.pick}”.`
                : d.openIncidents.length === 1
                  ? `1 open incident matches “${d.pick}”: it is chosen below.`
                  : `${d.openIncidents.length} open incidents match “${d.pick}”: choose below.`}
            </p>
          )}
          <Form method="post" noValidate>
            <Field id="status" label="New state" error={errors.status}>
              {(p) => (
                <select {...p} defaultValue={result?.values.status ?? i.status}>
                  <option value={i.status}>{INCIDENT_STATUS_LABELS[i.status]} (no change)</option>
                  {d.next.map((s) => (
                    <option key={s} value={s}>
                      {INCIDENT_STATUS_LABELS[s]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id="etr" label="Estimated restoration (Manila time)" hint="Leave empty when unknown." error={errors.etr}>
              {(p) => <input {...p} type="datetime-local" defaultValue={result?.values.etr ?? toManilaLocalInput(i.etr)} />}
            </Field>
            <Field id="note" label="Note for the reporters (optional)" hint="Shown on their status page." error={errors.note}>
              {(p) => <input {...p} type="text" maxLength={300} defaultValue={result?.values.note} />}
            </Field>
            <Field
              id="duplicateOf"
              label="Group into the open incident (for “already reported”)"
              hint="Its reporters' pages then follow that incident until the power is back. Same town first."
              error={errors.duplicateOf}
            >
              {(p) => (
                <select
                  {...p}
                  defaultValue={
                    result?.values.duplicateOf ?? (d.pick && d.openIncidents.length === 1 ? String(d.openIncidents[0]!.id) : "")
                  }
                >
                  <option value="">Choose…</option>
                  {d.openIncidents.map((o) => (
                    <option key={o.id} value={o.id}>
                      #{o.id} {o.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button type="submit" className="button">
              Save
            </button>
          </Form>
        </section>
      )}

      <h2>Reports</h2>
      <ul className="incident-reports">
        {d.reports.map((r) => (
          <li key={r.id}>
            <strong>{r.reference}</strong> · {r.createdAt} ·{" "}
            {r.source === "me-too" ? "“this is mine too”" : r.source === "open311" ? "Open311" : "web form"}
            {r.landmark && <div>Place: {r.landmark}</div>}
            {r.details && <div>Seen: {r.details}</div>}
            {r.position && (
              <div>
                Position: <span className="console-code">{r.position}</span>
              </div>
            )}
            {(r.mobile || r.accountNumber) && (
              <div>
                {r.mobile && `Mobile ${r.mobile}`} {r.accountNumber && `Account ${r.accountNumber}`}
              </div>
            )}
            {r.mobile && d.incident.kind === "line-down" && (
              <Form method="post" className="console-actions">
                <input type="hidden" name="intent" value="call-back" />
                <input type="hidden" name="report" value={r.id} />
                {callBackNumber?.reportId === r.id ? (
                  <p className="console-status" role="status">
                    Call back: <a href={`tel:${callBackNumber.mobile}`}>{callBackNumber.mobile}</a> (this view is in the audit log)
                  </p>
                ) : (
                  <button type="submit" className="button button--secondary">
                    Show the full number to call back
                  </button>
                )}
              </Form>
            )}
            {r.hasPhoto && <img src={`/staff/incidents/photo/${r.id}`} alt={`Sent with report ${r.reference}`} loading="lazy" />}
          </li>
        ))}
      </ul>

      <h2>History</h2>
      <ol>
        {d.updates.map((u) => (
          <li key={u.id}>
            {u.occurredAt}: {INCIDENT_STATUS_LABELS[u.status]}
            {u.etr ? `, ETR ${u.etr}` : ""}
            {u.note ? `. ${u.note}` : ""}
          </li>
        ))}
      </ol>
    </>
  );
}
