import { findDataPrivacyStatement } from "../../../modules/content/home.server";
import { retentionLines } from "../../../modules/privacy/retention";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import { requestLocale, useT } from "../../i18n";
import { infoMessages } from "../../messages/info";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/privacy-policy";
import "./info.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("footer.privacy")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(infoMessages, locale)("privacy.description", { name: COOPERATIVE.name }) },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  // Kept until a content change (services.reference): the page is built from what is kept.
  return {
    statement: await s.reference("privacy-statement", () => findDataPrivacyStatement(s.db)),
    retention: retentionLines(s.retention, requestLocale(request)),
  };
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { statement, retention } = loaderData;
  const t = useT(infoMessages);
  const s = useT(shellMessages);
  return (
    <div className="container page info">
      <Breadcrumb items={[{ label: s("footer.privacy") }]} />
      <h1>{s("footer.privacy")}</h1>
      <section aria-labelledby="main-office">
        <h2 id="main-office">{t("privacy.mainOffice")}</h2>
        {statement ? (
          <p>
            <a className="file-link" href={statement.url}>
              {t("privacy.statement")}
            </a>{" "}
            <span className="file-link__meta">{t("privacy.pdf", { kb: Math.max(1, Math.round(statement.size / 1024)) })}</span>
          </p>
        ) : (
          <p className="notice">{t("privacy.statementMissing")}</p>
        )}
        <p>
          {t("privacy.collect")} <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a> {t("privacy.visit")} {COOPERATIVE.address}.
        </p>
      </section>
      <section aria-labelledby="what-we-keep">
        <h2 id="what-we-keep">{t("privacy.keep")}</h2>
        <dl className="info-retention">
          {retention.map((r) => (
            <div key={r.kind}>
              <dt>{r.kind}</dt>
              <dd>
                <p>
                  <strong>{t("privacy.what")}</strong> {r.what}
                </p>
                <p>
                  <strong>{t("privacy.why")}</strong> {r.why}
                </p>
                <p>
                  <strong>{t("privacy.howLong")}</strong> {r.howLong}
                </p>
              </dd>
            </div>
          ))}
        </dl>
        <p>
          {t("privacy.rights")} <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a>.
        </p>
      </section>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
