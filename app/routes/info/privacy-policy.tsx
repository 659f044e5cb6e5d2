import { findDataPrivacyStatement } from "../../../modules/content/home.server";
import { retentionLines } from "../../../modules/privacy/retention";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import type { Route } from "./+types/privacy-policy";
import "./info.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Privacy Policy | ${COOPERATIVE.shortName}` },
  { name: "description", content: `The data privacy statement of the ${COOPERATIVE.name}.` },
];

export async function loader({ context }: Route.LoaderArgs) {
  const s = services(context);
  return { statement: await findDataPrivacyStatement(s.db), retention: retentionLines(s.retention) };
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { statement, retention } = loaderData;
  return (
    <div className="container page info">
      <Breadcrumb items={[{ label: "Privacy Policy" }]} />
      <h1>Privacy Policy</h1>
      <section aria-labelledby="main-office">
        <h2 id="main-office">Main Office</h2>
        {statement ? (
          <p>
            <a className="file-link" href={statement.url}>
              Data Privacy Statement
            </a>{" "}
            <span className="file-link__meta">(PDF, {Math.max(1, Math.round(statement.size / 1024))} KB)</span>
          </p>
        ) : (
          <p className="notice">The data privacy statement is being updated. Please come back soon.</p>
        )}
        <p>
          We collect only the personal data we need to serve you and protect it under the Data Privacy Act of 2012 (Republic Act 10173). To
          ask about your data, write to <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a> or visit the Main Office at{" "}
          {COOPERATIVE.address}.
        </p>
      </section>
      <section aria-labelledby="what-we-keep">
        <h2 id="what-we-keep">What we keep, why, and for how long</h2>
        <dl className="info-retention">
          {retention.map((r) => (
            <div key={r.kind}>
              <dt>{r.kind}</dt>
              <dd>
                <p>
                  <strong>What:</strong> {r.what}
                </p>
                <p>
                  <strong>Why:</strong> {r.why}
                </p>
                <p>
                  <strong>How long:</strong> {r.howLong}
                </p>
              </dd>
            </div>
          ))}
        </dl>
        <p>
          You may ask for a copy of your records, or for their erasure, at any area office or by writing to{" "}
          <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a>.
        </p>
      </section>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
