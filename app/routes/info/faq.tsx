import { CONTRACT_TERMS, COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { useLocalePath, useT } from "../../i18n";
import { infoMessages } from "../../messages/info";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/faq";
import "./info.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const t = translator(infoMessages, localeOfPath(location.pathname));
  return [{ title: `${t("faq.title")} | ${COOPERATIVE.shortName}` }, { name: "description", content: t("faq.description") }];
};

export default function Faq() {
  const t = useT(infoMessages);
  const s = useT(shellMessages);
  const lp = useLocalePath();
  const faq = [
    {
      q: t("faq.q1"),
      a: (
        <p>
          {t("faq.a1.before")} <a href={lp("/service/new-service-connection")}>{t("faq.a1.link")}</a>
          {t("faq.a1.after")}
        </p>
      ),
    },
    {
      q: t("faq.q2"),
      a: (
        <p>
          {t("faq.a2", {
            days: CONTRACT_TERMS.billPaymentDays,
            notice: CONTRACT_TERMS.disconnectionNoticeHours,
            grace: CONTRACT_TERMS.disconnectionGraceHours,
          })}
        </p>
      ),
    },
    {
      q: t("faq.q3"),
      a: (
        <p>
          {t("faq.a3.before")} <a href={lp("/news/power-interruptions")}>{t("faq.a3.link")}</a>
          {t("faq.a3.after")} <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>.
        </p>
      ),
    },
  ];
  return (
    <div className="container page info">
      <Breadcrumb items={[{ label: s("nav.faq") }]} />
      <h1>{t("faq.title")}</h1>
      <div className="faq">
        {faq.map((item) => (
          <details key={item.q} className="faq__item">
            <summary>
              <h2 className="faq__question">{item.q}</h2>
            </summary>
            <div className="faq__answer">{item.a}</div>
          </details>
        ))}
      </div>
      <p>
        {t("faq.more")} <a href={lp("/contact-us")}>{t("faq.contact")}</a>.
      </p>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
