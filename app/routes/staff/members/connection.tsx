/**
 * /staff/members/connections/:id: one pre-registration: the applicant's details, its status
 * (with the seminar and inspection dates, or the reason it was declined), the nine documents
 * ticked as staff see them, and staff notes. Reading needs members.read, acting members.manage;
 * every view and every change is in the audit log.
 */
import { data, Form, Link, redirect } from "react-router";
import { CONNECTION_CHECKLIST } from "../../../../modules/members/connection-options";
import {
  applicantStep,
  CONNECTION_STATUS_LABELS,
  CONNECTION_STATUSES,
  checkStatusChange,
  isConnectionStatus,
  readDocuments,
  townOfAddress,
} from "../../../../modules/members/connection-queue";
import {
  type Actor,
  addNote,
  changeStatus,
  documentsFormSchema,
  getApplication,
  getProgress,
  listNotes,
  noteFormSchema,
  setDocuments,
  statusChangeFormSchema,
} from "../../../../modules/members/connection-queue.server";
import { formatDate, formatDateTime } from "../../../../modules/shared/dates";
import { readForm } from "../../../../modules/shared/forms";
import { listAudit, recordAudit } from "../../../../modules/staff/audit.server";
import { ErrorSummary, Field } from "../../../components/ui/Field";
import { services } from "../../../context";
import type { FieldErrors } from "../form";
import { intentOf, postedForm } from "../form.server";
import { requireStaff, staffServices } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/connection";
import "./members.css";

export const handle: ConsoleHandle = { staff: "members.read", staffAction: "members.manage" };

async function load(args: Route.LoaderArgs | Route.ActionArgs) {
  const application = await getApplication(services(args.context).db, Number(args.params.id));
  if (!application) throw data({ message: "There is no such pre-registration." }, { status: 404 });
  return application;
}

const SAVED = { status: "Status saved.", documents: "Documents saved.", note: "Note added." } as const;

const day = (d: string | null) => (d ? formatDate(`${d}T12:00:00+08:00`) : null);

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "members.read");
  const app = await load(args);
  const db = services(args.context).db;
  const st = staffServices(args);
  await recordAudit(db, {
    actorId: me.id,
    actorEmail: me.email,
    action: "connection.viewed",
    objectType: "connection_preregistration",
    objectId: app.id,
    ip: st.ip,
    userAgent: st.userAgent,
  });
  const [progress, notes, history] = await Promise.all([
    getProgress(db, app.id),
    listNotes(db, app.id),
    listAudit(
      db,
      { objectType: "connection_preregistration", objectId: String(app.id), action: "connection.status_changed" },
      { limit: 50 },
    ),
  ]);
  const saved = new URL(args.request.url).searchParams.get("saved") ?? "";
  return {
    saved: Object.hasOwn(SAVED, saved) ? SAVED[saved as keyof typeof SAVED] : null,
    id: app.id,
    reference: app.reference,
    name: [`${app.lastName},`, app.firstName, app.suffix, app.middleName].filter(Boolean).join(" "),
    received: formatDateTime(app.createdAt),
    details: [
      ["Address", app.address],
      ["Town", townOfAddress(app.address) ?? "—"],
      ["Contact numbers", app.contactNumbers],
      ["Date of birth", `${formatDate(app.dateOfBirth)} (age ${app.age})`],
      ["Gender", app.gender],
      ["Civil status", app.civilStatus],
      ["Nearest account number", app.nearestAccountNumber || "—"],
      ["Educational attainment", app.educationalAttainment],
      ["Occupation / source of income", app.occupation],
      ["Number of dependents", String(app.dependents)],
      ["Religion / social affiliation", app.religion || "—"],
      ["Annual income", app.annualIncome || "—"],
      ["TIN", app.tin || "—"],
    ] as [string, string][],
    progress,
    applicantSees: applicantStep(progress),
    notes: notes.map((n) => ({ id: n.id, body: n.body, by: n.authorEmail, at: formatDateTime(n.createdAt) })),
    history: history.map((h) => {
      const after = (h.after ?? {}) as {
        status?: string;
        seminarDate?: string | null;
        inspectionDate?: string | null;
        declineReason?: string;
      };
      const status = after.status && isConnectionStatus(after.status) ? CONNECTION_STATUS_LABELS[after.status] : "?";
      const extra =
        after.status === "seminar-scheduled"
          ? day(after.seminarDate ?? null)
          : after.status === "inspection"
            ? day(after.inspectionDate ?? null)
            : after.status === "declined"
              ? after.declineReason
              : null;
      return { id: h.id, text: extra ? `${status}: ${extra}` : status, by: h.actorEmail ?? "", at: formatDateTime(h.at) };
    }),
  };
}

