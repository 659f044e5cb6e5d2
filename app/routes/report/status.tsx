import { data } from "react-router";
import {
  CLOSED_STATUSES,
  INCIDENT_PROGRESS,
  INCIDENT_STATUS_EXPLAINED,
  INCIDENT_STATUS_LABELS,
  REPORT_KIND_LABELS,
} from "../../../modules/reports/model";
import { getReportByToken } from "../../../modules/reports/queries.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { formatDateTime } from "../../../modules/shared/dates";
import { maskMobile } from "../../../modules/shared/phone";
import { services } from "../../context";
import type { Route } from "./+types/status";
import "./report.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Report ${loaderData?.reference ?? ""} | ${COOPERATIVE.shortName}` },
  // A personal page: its address is the key. Never indexed.
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
});

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const s = services(context);
  const report = await getReportByToken(s.db, params.token);
  if (!report) throw data("Not found", { status: 404 });
  const i = report.incident;
  return {
    justFiled: new URL(request.url).searchParams.has("new"),
    reference: report.reference,
    meToo: report.source === "me-too",
    landmark: report.landmark,
    createdAt: report.createdAt.toISOString(),
    mobile: report.mobile ? maskMobile(report.mobile) : "",
    smsOn: Boolean(s.sms),
    hasPhoto: report.hasPhoto,
    groupedInto: report.groupedInto,
    incident: {
      kind: i.kind,
      status: i.status,
      barangay: i.barangay,
      town: i.town,
      reportCount: i.reportCount,
      etr: i.etr?.toISOString() ?? null,
    },
    updates: report.updates.map((u) => ({
      id: u.id,
      status: u.status,
      etr: u.etr?.toISOString() ?? null,
      note: u.note,
      occurredAt: u.occurredAt.toISOString(),
    })),
  };
}

export default function ReportStatus({ loaderData: d }: Route.ComponentProps) {
  const status = d.incident.status;
  const closedOther = status === "duplicate" || status === "not-ours";
  const reached = INCIDENT_PROGRESS.indexOf(status);
  return (
    <div className="container page report-status">
      <h1>Your report</h1>
      {d.justFiled && (
        <div className="notice notice--success" role="status">
          <strong>Thank you. We have your report.</strong> Keep this page (bookmark it): it shows each change. Anyone with its address can
          see it, so share it only with your household.
        </div>
      )}
      <p>
        Reference <span className="report-status__reference">{d.reference}</span>
        <br />
        Quote it if you call us at <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>.
      </p>
      {d.groupedInto && (
        <p className="notice">
          Others nearby reported the same problem: your report is grouped with theirs (incident {d.groupedInto}). This page follows that
          incident until the power is back.
        </p>
      )}
      <dl className="summary-list">
        <div>
          <dt>Problem</dt>
          <dd>{REPORT_KIND_LABELS[d.incident.kind]}</dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>
            {d.incident.barangay}, {d.incident.town}
            {d.landmark ? ` (${d.landmark})` : ""}
          </dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>
            {formatDateTime(d.createdAt)}
            {d.meToo ? " (added to a report already made)" : ""}
            {d.hasPhoto ? ", with a photo" : ""}
          </dd>
        </div>
        <div>
          <dt>People who reported it</dt>
          <dd>{d.incident.reportCount}</dd>
        </div>
        <div>
          <dt>Estimated restoration</dt>
          <dd>{d.incident.etr ? formatDateTime(d.incident.etr) : CLOSED_STATUSES.has(status) ? "—" : "Not yet estimated"}</dd>
        </div>
        <div>
          <dt>Text messages</dt>
          <dd>
            {d.mobile
              ? d.smsOn
                ? `We text ${d.mobile} at each change.`
                : `Number on file: ${d.mobile}. Text messages are not available yet; check this page.`
              : "No number given: check this page."}
          </dd>
        </div>
      </dl>

      <h2>Status: {INCIDENT_STATUS_LABELS[status]}</h2>
      <p>{INCIDENT_STATUS_EXPLAINED[status]}</p>
      {!closedOther && (
        <ol className="report-status__steps" aria-label="Progress">
          {INCIDENT_PROGRESS.map((step, n) => {
            // A step counts as done only when it happened: a dispatcher may skip some.
            const happened = d.updates.some((u) => u.status === step);
            return (
              <li key={step} data-done={happened} aria-current={n === reached ? "step" : undefined}>
                {INCIDENT_STATUS_LABELS[step]}
                {n < reached ? (happened ? " ✓" : " (skipped)") : ""}
              </li>
            );
          })}
        </ol>
      )}

      <h2>History</h2>
      <ol className="report-status__history">
        {d.updates.map((u) => (
          <li key={u.id}>
            <time dateTime={u.occurredAt}>{formatDateTime(u.occurredAt)}</time>: {INCIDENT_STATUS_LABELS[u.status]}
            {u.etr ? `, estimated restoration ${formatDateTime(u.etr)}` : ""}
            {u.note ? `. ${u.note}` : ""}
          </li>
        ))}
      </ol>
      <p>
        <a href="/outages">Restoration status by town</a> · <a href="/report">Report another problem</a>
      </p>
    </div>
  );
}
