import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { listNewsCategories, listPartners } from "../modules/content/site.server";
import { currentStatus, upcomingIn } from "../modules/interruptions/model";
import { interruptionWindow } from "../modules/interruptions/queries.server";
import { activeMajorEvent } from "../modules/interruptions/restoration-hub.server";
import { now as clockNow } from "../modules/shared/clock";
import { COOPERATIVE } from "../modules/shared/constants";
import { formatDateTime, manilaParts } from "../modules/shared/dates";
import { LOCALES, type Locale, localeOfPath, localePath, stripLocale, translate } from "../modules/shared/i18n";
import type { Route } from "./+types/root";
import { Footer } from "./components/layout/Footer";
import { Header } from "./components/layout/Header";
import { MajorEventBanner } from "./components/layout/MajorEventBanner";
import { NotFoundContent } from "./components/layout/NotFound";
import { buildNavigation } from "./components/layout/navigation";
import { Preloader } from "./components/layout/Preloader";
import { Ticker, type TickerItem } from "./components/layout/Ticker";
import { services } from "./context";
import enhanceUrl from "./enhance/enhance.js?url";
import formsUrl from "./enhance/forms.js?url";
import { enhancesForms, hydrates, isConsole } from "./hydration";
import { requestLocale, useLocale, useT } from "./i18n";
import { declaredQuery, declaresSwitchForm, switchTarget } from "./language-switch";
import { interruptionMessages, STATUS_KEYS } from "./messages/interruptions";
import { shellMessages } from "./messages/shell";
import { organizationJsonLd, pageMeta } from "./seo";
import "./styles/app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const s = services(context);
  const { db, publicUrl, reference } = s;
  if (isConsole(new URL(request.url).pathname)) {
    return { ticker: [] as TickerItem[], categories: [], partners: [], year: manilaParts().year, origin: publicUrl, majorEvent: null };
  }
  // The shell must survive a database outage, so that a form can still answer with what was typed.
  // Everything here is kept in memory (services.reference) and dropped on a content change:
  // a render of the shell asks the database nothing.
  const now = clockNow();
  const locale = requestLocale(request);
  const [upcoming, categories, partners, majorEvent] = await Promise.all([
    interruptionWindow(s, now)
      .then((w) => upcomingIn(w, {}, now))
      .catch(() => []),
    reference("news-categories", () => listNewsCategories(db)).catch(() => []),
    reference("partners", () => listPartners(db)).catch(() => []),
    reference("major-event", () => activeMajorEvent(db)).catch(() => null),
  ]);
  const ticker: TickerItem[] = upcoming.map((i) => {
    const status = currentStatus(i, now).status;
    return {
      id: i.id,
      startsAt: i.startsAt.toISOString(),
      endsAt: i.endsAt.toISOString(),
      areas: i.barangays.length ? i.barangays.map((b) => `${b.name} (${b.town})`) : i.towns,
      // A status members must notice (ongoing, extended) leads the entry; "scheduled" goes without saying.
      status: status === "scheduled" ? undefined : translate(interruptionMessages, locale, STATUS_KEYS[status]),
    };
  });
  return {
    ticker,
    categories,
    partners,
    year: manilaParts().year,
    origin: publicUrl,
    majorEvent: majorEvent
      ? { title: majorEvent.title, message: majorEvent.message, since: formatDateTime(majorEvent.startedAt, locale) }
      : null,
  };
}

