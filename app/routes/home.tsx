import { Link } from "react-router";
import { listGalleryImages } from "../../modules/content/gallery.server";
import { findDataPrivacyStatement, listLatestAdvisories } from "../../modules/content/home.server";
import { COOPERATIVE, HOME_COUNTERS, UI } from "../../modules/shared/constants";
import { formatDate, manilaIsoDate } from "../../modules/shared/dates";
import { Carousel } from "../components/ui/Carousel";
import { CountUp } from "../components/ui/CountUp";
import { GalleryGrid } from "../components/ui/GalleryGrid";
import { services } from "../context";
import type { Route } from "./+types/home";
import "./home.css";
import { socialMeta } from "../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Home | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content: `${COOPERATIVE.name}: power interruption schedules, advisories, rates and services for member-consumer-owners in Alaminos City and eight towns of western Pangasinan.`,
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const [gallery, advisories, privacy] = await Promise.all([
    listGalleryImages(db, 6),
    listLatestAdvisories(db, 2),
    findDataPrivacyStatement(db),
  ]);
  return {
    gallery,
    privacy,
    advisories: advisories.map((a) => ({
      id: a.id,
      title: a.title,
      date: formatDate(a.createdAt),
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
    kicker: "Plan ahead",
    title: "Power interruption schedules",
    text: "See when and where maintenance work will switch the power off in your barangay.",
    to: "/news/power-interruptions",
    cta: "View the schedules",
  },
  {
    theme: "advisories",
    kicker: "Stay informed",
    title: "News and advisories",
    text: "Typhoon preparedness, billing reminders and notices from your cooperative.",
    to: "/news/advisories",
    cta: "Read the advisories",
  },
  {
    theme: "service",
    kicker: "Serving you since 1975",
    title: "Light for western Pangasinan",
    text: "From Bolinao to Infanta, our crews keep the lines up in calm and in storm.",
    to: "/news/power-interruptions",
    cta: "Check for outages in your area",
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
    title: "Apply for New Connection",
    text: "Pre-register for a new electric service connection and see the requirements before you visit.",
    to: "/service/new-service-connection",
    action: "Apply now",
    comingSoon: false,
    icon: "plug",
  },
  {
    title: "View or Report Outages",
    text: "Report no power or a line down without an account, and follow restoration by town.",
    to: "/report",
    action: "Report an outage",
    comingSoon: false,
    icon: "bolt",
  },
  {
    title: "Register to the cooperative's online portal",
    text: "View your bills and payments and manage your account online as a member-consumer-owner.",
    to: "/mco/login",
    action: "Sign in or register",
    actionContext: ": the member online portal",
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
  return (
    <div className="home">
      <h1 className="visually-hidden">{COOPERATIVE.name}</h1>

      <div className="banner">
        <Carousel
          label="Highlights"
          autoplayMs={UI.bannerAutoplayMs}
          speedMs={UI.bannerSmartSpeedMs}
          className="banner__carousel"
          slides={SLIDES.map((s) => (
            <div className={`banner__slide banner__slide--${s.theme}`}>
              <SlideArt />
              <div className="banner__content container">
                <p className="banner__kicker">{s.kicker}</p>
                <h2 className="banner__title">{s.title}</h2>
                <p className="banner__text">{s.text}</p>
                <Link className="button banner__cta" to={s.to}>
                  {s.cta}
                </Link>
              </div>
            </div>
          ))}
        />
      </div>

      <section className="home__section container" aria-labelledby="features-heading">
        <h2 id="features-heading" className="visually-hidden">
          Online services
        </h2>
        <ul className="features">
          {FEATURES.map((f) => (
            <li key={f.title} className="feature-card">
              <FeatureIcon name={f.icon} />
              <h3 className="feature-card__title">
                <Link to={f.to}>{f.title}</Link>
              </h3>
              <p>{f.text}</p>
              <Link className={`button${f.comingSoon ? " button--secondary feature-card__soon" : ""}`} to={f.to}>
                {f.action}
                {"actionContext" in f && <span className="visually-hidden">{f.actionContext}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__about" aria-labelledby="about-heading">
        <div className="container home__about-inner">
          <div>
            <h2 id="about-heading">About Us</h2>
            <p>
              The {COOPERATIVE.name} has held the franchise for electric light and power services in western Pangasinan since{" "}
              {COOPERATIVE.since}. Owned by its member-consumers, it serves the City of Alaminos and the towns of Bolinao, Anda, Bani, Agno,
              Burgos, Mabini, Dasol and Infanta.
            </p>
            <p>
              <Link to="/about/company-profile">Read our company profile</Link> or see our{" "}
              <Link to="/about/coverage-area">coverage area</Link>.
            </p>
          </div>
          <ul className="counters" aria-label="The cooperative in numbers">
            {HOME_COUNTERS.map((c) => (
              <li key={c.label} className="counter">
                <strong className="counter__value">
                  <CountUp value={c.value} durationMs={UI.counterDurationMs} />
                </strong>
                <span className="counter__label">{c.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="home__section container" aria-labelledby="gallery-heading">
        <div className="home__section-head">
          <h2 id="gallery-heading">Gallery</h2>
          <Link to="/gallery">See the whole gallery</Link>
        </div>
        <GalleryGrid images={gallery} headingLevel={3} />
      </section>

      <section className="home__section container" aria-labelledby="news-heading">
        <div className="home__section-head">
          <h2 id="news-heading">News</h2>
          <Link to="/news/advisories">All news and advisories</Link>
        </div>
        <ul className="news-cards">
          <li className="news-card news-card--privacy">
            <p className="news-card__kind">Main Office</p>
            <h3 className="news-card__title">
              {privacy ? (
                <a href={privacy.url}>
                  Data Privacy Statement<span className="visually-hidden"> (PDF)</span>
                </a>
              ) : (
                <Link to="/privacy-policy">Data Privacy Statement</Link>
              )}
            </h3>
            <p>How the cooperative collects, keeps and protects your personal data, and your rights under the Data Privacy Act.</p>
            {privacy && <p className="news-card__meta">PDF, {Math.max(1, Math.round(privacy.size / 1024))} KB</p>}
          </li>
          {advisories.map((a) => (
            <li key={a.id} className="news-card">
              <p className="news-card__kind">Advisory</p>
              <h3 className="news-card__title">
                {a.isFile ? (
                  <a href={a.href}>
                    {a.title}
                    <span className="visually-hidden"> (document)</span>
                  </a>
                ) : (
                  <Link to={a.href}>{a.title}</Link>
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
