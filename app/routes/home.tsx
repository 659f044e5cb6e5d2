import { Link } from "react-router";
import { listGalleryImages } from "../../modules/content/gallery.server";
import { findDataPrivacyStatement, listLatestAdvisories } from "../../modules/content/home.server";
import { COOPERATIVE, HOME_COUNTERS, UI } from "../../modules/shared/constants";
import { formatDate, manilaIsoDate } from "../../modules/shared/dates";
import { localeOfPath, translator } from "../../modules/shared/i18n";
import { Carousel } from "../components/ui/Carousel";
import { CountUp } from "../components/ui/CountUp";
import { GalleryGrid } from "../components/ui/GalleryGrid";
import { titleInLanguage } from "../content-language.server";
import { services } from "../context";
import { requestLocale, useLocale, useLocalePath, useT } from "../i18n";
import { homeMessages } from "../messages/home";
import type { Route } from "./+types/home";
import "./home.css";
import { socialMeta } from "../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const t = translator(homeMessages, localeOfPath(location.pathname));
  return [
    { title: `${t("home.title")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: `${COOPERATIVE.name}: ${t("home.description")}` },
  ];
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const { db, reference } = services(context);
  // Kept until a content change (services.reference): the page is built from what is kept.
  const [gallery, advisories, privacy] = await reference(`home:${locale}`, () =>
    Promise.all([listGalleryImages(db, 6, locale), listLatestAdvisories(db, 2), findDataPrivacyStatement(db)]),
  );
  return {
    gallery,
    privacy,
    advisories: advisories.map((a) => ({
      id: a.id,
      ...titleInLanguage(a, request),
      date: formatDate(a.createdAt, locale),
      isoDate: manilaIsoDate(a.createdAt),
      href: a.attachment ?? "/news/advisories",
      isFile: a.attachment !== null,
    })),
  };
}

/** The banner's slides: drawn with CSS and inline SVG, so the first paint needs no image download. */
const SLIDES = [
  {
    theme: "interruptions",
    to: "/news/power-interruptions",
    kicker: "home.slide.interruptions.kicker",
    title: "home.slide.interruptions.title",
    text: "home.slide.interruptions.text",
    cta: "home.slide.interruptions.cta",
  },
  {
    theme: "advisories",
    to: "/news/advisories",
    kicker: "home.slide.advisories.kicker",
    title: "home.slide.advisories.title",
    text: "home.slide.advisories.text",
    cta: "home.slide.advisories.cta",
  },
  {
    theme: "service",
    to: "/news/power-interruptions",
    kicker: "home.slide.service.kicker",
    title: "home.slide.service.title",
    text: "home.slide.service.text",
    cta: "home.slide.service.cta",
  },
] as const;

function SlideArt() {
  return (
    <svg className="banner__art" viewBox="0 0 600 300" preserveAspectRatio="xMidYMax slice" aria-hidden="true" focusable="false">
      <circle cx="470" cy="80" r="46" fill="currentColor" opacity="0.25" />
      <path d="M0 250 Q150 190 300 240 T600 225 V300 H0 Z" fill="currentColor" opacity="0.22" />
      {[80, 230, 380, 530].map((x) => (
        <g key={x} fill="currentColor" opacity="0.2">
          <rect x={x - 4} y="120" width="8" height="130" />
          <rect x={x - 34} y="126" width="68" height="6" />
        </g>
      ))}
      <path d="M0 134 Q80 156 155 130 T305 130 T455 130 T600 130" stroke="currentColor" strokeWidth="2" fill="none" opacity="0.3" />
    </svg>
  );
}

const FEATURES = [
  {
    to: "/service/new-service-connection",
    title: "home.feature.connection.title",
    text: "home.feature.connection.text",
    action: "home.feature.connection.action",
    comingSoon: false,
    icon: "plug",
  },
  {
    to: "/report",
    title: "home.feature.outages.title",
    text: "home.feature.outages.text",
    action: "home.feature.outages.action",
    comingSoon: false,
    icon: "bolt",
  },
  {
    to: "/mco/login",
    title: "home.feature.portal.title",
    text: "home.feature.portal.text",
    action: "home.feature.portal.action",
    actionContext: "home.feature.portal.context",
    comingSoon: false,
    icon: "user",
  },
] as const;

function FeatureIcon({ name }: { name: (typeof FEATURES)[number]["icon"] }) {
  const paths = {
    plug: "M9 2v6M15 2v6M6 8h12v3a6 6 0 0 1-12 0zM12 17v5",
    bolt: "M13 2 4 14h7l-1 8 9-12h-7z",
    user: "M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM3 22a9 9 0 0 1 18 0",
  };
  return (
    <svg className="feature-card__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { gallery, advisories, privacy } = loaderData;
  const t = useT(homeMessages);
  const lp = useLocalePath();
  const locale = useLocale();
  const counters = {
    Consumers: t("home.counter.consumers"),
    "Projects Completed": t("home.counter.projects"),
    "Awards and Citations": t("home.counter.awards"),
  };
  return (
    <div className="home">
      <h1 className="visually-hidden">{COOPERATIVE.name}</h1>

      <div className="banner">
        <Carousel
          label={t("home.highlights")}
          autoplayMs={UI.bannerAutoplayMs}
          speedMs={UI.bannerSmartSpeedMs}
          className="banner__carousel"
          slides={SLIDES.map((s) => (
            <div className={`banner__slide banner__slide--${s.theme}`}>
              <SlideArt />
              <div className="banner__content container">
                <p className="banner__kicker">{t(s.kicker)}</p>
                <h2 className="banner__title">{t(s.title)}</h2>
                <p className="banner__text">{t(s.text)}</p>
                <Link className="button banner__cta" to={lp(s.to)}>
                  {t(s.cta)}
                </Link>
              </div>
            </div>
          ))}
        />
      </div>

      <section className="home__section container" aria-labelledby="features-heading">
        <h2 id="features-heading" className="visually-hidden">
          {t("home.services")}
        </h2>
        <ul className="features">
          {FEATURES.map((f) => (
            <li key={f.title} className="feature-card">
              <FeatureIcon name={f.icon} />
              <h3 className="feature-card__title">
                <Link to={lp(f.to)}>{t(f.title)}</Link>
              </h3>
              <p>{t(f.text)}</p>
              <Link className={`button${f.comingSoon ? " button--secondary feature-card__soon" : ""}`} to={lp(f.to)}>
                {t(f.action)}
                {"actionContext" in f && <span className="visually-hidden">{t(f.actionContext)}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__about" aria-labelledby="about-heading">
        <div className="container home__about-inner">
          <div>
            <h2 id="about-heading">{t("home.about")}</h2>
            <p>{t("home.about.text", { name: COOPERATIVE.name, since: COOPERATIVE.since })}</p>
            <p>
              <Link to={lp("/about/company-profile")}>{t("home.about.profile")}</Link>
              {t("home.about.or")}
              <Link to={lp("/about/coverage-area")}>{t("home.about.coverage")}</Link>.
            </p>
          </div>
          <ul className="counters" aria-label={t("home.numbers")}>
            {HOME_COUNTERS.map((c) => (
              <li key={c.label} className="counter">
                <strong className="counter__value">
                  <CountUp value={c.value} durationMs={UI.counterDurationMs} />
                </strong>
                <span className="counter__label">{counters[c.label]}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="home__section container" aria-labelledby="gallery-heading">
        <div className="home__section-head">
          <h2 id="gallery-heading">{t("home.gallery")}</h2>
          <Link to={lp("/gallery")}>{t("home.gallery.all")}</Link>
        </div>
        <GalleryGrid images={gallery} headingLevel={3} />
      </section>

      <section className="home__section container" aria-labelledby="news-heading">
        <div className="home__section-head">
          <h2 id="news-heading">{t("home.news")}</h2>
          <Link to={lp("/news/advisories")}>{t("home.news.all")}</Link>
        </div>
        <ul className="news-cards">
          <li className="news-card news-card--privacy">
            <p className="news-card__kind">{t("home.news.office")}</p>
            <h3 className="news-card__title">
              {privacy ? (
                <a href={privacy.url}>
                  {t("home.news.privacy")}
                  <span className="visually-hidden"> (PDF)</span>
                </a>
              ) : (
                <Link to={lp("/privacy-policy")}>{t("home.news.privacy")}</Link>
              )}
            </h3>
            <p>{t("home.news.privacy.text")}</p>
            {privacy && <p className="news-card__meta">PDF, {Math.max(1, Math.round(privacy.size / 1024))} KB</p>}
          </li>
          {advisories.map((a) => (
            <li key={a.id} className="news-card">
              <p className="news-card__kind">{t("home.news.advisory")}</p>
              <h3 className="news-card__title" lang={a.lang === locale ? undefined : a.lang}>
                {a.isFile ? (
                  <a href={a.href}>
                    {a.title}
                    <span className="visually-hidden">{t("home.news.document")}</span>
                  </a>
                ) : (
                  <Link to={lp(a.href)}>{a.title}</Link>
                )}
              </h3>
              <p className="news-card__meta">
                <time dateTime={a.isoDate}>{a.date}</time>
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