/** The shell's data changes rarely: don't refetch it on every client navigation. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname, search } = useLocation();
  const locale = localeOfPath(pathname);
  const t = useT(shellMessages);
  const matches = useMatches();
  const withReact = hydrates(pathname, matches);
  // An error page (a 404, a member's page of someone else's account) is not a page with another
  // language: no alternates, and the switch opens the home page (never echoing the address).
  const failed = useRouteError() != null;
  // The staff console has its own simple layout: no public shell, no ticker, no service worker.
  if (isConsole(pathname)) {
    return (
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex, nofollow" />
          <Meta />
          <Links />
        </head>
        <body className="console-body">
          {children}
          <Scripts />
        </body>
      </html>
    );
  }
  return (
    // The inline script adds the "js" class before hydration: expected, not a mismatch.
    <html lang={locale} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d6e" />
        {/* Marks that scripts run, before first paint: the preloader shows only then. */}
        <script dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        <Meta />
        <Links />
        {!failed && <LanguageAlternates pathname={pathname} origin={data?.origin ?? ""} />}
        {data && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: organizationJsonLd(data.origin) }} />}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("shell.skip")}
        </a>
        <Preloader />
        {data?.majorEvent && <MajorEventBanner event={data.majorEvent} locale={locale} />}
        <Header
          navigation={buildNavigation(data?.categories ?? [], locale)}
          hasTicker={(data?.ticker.length ?? 0) > 0}
          pathname={pathname}
          switchPath={failed ? "/" : switchTarget(pathname, search, declaredQuery(matches))}
          locale={locale}
          carriesForm={!failed && declaresSwitchForm(matches)}
        />
        <Ticker items={data?.ticker ?? []} locale={locale} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer partners={data?.partners ?? []} year={data?.year ?? manilaParts().year} locale={locale} />
        {withReact && <ScrollRestoration />}
        {withReact && <Scripts />}
        <script type="module" src={enhanceUrl} />
        {enhancesForms(matches) && <script type="module" src={formsUrl} />}
      </body>
    </html>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, error, location }) => {
  // The error boundary's page: one title (a second <title> in the body is invalid HTML), not indexed.
  if (error) {
    const locale = localeOfPath(location.pathname);
    const key = isRouteErrorResponse(error) && error.status === 404 ? "notFound.title" : "error.title";
    return [{ title: `${translate(shellMessages, locale, key)} | ${COOPERATIVE.shortName}` }, { name: "robots", content: "noindex" }];
  }
  return pageMeta({ title: COOPERATIVE.name, path: "/", origin: loaderData?.origin });
};

export default function App() {
  // On an interactive page React drives its own forms only: following a link loads the
  // next page as a document, so a content page always arrives without React, as it
  // would on its own (the click never reaches React Router's link handler).
  useEffect(() => {
    // The console navigates inside React as before.
    if (isConsole(location.pathname)) return;
    const toDocument = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (
        !(link instanceof HTMLAnchorElement) ||
        link.origin !== location.origin ||
        link.target ||
        link.hasAttribute("download") ||
        link.hasAttribute("data-zoom-caption")
      )
        return;
      if (link.pathname === location.pathname && link.search === location.search && link.hash) return;
      event.stopPropagation();
    };
    window.addEventListener("click", toDocument, true);
    return () => window.removeEventListener("click", toDocument, true);
  }, []);
  return <Outlet />;
}

/** Never shows a stack trace: a plain message inside the shell. */
export function ErrorBoundary() {
  const error = useRouteError();
  const locale = useLocale();
  const t = useT(shellMessages);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="container page">
      <h1>{t("error.title")}</h1>
      <p>{status === 503 ? t("error.busy") : t("error.text")}</p>
      <p>
        <a href={localePath(locale, "/")}>{t("error.home")}</a>
      </p>
    </div>
  );
}

/**
 * The page in each interface language (`hreflang`), and English as the default for every
 * other: the same links on both versions, so each names the other (reciprocal).
 */
function LanguageAlternates({ pathname, origin }: { pathname: string; origin: string }) {
  const bare = stripLocale(pathname);
  const href = (locale: Locale) => `${origin}${localePath(locale, bare)}`;
  // Keyed by address: on a client-side navigation React makes new elements rather than
  // changing the address of one in place (which Chromium fetched as a stylesheet).
  return (
    <>
      {LOCALES.map((locale) => (
        <link key={`${locale} ${href(locale)}`} rel="alternate" hrefLang={locale} href={href(locale)} />
      ))}
      <link key={`x-default ${href("en")}`} rel="alternate" hrefLang="x-default" href={href("en")} />
    </>
  );
}
