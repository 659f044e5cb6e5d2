import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import type { Route } from "./+types/terms-and-conditions";
import "./info.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Terms and Conditions | ${COOPERATIVE.shortName}` },
  { name: "description", content: `The terms and conditions for using the website of the ${COOPERATIVE.name}.` },
];

export default function Terms() {
  return (
    <div className="container page info prose-page">
      <Breadcrumb items={[{ label: "Terms and Conditions" }]} />
      <h1>Terms and Conditions</h1>
      <p>By using this website you agree to these terms. If you do not agree, please do not use the site.</p>
      <h2>Information on this site</h2>
      <p>
        We publish power interruption schedules, rates, advisories and other notices in good faith and update them as soon as we can.
        Schedules may change because of weather, safety or the grid; when in doubt, call our hotline at{" "}
        <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>. Rates shown here are for information; your official bill prevails.
      </p>
      <h2>Forms and submissions</h2>
      <p>
        Information you send through our forms (survey, pre-registration, member registration) must be true and your own. We use it only to
        serve you, as our <a href="/privacy-policy">privacy policy</a> explains. Online pre-registration is not yet a contract for service.
      </p>
      <h2>Acceptable use</h2>
      <p>Do not try to disrupt the site, send automated requests in bulk, or reach data that is not yours.</p>
      <h2>Content and links</h2>
      <p>
        The text, pictures and logos on this site belong to the {COOPERATIVE.name} or to their owners. Links to other sites are for
        convenience; we are not responsible for their content.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms; the version on this page applies.</p>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
