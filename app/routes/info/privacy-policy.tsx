import type { Route } from "./+types/privacy-policy";
import { services } from "../../context";
import { COOPERATIVE } from "../../../core/constants";
import { findDataPrivacyStatement } from "../../../core/home";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import "./info.css";
import { withSocial } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Privacy Policy | ${COOPERATIVE.shortName}` },
  { name: "description", content: `The data privacy statement of the ${COOPERATIVE.name}.` },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { statement: await findDataPrivacyStatement(services(context).db) };
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { statement } = loaderData;
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
          We collect only the personal data we need to serve you and protect it under the Data Privacy Act of 2012 (Republic Act 10173). To ask about your data, write to{" "}
          <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a> or visit the Main Office at {COOPERATIVE.address}.
        </p>
      </section>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = (args) => withSocial(pageTags(args as never) as never, args);