type ActionResult = { form: "status" | "note"; errors: FieldErrors; values: Record<string, string> };

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "members.manage");
  const app = await load(args);
  const db = services(args.context).db;
  const st = staffServices(args);
  const actor: Actor = { actorId: me.id, actorEmail: me.email, ip: st.ip, userAgent: st.userAgent };
  const form = await postedForm(args.request);
  const intent = intentOf(form, ["status", "documents", "note"]);
  const now = new Date();
  if (intent === "status") {
    const read = readForm(form, statusChangeFormSchema);
    const values = read.values;
    const { errors, change } = read.ok ? checkStatusChange(read.data) : { errors: read.errors, change: undefined };
    if (!change) return data<ActionResult>({ form: "status", errors, values }, { status: 422 });
    await changeStatus(db, app.id, change, actor, now);
    return redirect(`/staff/members/connections/${app.id}?saved=status`);
  }
  if (intent === "documents") {
    const { lists } = readForm(form, documentsFormSchema);
    await setDocuments(db, app.id, readDocuments(lists.document ?? []), actor, now);
    return redirect(`/staff/members/connections/${app.id}?saved=documents`);
  }
  if (intent === "note") {
    const note = readForm(form, noteFormSchema);
    if (!note.ok) return data<ActionResult>({ form: "note", errors: note.errors, values: note.values }, { status: 422 });
    await addNote(db, app.id, note.data.note, actor, now);
    return redirect(`/staff/members/connections/${app.id}?saved=note`);
  }
  return data<ActionResult>({ form: "status", errors: { status: "Unknown action." }, values: {} }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData?.reference ?? "Connection application");

export default function ConnectionApplication({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const statusErrors = a?.form === "status" ? a.errors : {};
  const noteErrors = a?.form === "note" ? a.errors : {};
  const v = a?.form === "status" ? a.values : {};
  const p = d.progress;
  return (
    <>
      <p>
        <Link to="/staff/members/connections">Connection queue</Link>
      </p>
      <h1>{d.name}</h1>
      <p>
        <span className="queue-reference">{d.reference}</span> · received {d.received} ·{" "}
        <span className={`queue-status queue-status--${p.status}`}>{CONNECTION_STATUS_LABELS[p.status]}</span>
      </p>
      {d.saved && (
        <p className="console-status" role="status">
          {d.saved}
        </p>
      )}
      <p className="field__hint">Personal data: this view is recorded in the audit log.</p>

      <section className="console-card" aria-labelledby="status-h">
        <h2 id="status-h">Status</h2>
        <p>
          The applicant's page says: <strong>{d.applicantSees.status}</strong> Next: {d.applicantSees.next}
        </p>
        <ErrorSummary errors={statusErrors} />
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="status" />
          <Field id="status" label="New status" error={statusErrors.status}>
            {(props) => (
              <select {...props} defaultValue={v.status ?? p.status}>
                {CONNECTION_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {CONNECTION_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="seminarDate" label="Seminar date" hint="Needed for “Seminar scheduled”." error={statusErrors.seminarDate}>
            {(props) => <input type="date" {...props} defaultValue={v.seminarDate ?? p.seminarDate ?? ""} />}
          </Field>
          <Field id="inspectionDate" label="Inspection date" hint="Needed for “Inspection”." error={statusErrors.inspectionDate}>
            {(props) => <input type="date" {...props} defaultValue={v.inspectionDate ?? p.inspectionDate ?? ""} />}
          </Field>
          <Field
            id="declineReason"
            label="Reason for declining"
            hint="Needed for “Declined”; the applicant sees it."
            error={statusErrors.declineReason}
          >
            {(props) => <textarea {...props} rows={2} maxLength={300} defaultValue={v.declineReason ?? p.declineReason} />}
          </Field>
          <button type="submit" className="button">
            Save status
          </button>
        </Form>
        {d.history.length > 0 && (
          <>
            <h3>History</h3>
            <ul className="queue-notes">
              {d.history.map((h) => (
                <li key={h.id}>
                  <p>{h.text}</p>
                  <span className="queue-notes__meta">
                    {h.at} · {h.by}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="console-card" aria-labelledby="documents-h">
        <h2 id="documents-h">
          Documents seen ({p.documents.length} of {CONNECTION_CHECKLIST.length})
        </h2>
        <Form method="post">
          <input type="hidden" name="intent" value="documents" />
          <ul className="queue-checklist">
            {CONNECTION_CHECKLIST.map((doc, i) => (
              <li key={doc}>
                <input type="checkbox" id={`document-${i}`} name="document" value={String(i)} defaultChecked={p.documents.includes(i)} />
                <label htmlFor={`document-${i}`}>{doc}</label>
              </li>
            ))}
          </ul>
          <button type="submit" className="button button--secondary">
            Save documents
          </button>
        </Form>
      </section>

      <section className="console-card" aria-labelledby="notes-h">
        <h2 id="notes-h">Staff notes</h2>
        <p className="field__hint">Seen by staff only.</p>
        <ErrorSummary errors={noteErrors} />
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="note" />
          <Field id="note" label="New note" error={noteErrors.note}>
            {(props) => <textarea {...props} rows={3} maxLength={2000} defaultValue={a?.form === "note" ? a.values.note : ""} />}
          </Field>
          <button type="submit" className="button button--secondary">
            Add note
          </button>
        </Form>
        {d.notes.length > 0 && (
          <ul className="queue-notes">
            {d.notes.map((n) => (
              <li key={n.id}>
                <p>{n.body}</p>
                <span className="queue-notes__meta">
                  {n.at} · {n.by}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="console-card" aria-labelledby="applicant-h">
        <h2 id="applicant-h">Applicant</h2>
        <dl className="members-details">
          {d.details.map(([k, val]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{val}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
