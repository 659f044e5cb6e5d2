import { Link } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { PRINTABLE_FORMS } from "../../content/printable-forms";
import { useLocale, useLocalePath, useT } from "../../i18n";
import { serviceMessages } from "../../messages/service";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/request-complaint";
import "./printable-form.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.requests")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(serviceMessages, locale)("rc.description", { short: COOPERATIVE.shortName }) },
  ];
};

export default function RequestComplaint() {
  const t = useT(serviceMessages);
  const sh = useT(shellMessages);
  const lp = useLocalePath();
  const fil = useLocale() === "fil";
  return (
    <div className="container page">
      <Breadcrumb items={[{ label: sh("nav.services") }, { label: sh("nav.requests") }]} />
      <h1>{sh("nav.requests")}</h1>
      <p className="forms-list__lead">{t("rc.lead", { short: COOPERATIVE.shortName })}</p>
      <ul className="forms-list">
        {PRINTABLE_FORMS.map((f) => (
          <li key={f.slug}>
            <h2>
              <Link to={lp(`/service/request-complaint/${f.slug}`)}>{fil ? f.titleFil : f.title}</Link>
            </h2>
            <p>{fil ? f.summaryFil : f.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
