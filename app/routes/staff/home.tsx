import { Link } from "react-router";
import { backupFailing, readBackupStatus } from "../../../modules/ops/backup-schedule.server";
import { formatDateTime } from "../../../modules/shared/dates";
import { can, roleLabels } from "../../../modules/staff/permissions";
import { services } from "../../context";
import type { Route } from "./+types/home";
import { requireStaff } from "./guard.server";
import type { ConsoleHandle } from "./nav";
import { consoleNavSections } from "./nav";
import { workList } from "./overview.server";
import { consoleMeta } from "./title";

export const handle: ConsoleHandle = { staff: "signed-in" };

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const sections = consoleNavSections((e) => e.to !== "/staff" && (!e.permission || can(user.role, e.permission)));
  const db = services(args.context).db;
  const work = await workList(db, user.role);
  // Administrators see how the daily backup went: a failure stays here until a backup succeeds.
  const status = user.role === "admin" ? readBackupStatus(services(args.context).backupDir) : null;
  const backup = status && {
    failing: backupFailing(status),
    lastSuccess: status.lastSuccess ? formatDateTime(status.lastSuccess.at) : null,
    lastFailure: status.lastFailure ? { at: formatDateTime(status.lastFailure.at), error: status.lastFailure.error } : null,
  };
  return { name: user.name, role: roleLabels[user.role], work, sections, backup };
}

export const meta: Route.MetaFunction = () => consoleMeta("Overview");

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Welcome, {loaderData.name}</h1>
      <p>You are signed in as {loaderData.role}.</p>
      <section className="console-card" aria-labelledby="work-title">
        <h2 id="work-title">Waiting on you</h2>
        {loaderData.work.length === 0 && !loaderData.backup?.failing ? (
          <p>Nothing waits on you now: all is done.</p>
        ) : (
          <ul className="console-work">
            {loaderData.backup?.failing && (
              <li>
                <strong>The last backup failed</strong>: see below.
              </li>
            )}
            {loaderData.work.map((w) => (
              <li key={w.text}>
                <Link to={w.to}>{w.text}</Link>
                {w.lines && (
                  <ul>
                    {w.lines.map((l) => (
                      <li key={l.to}>
                        <Link to={l.to}>{l.text}</Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {loaderData.backup?.failing ? (
        <div className="error-summary" role="alert">
          <h2>The last backup failed</h2>
          <p>{`${loaderData.backup.lastFailure?.at}: ${loaderData.backup.lastFailure?.error}. Last successful backup: ${
            loaderData.backup.lastSuccess ?? "none"
          }. See the site's log and the README's "Production" part.`}</p>
        </div>
      ) : loaderData.backup ? (
        <p>{`Last backup: ${loaderData.backup.lastSuccess ?? "none yet (the daily backup runs at 02:00)"}.`}</p>
      ) : null}
      {loaderData.sections.map((section) => (
        <section key={section.group} aria-labelledby={`overview-${slug(section.group)}`}>
          <h2 id={`overview-${slug(section.group)}`}>{section.group}</h2>
          <ul className="console-tiles">
            {section.entries.map((e) => (
              <li key={e.to}>
                <Link to={e.to}>{e.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

const slug = (text: string | null) => (text ?? "top").toLowerCase().replace(/\W+/g, "-");
