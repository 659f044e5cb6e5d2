/**
 * /staff/members/privacy: data-subject requests (Republic Act 10173). Find every record of
 * one person by account number, e-mail or mobile number (each search is audited: it shows
 * personal data), download them as one JSON file, or erase them with the reason recorded.
 */
import { data, Form, redirect } from "react-router";
import { ALL_KINDS, ERASABLE_KINDS, KIND_LABELS, type SubjectRecords } from "../../../../modules/privacy/personal-data";
import {
  eraseSubject,
  erasureSchema,
  findSubject,
  SUBJECT_QUERY_HINT,
  subjectKeyOf,
} from "../../../../modules/privacy/personal-data.server";
import { recordAudit } from "../../../../modules/staff/audit.server";
import { CheckboxField, ErrorSummary, Field } from "../../../components/ui/Field";
import { readPosted } from "../form.server";
import { requireStaff, staffServices } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/privacy";
import { auditMember } from "./audit.server";
import "./members.css";

export const handle: ConsoleHandle = { staff: "members.manage" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "members.manage");
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const done = url.searchParams.get("done") ?? "";
  if (!q) return { q, done, error: null, found: null };
  const key = subjectKeyOf(q);
  if (!key) return { q, done, error: SUBJECT_QUERY_HINT, found: null };
  const found = await findSubject(staffServices(args).db, key);
  await auditMember(args, me, {
    action: "data_subject.searched",
    objectType: "data_subject",
    objectId: `${key.kind}:${key.value}`,
    after: { found: Object.fromEntries(ALL_KINDS.map((k) => [k, found[k].length])) },
  });
  return { q, done, error: null, found: forPage(found) };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "members.manage");
  const form = await readPosted(args.request, erasureSchema);
  if (!form.ok) return data({ errors: form.errors, reason: form.values.reason?.trim() ?? "" }, { status: 422 });
  const { q: key, reason } = form.data;
  const q = form.values.q!.slice(0, 200);
  const staff = staffServices(args);
  const counts = await staff.db.transaction(async (tx) => {
    const found = await findSubject(tx, key);
    const erased = await eraseSubject(tx, found);
    await recordAudit(tx, {
      actorId: me.id,
      actorEmail: me.email,
      action: "data_subject.erased",
      objectType: "data_subject",
      objectId: `${key.kind}:${key.value}`,
      after: { reason, erased },
      ip: staff.ip,
      userAgent: staff.userAgent,
    });
    return erased;
  });
  const total = Object.values(counts).reduce((n, c) => n + c, 0);
  throw redirect(
    `/staff/members/privacy?q=${encodeURIComponent(q)}&done=${encodeURIComponent(`Erased ${total} record${total === 1 ? "" : "s"}.`)}`,
  );
}

/** Per kind: how many records, and the records as indented JSON to read. */
function forPage(found: SubjectRecords) {
  return {
    erasable: ERASABLE_KINDS.reduce((n, k) => n + found[k].length, 0),
    kinds: ALL_KINDS.map((k) => ({ kind: k, label: KIND_LABELS[k], count: found[k].length, json: JSON.stringify(found[k], null, 2) })),
  };
}

export const meta: Route.MetaFunction = () => consoleMeta("Data requests");

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const { q, done, error, found } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const count = found?.erasable ?? 0;
  return (
    <>
      <h1>Data-subject requests</h1>
      <p>
        Find every record the site keeps about one person, give them a copy (JSON), or erase it at their request. AGAM votes stay in the
        tally without the person; the member roll is the cooperative's membership record and stays.
      </p>
      {done && (
        <p className="console-status" role="status">
          {done}
        </p>
      )}
      {Object.keys(errors).length > 0 && <ErrorSummary errors={errors} />}
      <form method="get" className="console-filters" role="search" aria-label="Find a person's records">
        <Field id="q" label="Account number, e-mail or mobile number" error={error ?? undefined}>
          {(p) => <input {...p} type="search" defaultValue={q} />}
        </Field>
        <div className="field">
          <button type="submit" className="button">
            Find records
          </button>
        </div>
      </form>
      {found && (
        <section aria-labelledby="found-title">
          <h2 id="found-title">{count === 0 ? "No records found" : `${count} record${count === 1 ? "" : "s"} found`}</h2>
          <ul>
            {found.kinds.map((k) => (
              <li key={k.kind}>
                {k.label}: {k.count}
              </li>
            ))}
          </ul>
          {found.kinds
            .filter((k) => k.count > 0)
            .map((k) => (
              <details key={k.kind}>
                <summary>{k.label}</summary>
                <pre className="console-code">{k.json}</pre>
              </details>
            ))}
          <p className="console-actions">
            <a className="button button--secondary" href={`/staff/members/privacy/export.json?q=${encodeURIComponent(q)}`} download>
              Download all as JSON
            </a>
          </p>
          {count > 0 && (
            <Form method="post" noValidate className="console-card">
              <h3>Erase these records</h3>
              <input type="hidden" name="q" value={q} />
              <Field id="reason" label="Reason (recorded in the audit log)" error={errors.reason}>
                {(p) => <textarea {...p} rows={3} defaultValue={actionData?.reason ?? ""} />}
              </Field>
              <CheckboxField id="confirm" label={`I confirm: erase or anonymize these ${count} records`} error={errors.confirm}>
                {(p) => <input {...p} type="checkbox" value="yes" />}
              </CheckboxField>
              <button type="submit" className="button button--danger">
                Erase
              </button>
            </Form>
          )}
        </section>
      )}
    </>
  );
}
