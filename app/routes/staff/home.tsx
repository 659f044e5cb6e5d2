import { Link } from "react-router";
import { can, roleLabels } from "../../../modules/staff/permissions";
import { services } from "../../context";
import type { Route } from "./+types/home";
import { requireStaff } from "./guard.server";
import type { ConsoleHandle } from "./nav";
import { consoleNav } from "./nav";
import { overviewCounts } from "./overview.server";
import { consoleMeta } from "./title";

export const handle: ConsoleHandle = { staff: "signed-in" };

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const entries = consoleNav.filter((e) => e.to !== "/staff" && (!e.permission || can(user.role, e.permission)));
  const counts = await overviewCounts(services(args.context).db, user.role);
  return { name: user.name, role: roleLabels[user.role], counts, entries: entries.map(({ to, label }) => ({ to, label })) };
}

export const meta: Route.MetaFunction = () => consoleMeta("Overview");

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Welcome, {loaderData.name}</h1>
      <p>You are signed in as {loaderData.role}.</p>
      {loaderData.counts.length > 0 && (
        <ul className="console-counts" aria-label="Now">
          {loaderData.counts.map((c) => (
            <li key={c.label}>
              <Link to={c.to}>
                <strong>{c.value}</strong> {c.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ul className="console-tiles">
        {loaderData.entries.map((e) => (
          <li key={e.to}>
            <Link to={e.to}>{e.label}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
