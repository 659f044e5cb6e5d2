import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/root";
import { services } from "./context";
import { COOPERATIVE } from "../core/constants";
import { manilaParts } from "../core/dates";
import { listUpcomingInterruptions } from "../core/interruptions";
import { listNewsCategories, listPartners } from "../core/site";
import { Header } from "./components/layout/Header";
import { Footer } from "./components/layout/Footer";
import { Ticker, type TickerItem } from "./components/layout/Ticker";
import { Preloader } from "./components/layout/Preloader";
import { buildNavigation } from "./components/layout/navigation";
import { NotFoundContent } from "./components/layout/NotFound";
import { organizationJsonLd, pageMeta } from "./seo";
import "./styles/app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, nonce, publicUrl } = services(context);
  // The shell must survive a database outage, so that a form can still answer with what was typed.
  const [upcoming, categories, partners] = await Promise.all([
    listUpcomingInterruptions(db).catch(() => []),
    listNewsCategories(db).catch(() => []),
    listPartners(db).catch(() => []),
  ]);
  const ticker: TickerItem[] = upcoming.map((i) => ({
    id: i.id,
    startsAt: i.startsAt.toISOString(),
    endsAt: i.endsAt.toISOString(),
    areas: i.barangays.length ? i.barangays.map((b) => `${b.name} (${b.town})`) : i.towns,
  }));
  return { nonce, ticker, categories, partners, year: manilaParts().year, origin: publicUrl };
}

/** The shell's data changes rarely: don't refetch it on every client navigation. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? defaultShouldRevalidate : false);

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  return (
    // The inline script adds the "js" class before hydration: expected, not a mismatch.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d6e" />
        {/* Marks that scripts run, before first paint: the preloader shows only then. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        <Meta />
        <Links />
        {data && <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: organizationJsonLd(data.origin) }} />}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <Preloader />
        <Header navigation={buildNavigation(data?.categories ?? [])} hasTicker={(data?.ticker.length ?? 0) > 0} />
        <Ticker items={data?.ticker ?? []} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer partners={data?.partners ?? []} year={data?.year ?? manilaParts().year} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta({ title: COOPERATIVE.name, path: "/", origin: loaderData?.origin });

export default function App() {
  // The offline service worker (public/sw.js): saved pages stay readable without a network.
  useEffect(() => {
    if ("serviceWorker" in navigator && location.protocol !== "file:") navigator.serviceWorker.register("/sw.js").catch(() => {});
  }, []);
  return <Outlet />;
}

/** Never shows a stack trace: a plain message inside the shell. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="container page">
      <title>{`Something went wrong | ${COOPERATIVE.shortName}`}</title>
      <h1>Something went wrong</h1>
      <p>
        {status === 503
          ? "The service is busy or under maintenance. Please try again in a minute."
          : "We could not show this page. Please try again, or go back to the home page."}
      </p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </div>
  );
}
