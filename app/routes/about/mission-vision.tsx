import { getMissionVisionCore } from "../../../modules/content/about.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { LanguageFallbackNote } from "../../components/ContentInLanguage";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import { requestLocale, useLocale, useT } from "../../i18n";
import { aboutMessages } from "../../messages/about";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/mission-vision";
import "./about.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.missionVision")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(aboutMessages, locale)("mv.description", { name: COOPERATIVE.name }) },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, reference } = services(context);
  const locale = requestLocale(request);
  // Kept until a content change (services.reference): the page is built from what is kept.
  const { vision, mission, core } = await reference(`mission-vision:${locale}`, () => getMissionVisionCore(db, locale));
  const block = (b: typeof vision) => (b ? { html: b.content, shown: b.shown } : null);
  return { vision: block(vision), mission: block(mission), core: block(core) };
}

/** Simple drawings beside each block: an eye, a target, a hand-shake of hearts. Decorative. */
function Art({ kind }: { kind: "vision" | "mission" | "core" }) {
  return (
    <svg className={`mv__art mv__art--${kind}`} viewBox="0 0 200 150" width="200" height="150" aria-hidden="true" focusable="false">
      <rect width="200" height="150" rx="14" fill="currentColor" opacity="0.12" />
      {kind === "vision" && (
        <g fill="none" stroke="currentColor" strokeWidth="7" strokeLinecap="round">
          <path d="M30 75 Q100 15 170 75 Q100 135 30 75 Z" />
          <circle cx="100" cy="75" r="22" fill="currentColor" />
        </g>
      )}
      {kind === "mission" && (
        <g fill="none" stroke="currentColor" strokeWidth="7">
          <circle cx="100" cy="75" r="50" />
          <circle cx="100" cy="75" r="30" />
          <circle cx="100" cy="75" r="9" fill="currentColor" />
          <path d="M100 75 L160 20" strokeLinecap="round" />
        </g>
      )}
      {kind === "core" && (
        <g fill="currentColor">
          <path d="M100 125 L45 72 A27 27 0 0 1 100 42 A27 27 0 0 1 155 72 Z" />
        </g>
      )}
    </svg>
  );
}

export default function MissionVision({ loaderData }: Route.ComponentProps) {
  const t = useT(aboutMessages);
  const s = useT(shellMessages);
  const locale = useLocale();
  const blocks = [
    { id: "vision", title: t("mv.vision"), block: loaderData.vision },
    { id: "mission", title: t("mv.mission"), block: loaderData.mission },
    { id: "core", title: t("mv.core"), block: loaderData.core },
  ] as const;
  // One note for the page when any block is shown in English for want of its Filipino version.
  const fallback = blocks.map((b) => b.block?.shown).find((shown) => shown && shown.lang !== shown.asked);
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: s("nav.aboutUs"), to: "/about-us" }, { label: s("nav.missionVision") }]} />
      <h1>{s("nav.missionVision")}</h1>
      <LanguageFallbackNote shown={fallback} />
      {blocks.map((b, i) => (
        <section key={b.id} className={`mv${i % 2 ? " mv--reverse" : ""}`} aria-labelledby={`mv-${b.id}`}>
          <Art kind={b.id} />
          <div className="mv__text">
            <h2 id={`mv-${b.id}`}>{b.title}</h2>
            {b.block ? (
              <div
                className="prose"
                lang={b.block.shown.lang === locale ? undefined : b.block.shown.lang}
                dangerouslySetInnerHTML={{ __html: b.block.html }}
              />
            ) : (
              <p>{t("about.beingUpdated")}</p>
            )}
          </div>
        </section>
      ))}
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
