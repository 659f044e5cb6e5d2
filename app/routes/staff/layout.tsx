/**
 * The console's layout: a plain header with the navigation this person's role allows, who is
 * signed in, and a sign-out button. Every page below calls requireStaff itself.
 */
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useRouteError } from "react-router";
import { can, roleLabels } from "../../../core/permissions";
import type { Route } from "./+types/layout";
import { requireStaff } from "./guard.server";
import { consoleNav } from "./nav";
import "./console.css";
import type { ConsoleHandle } from "./nav";

export const handle: ConsoleHandle = { staff: "signed-in" };

/** The console's own document: no public title or sharing tags (root.tsx adds noindex). */
export const meta: Route.MetaFunction = () => [];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const nav = consoleNav.filter((entry) => !entry.permission || can(user.role, entry.permission)).map(({ to, label }) => ({ to, label }));
  return { user: { name: user.name, email: user.email, role: roleLabels[user.role] }, nav };
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return <ConsoleFrame user={loaderData.user} nav={loaderData.nav} />;
}

function ConsoleFrame({
  user,
  nav,
  children,
}: {
  user?: { name: string; email: string; role: string };
  nav: { to: string; label: string }[];
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
            WESPECO staff
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
        {nav.length > 0 && (
          <nav aria-label="Console" className="console-nav">
            <ul>
              {nav.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} end={entry.to === "/staff"}>
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="console-main" className="console-main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
    </>
  );
}

/** 403 and 404 inside the console, without a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 403 ? "Not allowed" : status === 404 ? "Page not found" : "Something went wrong";
  const text =
    status === 403
      ? "Your role does not allow this page or action. Ask an administrator if you need it."
      : status === 404
        ? "There is no console page at this address."
        : "The console could not answer just now. Please try again.";
  return (
    <ConsoleFrame nav={[{ to: "/staff", label: "Overview" }]}>
      <title>{`${title} | WESPECO staff`}</title>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <Link to="/staff">Back to the console</Link>
      </p>
    </ConsoleFrame>
  );
}
