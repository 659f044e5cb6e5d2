import { data } from "react-router";
import { CLOSED_STATUSES, INCIDENT_PROGRESS } from "../../../modules/reports/model";
import { getReportByToken } from "../../../modules/reports/queries.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { formatDateTime } from "../../../modules/shared/dates";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { maskMobile } from "../../../modules/shared/phone";
import { services } from "../../context";
import { requestT, useLocale, useLocalePath, useT } from "../../i18n";
import { reportStatusMessages, STATUS_KEYS } from "../../messages/report-status";
import { reportMessages } from "../../messages/reports";
import { signedInAccount } from "../mco/account.server";
import type { Route } from "./+types/status";
import "./report.css";

export const meta: Route.MetaFunction = ({ loaderData, location }) => [
  {
    title: `${translator(reportStatusMessages, localeOfPath(location.pathname))("rs.meta", { reference: loaderData?.reference ?? "" })} | ${COOPERATIVE.shortName}`,
  },
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
  if (!report) throw data(requestT(reportStatusMessages, request)("rs.notFound"), { status: 404 });
  const i = report.incident;
  // A member who reported from their account goes back to it from here (only when it is theirs).
  const portal = await signedInAccount(request, context, report.accountNumber);
  return {
    portalAccount: portal?.accountNumber ?? null,
    justFiled: new URL(request.url).searchParams.has("new"),
    reference: report.reference,
    meToo: report.source === "me-too",
    landmark: report.landmark,
    createdAt: report.createdAt.toISOString(),
    mobile: report.mobile ? maskMobile(report.mobile) : "",
    smsOn: Boolean(s.sms),
    hasPhoto: report.hasPhoto,
    groupedInto: report.groupedInto,
    place: report.place,
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
  const t = useT(reportStatusMessages);
  const tk = useT(reportMessages);
  const lp = useLocalePath();
  const locale = useLocale();
  const at = (d: string) => formatDateTime(d, locale);
  return (
    <div className="container page report-status">
      <h1>{t("rs.title")}</h1>
      {d.justFiled && (
        <div className="notice notice--success" role="status">
          <strong>{t("rs.thanks")}</strong>
          {t("rs.keep")}
        </div>
      )}
      <p>
        {t("rs.reference")} <span className="report-status__reference">{d.reference}</span>
        <br />
        {t("rs.quote")} <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>.
      </p>
      {d.groupedInto && <p className="notice">{t("rs.grouped", { incident: String(d.groupedInto) })}</p>}
      <dl className="summary-list">
        <div>
          <dt>{t("rs.problem")}</dt>
          <dd>{tk(`report.kind.${d.incident.kind}`)}</dd>
        </div>
        <div>
          <dt>{t("rs.where")}</dt>
          <dd>
            {d.place.barangay}, {d.place.town}
            {d.landmark ? ` (${d.landmark})` : ""}
          </dd>
        </div>
        <div>
          <dt>{t("rs.sent")}</dt>
          <dd>
            {at(d.createdAt)}
            {d.meToo ? t("rs.meToo") : ""}
            {d.hasPhoto ? t("rs.photo") : ""}
          </dd>
        </div>
        <div>
          <dt>{t("rs.count")}</dt>
          <dd>{d.incident.reportCount}</dd>
        </div>
        <div>
          <dt>{t("rs.etr")}</dt>
          <dd>{d.incident.etr ? at(d.incident.etr) : CLOSED_STATUSES.has(status) ? "—" : t("rs.noEtr")}</dd>
        </div>
        <div>
          <dt>{t("rs.texts")}</dt>
          <dd>{d.mobile ? (d.smsOn ? t("rs.smsOn", { mobile: d.mobile }) : t("rs.smsOff", { mobile: d.mobile })) : t("rs.noNumber")}</dd>
        </div>
      </dl>

      <h2>{t("rs.status", { label: t(STATUS_KEYS[status][0]) })}</h2>
      <p>{t(STATUS_KEYS[status][1])}</p>
      {!closedOther && (
        <ol className="report-status__steps" aria-label={t("rs.progress")}>
          {INCIDENT_PROGRESS.map((step, n) => {
            // A step counts as done only when it happened: a dispatcher may skip some.
            const happened = d.updates.some((u) => u.status === step);
            return (
              <li key={step} data-done={happened} aria-current={n === reached ? "step" : undefined}>
                {t(STATUS_KEYS[step][0])}
                {n < reached ? (happened ? " ✓" : t("rs.skipped")) : ""}
              </li>
            );
          })}
        </ol>
      )}

      <h2>{t("rs.history")}</h2>
      <ol className="report-status__history">
        {d.updates.map((u) => (
          <li key={u.id}>
            <time dateTime={u.occurredAt}>{at(u.occurredAt)}</time>:{" "}
            {u.status === "duplicate" && d.groupedInto ? t("rs.historyGrouped") : t(STATUS_KEYS[u.status][0])}
            {u.etr ? t("rs.historyEtr", { at: at(u.etr) }) : ""}
            {/* The dispatcher's note is written in English: marked so on a Filipino page. */}
            {u.note ? (
              <>
                . <span lang={locale === "en" ? undefined : "en"}>{u.note}</span>
              </>
            ) : (
              ""
            )}
          </li>
        ))}
      </ol>
      <p>
        <a href={lp("/outages")}>{t("rs.byTown")}</a> · <a href={lp("/report")}>{t("rs.another")}</a>
      </p>
      {d.portalAccount && (
        <p>
          <a href={lp(`/mco/accounts/${d.portalAccount}#outages`)}>{t("rs.portal", { account: d.portalAccount })}</a>
        </p>
      )}
    </div>
  );
}
