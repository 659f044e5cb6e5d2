import { getAboutContent } from "../../../modules/content/about.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { formatDate, manilaIsoDate } from "../../../modules/shared/dates";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import type { Route } from "./+types/company-profile";
import "./about.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Company Profile | ${COOPERATIVE.shortName}` },
  { name: "description", content: `The company profile of the ${COOPERATIVE.name}: history, franchise area and services.` },
];

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await getAboutContent(services(context).db, "profile");
  return profile
    ? { html: profile.content, year: profile.year, updated: formatDate(profile.lastUpdate), updatedIso: manilaIsoDate(profile.lastUpdate) }
    : null;
}

export default function CompanyProfile({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: "About Us", to: "/about-us" }, { label: "Company Profile" }]} />
      <h1>Company Profile</h1>
      {loaderData ? (
        <>
          <p className="about__meta">
            {loaderData.year !== null && <>Profile for {loaderData.year} · </>}
            Last updated <time dateTime={loaderData.updatedIso}>{loaderData.updated}</time>
          </p>
          {/* Sanitized on the server by modules/shared/html.ts. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
        </>
      ) : (
        <p className="notice">The company profile is being updated. Please come back soon.</p>
      )}
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
