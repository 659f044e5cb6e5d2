import { getAboutContent } from "../../../modules/content/about.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { formatDate, manilaIsoDate } from "../../../modules/shared/dates";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { LanguageFallbackNote, useItemLang } from "../../components/ContentInLanguage";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import { requestLocale, useT } from "../../i18n";
import { aboutMessages } from "../../messages/about";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/company-profile";
import "./about.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.companyProfile")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(aboutMessages, locale)("profile.description", { name: COOPERATIVE.name }) },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, reference } = services(context);
  const locale = requestLocale(request);
  // Kept until a content change (services.reference): the page is built from what is kept.
  const profile = await reference(`about:profile:${locale}`, () => getAboutContent(db, "profile", locale));
  return profile
    ? {
        html: profile.content,
        shown: profile.shown,
        year: profile.year,
        updated: formatDate(profile.lastUpdate, requestLocale(request)),
        updatedIso: manilaIsoDate(profile.lastUpdate),
      }
    : null;
}

export default function CompanyProfile({ loaderData }: Route.ComponentProps) {
  const t = useT(aboutMessages);
  const s = useT(shellMessages);
  const lang = useItemLang(loaderData?.shown);
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: s("nav.aboutUs"), to: "/about-us" }, { label: s("nav.companyProfile") }]} />
      <h1>{s("nav.companyProfile")}</h1>
      {loaderData ? (
        <>
          <p className="about__meta">
            {loaderData.year !== null && t("profile.year", { year: loaderData.year })}
            {t("profile.updated")} <time dateTime={loaderData.updatedIso}>{loaderData.updated}</time>
          </p>
          <LanguageFallbackNote shown={loaderData.shown} />
          {/* Sanitized on the server by modules/shared/html.ts; English where staff wrote no Filipino version, marked so. */}
          <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: loaderData.html }} />
        </>
      ) : (
        <p className="notice">{t("profile.empty")}</p>
      )}
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
