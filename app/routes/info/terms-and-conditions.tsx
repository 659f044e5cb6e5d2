import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { useLocalePath, useT } from "../../i18n";
import { infoMessages } from "../../messages/info";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/terms-and-conditions";
import "./info.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("footer.terms")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(infoMessages, locale)("terms.description", { name: COOPERATIVE.name }) },
  ];
};

export default function Terms() {
  const t = useT(infoMessages);
  const s = useT(shellMessages);
  const lp = useLocalePath();
  return (
    <div className="container page info prose-page">
      <Breadcrumb items={[{ label: s("footer.terms") }]} />
      <h1>{s("footer.terms")}</h1>
      <p>{t("terms.agree")}</p>
      <h2>{t("terms.info")}</h2>
      <p>
        {t("terms.info.text")} <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>. {t("terms.info.rates")}
      </p>
      <h2>{t("terms.forms")}</h2>
      <p>
        {t("terms.forms.before")} <a href={lp("/privacy-policy")}>{t("terms.forms.link")}</a>
        {t("terms.forms.after")}
      </p>
      <h2>{t("terms.use")}</h2>
      <p>{t("terms.use.text")}</p>
      <h2>{t("terms.content")}</h2>
      <p>{t("terms.content.text", { name: COOPERATIVE.name })}</p>
      <h2>{t("terms.changes")}</h2>
      <p>{t("terms.changes.text")}</p>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
