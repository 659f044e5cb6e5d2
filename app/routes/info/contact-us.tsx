import { listBranches } from "../../../modules/places/branches.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import { useT } from "../../i18n";
import { infoMessages } from "../../messages/info";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/contact-us";
import { ContactTable } from "./ContactTable";
import "./info.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.contactUs")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(infoMessages, locale)("contact.description") },
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const { db, reference } = services(context);
  // Kept until a content change (services.reference): the page is built from what is kept.
  return { branches: await reference("branches", () => listBranches(db)) };
}

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const t = useT(infoMessages);
  const s = useT(shellMessages);
  return (
    <div className="container page info">
      <Breadcrumb items={[{ label: s("nav.contactUs") }]} />
      <h1>{s("nav.contactUs")}</h1>
      <p>
        {t("contact.intro")} <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a>.
      </p>
      <div className="table-wrap">
        {/* Explicit roles keep the table semantics when phones show each row as a card. */}
        <ContactTable branches={loaderData.branches} />
      </div>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
