import { data } from "react-router";
import { CONNECTION_CHECKLIST } from "../../../modules/members/connection-options";
import { applicantStep } from "../../../modules/members/connection-queue";
import { getProgress } from "../../../modules/members/connection-queue.server";
import { getPreregistration } from "../../../modules/members/connections.server";
import { openPrivateLink } from "../../../modules/privacy/private-links.server";
import { COOPERATIVE, FEES, SHARES } from "../../../modules/shared/constants";
import { formatDate, formatDateTime } from "../../../modules/shared/dates";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { PrintButton } from "../../components/ui/PrintButton";
import { services } from "../../context";
import type { Route } from "./+types/new-service-connection-summary";
import "./service.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ loaderData }) => [
  { title: `Pre-registration ${loaderData?.reference ?? ""} | ${COOPERATIVE.shortName}` },
  { name: "description", content: "Your new service connection pre-registration: reference number, details and the documents to bring." },
  { name: "robots", content: "noindex" },
];

// Personal data: never kept by shared caches.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
});

export async function loader({ params, context }: Route.LoaderArgs) {
  // Reached only through its random token: the reference alone opens nothing, since references can be guessed.
  const { db } = services(context);
  const reference = await openPrivateLink(db, "connection-summary", params.token);
  const row = reference ? await getPreregistration(db, reference) : null;
  if (!row) throw data("Not found", { status: 404 });
  const progress = await getProgress(db, row.id);
  return {
    reference: row.reference,
    step: applicantStep(progress),
    received: progress.status === "received",
    createdAt: formatDateTime(row.createdAt),
    details: [
      ["Name", [row.lastName + ",", row.firstName, row.suffix, row.middleName].filter(Boolean).join(" ")],
      ["Address", row.address],
      ["Date of birth", formatDate(row.dateOfBirth)],
      ["Age", String(row.age)],
      ["Gender", row.gender],
      ["Civil status", row.civilStatus],
      ["Contact numbers", row.contactNumbers],
      ["Nearest account number", row.nearestAccountNumber || "—"],
      ["Educational attainment", row.educationalAttainment],
      ["Occupation / source of income", row.occupation],
      ["Number of dependents", String(row.dependents)],
      ["Religion / social affiliation", row.religion || "—"],
      ["Annual income", row.annualIncome || "—"],
      ["TIN", row.tin || "—"],
    ] as [string, string][],
  };
}

const peso = (n: number) => `Php ${n.toLocaleString("en-PH")}`;

export default function Summary({ loaderData }: Route.ComponentProps) {
  const { reference, createdAt, details, step, received } = loaderData;
  const sharesOnApplication = SHARES.paidOnApplication * SHARES.shareValuePhp;
  return (
    <div className="container page service-summary">
      <Breadcrumb items={[{ label: "New Service Connection", to: "/service/new-service-connection" }, { label: reference }]} />
      {received && (
        <p className="notice notice--success no-print" role="status">
          Your pre-registration is saved. Print this page or write down the reference number, and bring it to the office with the documents
          below.
        </p>
      )}
      <p className="service-summary__org">
        {COOPERATIVE.name} · {COOPERATIVE.address} · {COOPERATIVE.phone}
      </p>
      <h1>New Service Connection Pre-registration</h1>
      <p className="service-summary__reference">
        Reference number: <strong>{reference}</strong>
      </p>
      <p>Pre-registered on {createdAt}.</p>
      <section className="service-summary__progress" aria-labelledby="progress-title">
        <h2 id="progress-title">Where your application stands</h2>
        <p>
          <strong>{step.status}</strong>
        </p>
        <p>
          <strong>Next step:</strong> {step.next}
        </p>
      </section>
      <PrintButton label="Print this summary" />

      <h2>Applicant</h2>
      <dl className="summary-list">
        {details.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>

      <h2>Documents to bring</h2>
      <ul className="print-checklist">
        {CONNECTION_CHECKLIST.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>

      <h2>Fees to pay at the office</h2>
      <div className="table-wrap">
        <table>
          <tbody>
            <tr>
              <th scope="row">Membership fee</th>
              <td>{peso(FEES.membershipPhp)}</td>
            </tr>
            <tr>
              <th scope="row">Membership ID</th>
              <td>{peso(FEES.idPhp)}</td>
            </tr>
            <tr>
              <th scope="row">
                Share capital on application ({SHARES.paidOnApplication} shares at {peso(SHARES.shareValuePhp)} each)
              </th>
              <td>{peso(sharesOnApplication)}</td>
            </tr>
            <tr>
              <th scope="row">Notarial fee (service contract)</th>
              <td>{peso(FEES.notarialPhp)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="service-summary__note">
        Members subscribe to at least {SHARES.minimumShares} shares of {peso(SHARES.shareValuePhp)} each; {SHARES.paidOnApplication} are
        paid on application and the balance over {SHARES.balanceYears} years at {peso(SHARES.monthlyInstallmentPhp)} a month. Amounts are
        subject to {FEES.vatPercent}% VAT where the law requires it. The office confirms the final amounts.
      </p>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
