/** Administrators: the audit log, newest first, with filters and a JSON-lines export. Read-only. */
import { Form, Link } from "react-router";
import { formatDate, formatTime } from "../../../modules/shared/dates";
import { listAudit } from "../../../modules/staff/audit.server";
import { ErrorSummary, Field } from "../../components/ui/Field";
import type { Route } from "./+types/audit";
import { auditQueryString, readAuditQuery } from "./audit.server";
import { auditActionWords, auditChangeWords, auditObjectWords } from "./audit-words";
import { ConsoleTable } from "./ConsoleTable";
import { requireStaff, staffServices } from "./guard.server";
import type { ConsoleHandle } from "./nav";
import { consoleMeta } from "./title";

export const handle: ConsoleHandle = { staff: "audit.read" };

const PAGE = 50;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "audit.read");
  const url = new URL(args.request.url);
  const { query, filter, errors } = readAuditQuery(url);
  const before = Number(url.searchParams.get("before")) || undefined;
  const rows = Object.keys(errors).length ? [] : await listAudit(staffServices(args).db, filter, { limit: PAGE + 1, beforeId: before });
  const page = rows.slice(0, PAGE);
  const qs = auditQueryString(query);
  return {
    query,
    errors,
    exportHref: `/staff/audit.jsonl${qs ? `?${qs}` : ""}`,
    olderHref: rows.length > PAGE ? `/staff/audit?${qs ? `${qs}&` : ""}before=${page[page.length - 1]!.id}` : null,
    entries: page.map((r) => ({
      id: r.id,
      date: formatDate(r.at),
      time: formatTime(r.at),
      at: r.at.toISOString(),
      actor: r.actorEmail ?? r.actorId ?? "—",
      action: r.action,
      words: auditActionWords(r.action),
      object: auditObjectWords(r.objectType, r.objectId),
      from: r.ip ?? "",
      userAgent: r.userAgent ?? "",
      change: auditChangeWords(r.before, r.after),
    })),
  };
}

export const meta: Route.MetaFunction = () => consoleMeta("Audit log");

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { query, errors } = loaderData;
  return (
    <>
      <h1>Audit log</h1>
      <p>Every sign-in, account change, publication and view of personal data, as it happened. Nothing here can be changed or deleted.</p>
      <ErrorSummary errors={errors} />
      <Form method="get" className="console-card">
        <div className="console-filters">
          <Field id="actor" label="Who (e-mail)">
            {(p) => <input {...p} type="search" defaultValue={query.actor} />}
          </Field>
          <Field id="action" label="Action" hint='e.g. "sign_in.failed", or "sign_in." for all sign-in entries'>
            {(p) => <input {...p} type="search" defaultValue={query.action} />}
          </Field>
          <Field id="objectType" label="Object type">
            {(p) => <input {...p} type="search" defaultValue={query.objectType} />}
          </Field>
          <Field id="objectId" label="Object id">
            {(p) => <input {...p} type="search" defaultValue={query.objectId} />}
          </Field>
          <Field id="ip" label="From address">
            {(p) => <input {...p} type="search" defaultValue={query.ip} />}
          </Field>
          <Field id="from" label="From date" error={errors.from}>
            {(p) => <input {...p} type="date" defaultValue={query.from} />}
          </Field>
          <Field id="to" label="To date" error={errors.to}>
            {(p) => <input {...p} type="date" defaultValue={query.to} />}
          </Field>
        </div>
        <div className="console-actions">
          <button type="submit" className="button">
            Filter
          </button>
          <Link to="/staff/audit">Clear</Link>
          <a href={loaderData.exportHref} download>
            Export these entries (JSON lines)
          </a>
        </div>
      </Form>
      {loaderData.entries.length === 0 ? (
        <p>No entries match.</p>
      ) : (
        <ConsoleTable stack caption="Audit entries, newest first" hideCaption columns={["When (Manila)", "Who", "What", "From"]}>
          {loaderData.entries.map((e) => (
            <tr key={e.id}>
              <td>
                <time dateTime={e.at}>
                  {e.date}
                  <br />
                  {e.time}
                </time>
              </td>
              <td>{e.actor}</td>
              <td>
                <strong>{e.words}</strong> <small className="audit-code">({e.action})</small>
                <br />
                {e.object}
                {e.change.length > 0 && (
                  <ul className="console-change">
                    {e.change.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                )}
              </td>
              <td>
                {e.from}
                <br />
                <span className="field__hint">{e.userAgent}</span>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {loaderData.olderHref && (
        <p>
          <Link to={loaderData.olderHref}>Older entries</Link>
        </p>
      )}
    </>
  );
}
