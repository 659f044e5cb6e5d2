import { data } from "react-router";
import { applicantStep } from "../../../modules/members/connection-queue";
import { getProgress } from "../../../modules/members/connection-queue.server";
import { getPreregistration } from "../../../modules/members/connections.server";
import { openPrivateLink } from "../../../modules/privacy/private-links.server";
import { COOPERATIVE, FEES, SHARES } from "../../../modules/shared/constants";
import { formatDate, formatDateTime } from "../../../modules/shared/dates";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { PrintButton } from "../../components/ui/PrintButton";
import { services } from "../../context";
import { requestLocale, requestT, useT } from "../../i18n";
import { CONNECTION_DOC_KEYS, CONNECTION_LABEL_KEYS, CONNECTION_OPTION_KEYS, serviceMessages } from "../../messages/service";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/new-service-connection-summary";
import "./service.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ loaderData, location }) => {
  const t = translator(serviceMessages, localeOfPath(location.pathname));
  return [
    { title: `${t("sum.title", { reference: loaderData?.reference ?? "" })} | ${COOPERATIVE.shortName}` },
    { name: "description", content: t("sum.description") },
    { name: "robots", content: "noindex" },
  ];
};

// Personal data: never kept by shared caches.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
});

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Reached only through its random token: the reference alone opens nothing, since references can be guessed.
  const { db } = services(context);
  const reference = await openPrivateLink(db, "connection-summary", params.token);
  const row = reference ? await getPreregistration(db, reference) : null;
  if (!row) throw data("Not found", { status: 404 });
  const progress = await getProgress(db, row.id);
  const locale = requestLocale(request);
  const t = requestT(serviceMessages, request);
  const label = (k: keyof typeof CONNECTION_LABEL_KEYS) => t(CONNECTION_LABEL_KEYS[k]);
  // A stored choice (the English word) shown in the page's language.
  const choice = (v: string) => (v in CONNECTION_OPTION_KEYS ? t(CONNECTION_OPTION_KEYS[v as keyof typeof CONNECTION_OPTION_KEYS]) : v);
  return {
    reference: row.reference,
    step: applicantStep(progress, locale),
    received: progress.status === "received",
    createdAt: formatDateTime(row.createdAt, locale),
    details: [
      [t("sum.name"), [row.lastName + ",", row.firstName, row.suffix, row.middleName].filter(Boolean).join(" ")],
      [label("address"), row.address],
      [label("dateOfBirth"), formatDate(row.dateOfBirth, locale)],
      [label("age"), String(row.age)],
      [label("gender"), choice(row.gender)],
      [label("civilStatus"), choice(row.civilStatus)],
      [label("contactNumbers"), row.contactNumbers],
      [label("nearestAccountNumber"), row.nearestAccountNumber || "—"],
      [label("educationalAttainment"), choice(row.educationalAttainment)],
      [label("occupation"), row.occupation],
      [label("dependents"), String(row.dependents)],
      [label("religion"), row.religion || "—"],
      [label("annualIncome"), row.annualIncome || "—"],
      [t("sum.tin"), row.tin || "—"],
    ] as [string, string][],
  };
}

const peso = (n: number) => `Php ${n.toLocaleString("en-PH")}`;

export default function Summary({ loaderData }: Route.ComponentProps) {
  const { reference, createdAt, details, step, received } = loaderData;
  const sharesOnApplication = SHARES.paidOnApplication * SHARES.shareValuePhp;
  const t = useT(serviceMessages);
  const sh = useT(shellMessages);
  return (
    <div className="container page service-summary">
      <Breadcrumb items={[{ label: sh("nav.newConnection"), to: "/service/new-service-connection" }, { label: reference }]} />
      {received && (
        <p className="notice notice--success no-print" role="status">
          {t("sum.saved")}
        </p>
      )}
      <p className="service-summary__org">
        {COOPERATIVE.name} · {COOPERATIVE.address} · {COOPERATIVE.phone}
      </p>
      <h1>{t("sum.heading")}</h1>
      <p className="service-summary__reference">
        {t("sum.reference")} <strong>{reference}</strong>
      </p>
      <p>{t("sum.on", { when: createdAt })}</p>
      <section className="service-summary__progress" aria-labelledby="progress-title">
        <h2 id="progress-title">{t("sum.progress")}</h2>
        <p>
          <strong>{step.status}</strong>
        </p>
        <p>
          <strong>{t("sum.next")}</strong> {step.next}
        </p>
      </section>
      <PrintButton label={t("sum.print")} />

      <h2>{t("sum.applicant")}</h2>
      <dl className="summary-list">
        {details.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>

      <h2>{t("sum.documents")}</h2>
      <ul className="print-checklist">
        {CONNECTION_DOC_KEYS.map((item) => (
          <li key={item}>{t(item)}</li>
        ))}
      </ul>

      <h2>{t("sum.fees")}</h2>
      <div className="table-wrap">
        <table>
          <tbody>
            <tr>
              <th scope="row">{t("sum.fee.membership")}</th>
              <td>{peso(FEES.membershipPhp)}</td>
            </tr>
            <tr>
              <th scope="row">{t("sum.fee.id")}</th>
              <td>{peso(FEES.idPhp)}</td>
            </tr>
            <tr>
              <th scope="row">{t("sum.fee.shares", { shares: SHARES.paidOnApplication, each: peso(SHARES.shareValuePhp) })}</th>
              <td>{peso(sharesOnApplication)}</td>
            </tr>
            <tr>
              <th scope="row">{t("sum.fee.notarial")}</th>
              <td>{peso(FEES.notarialPhp)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="service-summary__note">
        {t("sum.note", {
          minimum: SHARES.minimumShares,
          each: peso(SHARES.shareValuePhp),
          paid: SHARES.paidOnApplication,
          years: SHARES.balanceYears,
          monthly: peso(SHARES.monthlyInstallmentPhp),
          vat: FEES.vatPercent,
        })}
      </p>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
