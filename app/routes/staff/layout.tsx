/**
 * The console's layout: a plain header with the navigation this person's role allows, who is
 * signed in, and a sign-out button. Every page below calls requireStaff itself.
 */
import { useEffect, useRef } from "react";
import { Form, isRouteErrorResponse, Link, Outlet, useLocation, useRouteError } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { can, roleLabels } from "../../../modules/staff/permissions";
import type { Route } from "./+types/layout";
import { requireStaff } from "./guard.server";
import { type ConsoleNavSection, consoleNavSections, currentNavEntry } from "./nav";
import { consoleMeta } from "./title";
import "./console.css";
import type { ConsoleHandle } from "./nav";

export const handle: ConsoleHandle = { staff: "signed-in" };

/**
 * The console's own document: no public title or sharing tags (root.tsx adds noindex). Each page
 * sets its title in its own `meta`, which replaces this one; when a page below fails, this route's
 * ErrorBoundary shows it and this route is the last match, so its `meta` gets the `error`.
 */
export const meta: Route.MetaFunction = ({ error }) => (error ? consoleMeta(errorPage(error).title) : []);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const nav = consoleNavSections((entry) => !entry.permission || can(user.role, entry.permission), user.role);
  return { user: { name: user.name, email: user.email, role: roleLabels[user.role] }, nav };
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  useSavedMessageInView();
  return <ConsoleFrame user={loaderData.user} nav={loaderData.nav} />;
}

/**
 * The menu: a disclosure ("Menu", the page's entry beside it) on a phone, opened without
 * JavaScript by the browser's own <details>; on a wide screen a sidebar always shown (CSS opens
 * the details' content). After a client-side navigation the disclosure closes again, as a new
 * page would have it.
 */
function ConsoleMenu({ nav }: { nav: ConsoleNavSection[] }) {
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (location.pathname && menu.current) menu.current.open = false;
  }, [location]);
  const current = currentNavEntry(nav, location.pathname);
  return (
    <nav aria-label="Console" className="console-nav">
      <details className="console-menu" ref={menu}>
        <summary className="console-menu__toggle">
          Menu{current ? <span className="console-menu__current">{current.label}</span> : null}
        </summary>
        <div className="console-menu__sections">
          {nav.map((section) => {
            const id = section.group ? `console-menu-${section.group.toLowerCase().replace(/\W+/g, "-")}` : undefined;
            const list = (
              <ul aria-labelledby={id}>
                {section.entries.map((entry) => (
                  <li key={entry.to}>
                    <Link to={entry.to} aria-current={entry === current ? "page" : undefined}>
                      {entry.label}
                    </Link>
                  </li>
                ))}
              </ul>
            );
            // Another role's work (an administrator's view of outages, say): folded, opened by its name,
            // and open already when the page shown is in it.
            if (!section.own)
              return (
                <details
                  key={section.group}
                  className="console-menu__section console-menu__more"
                  open={section.entries.some((e) => e === current) || undefined}
                >
                  <summary className="console-menu__group" id={id}>
                    {section.group}
                  </summary>
                  {list}
                </details>
              );
            return (
              <div key={section.group ?? "top"} className="console-menu__section">
                {section.group && (
                  <p className="console-menu__group" id={id}>
                    {section.group}
                  </p>
                )}
                {list}
              </div>
            );
          })}
        </div>
      </details>
    </nav>
  );
}

/**
 * After a client-side navigation (a save that redirected), the page's success message is
 * scrolled into view and focused, so that it is read out and seen on a phone; other pages
 * start at the top (ScrollRestoration). The first render is left alone.
 */
function useSavedMessageInView() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.hash) return;
    const status = document.querySelector<HTMLElement>("#console-main .console-status");
    if (!status) return;
    status.tabIndex = -1;
    status.focus({ preventScroll: true });
    status.scrollIntoView({ block: "center" });
  }, [location]);
}

function ConsoleFrame({
  user,
  nav,
  children,
}: {
  user?: { name: string; email: string; role: string };
  nav: ConsoleNavSection[];
  children?: React.ReactNode;
}) {
  return (
    <>
      <a className="skip-link" href="#console-main">
        Skip to main content
      </a>
      <header className="console-header">
        <div className="console-header__bar">
          <Link to="/staff" className="console-header__title">
            {`${COOPERATIVE.shortName} staff`}
          </Link>
          {user && (
            <div className="console-header__who">
              <span>
                {user.name} <span className="console-header__role">({user.role})</span>
              </span>
              <Form method="post" action="/staff/sign-out">
                <button type="submit" className="console-link-button">
                  Sign out
                </button>
              </Form>
            </div>
          )}
        </div>
      </header>
      <div className="console-shell">
        {nav.length > 0 && <ConsoleMenu nav={nav} />}
        <main id="console-main" className="console-main" tabIndex={-1}>
          {children ?? <Outlet />}
        </main>
      </div>
    </>
  );
}

/** What the console's error page says for 403, 404 and anything else: its title (`meta`) and its text (ErrorBoundary). */
function errorPage(error: unknown): { title: string; text: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 403)
    return { title: "Not allowed", text: "Your role does not allow this page or action. Ask an administrator if you need it." };
  if (status === 404) return { title: "Page not found", text: "There is no console page at this address." };
  return { title: "Something went wrong", text: "The console could not answer just now. Please try again." };
}

/** 403 and 404 inside the console, without a stack trace. */
export function ErrorBoundary() {
  const { title, text } = errorPage(useRouteError());
  return (
    <ConsoleFrame nav={[{ group: null, entries: [{ to: "/staff", label: "Overview" }], own: true }]}>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <Link to="/staff">Back to the console</Link>
      </p>
    </ConsoleFrame>
  );
}
