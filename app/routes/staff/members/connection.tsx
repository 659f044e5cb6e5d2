/**
 * /staff/members/connections/:id: one pre-registration: the applicant's details, its status
 * (with the seminar and inspection dates, or the reason it was declined), the nine documents
 * ticked as staff see them, and staff notes. Reading needs members.read, acting members.manage;
 * every view and every change is in the audit log.
 */
import { data, Form, Link, redirect, useLocation } from "react-router";
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
    saved: savedMessage(saved),
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

type Part = "status" | "documents" | "note";
type ActionResult = { form: "save"; errors: FieldErrors; values: Record<string, string>; documents: number[] };

/**
 * One form saves the status, the documents ticked and a new note together, so that pressing
 * Save never drops what was ticked or typed in another part (they used to be three forms).
 * The older one-part posts (`intent` status, documents or note) still save that part alone.
 */
export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "members.manage");
  const app = await load(args);
  const db = services(args.context).db;
  const st = staffServices(args);
  const actor: Actor = { actorId: me.id, actorEmail: me.email, ip: st.ip, userAgent: st.userAgent };
  const form = await postedForm(args.request);
  const intent = intentOf(form, ["save", "status", "documents", "note"]);
  if (!intent)
    return data<ActionResult>({ form: "save", errors: { status: "Unknown action." }, values: {}, documents: [] }, { status: 400 });
  const parts = new Set<Part>(intent === "save" ? ["status", "documents", "note"] : [intent]);
  const now = new Date();
  const before = await getProgress(db, app.id);

  const status = readForm(form, statusChangeFormSchema);
  const { lists } = readForm(form, documentsFormSchema);
  const documents = readDocuments(lists.document ?? []);
  const noteText = String(form.get("note") ?? "").trim();
  const values = { ...status.values, note: String(form.get("note") ?? "") };

  // The status part counts only when something in it differs from what is stored.
  const statusTouched =
    parts.has("status") &&
    (intent === "status" ||
      status.values.status !== before.status ||
      (status.values.seminarDate ?? "") !== (before.seminarDate ?? "") ||
      (status.values.inspectionDate ?? "") !== (before.inspectionDate ?? "") ||
      (status.values.declineReason ?? "").trim() !== (before.declineReason ?? ""));
  const documentsTouched = parts.has("documents") && (intent === "documents" || documents.join() !== before.documents.join());
  const noteTouched = parts.has("note") && (intent === "note" || noteText !== "");

  // Every part is checked before any is saved: an error saves nothing and keeps everything.
  const errors: FieldErrors = {};
  const { errors: statusErrors, change } =
    statusTouched && status.ok
      ? checkStatusChange(status.data)
      : { errors: statusTouched && !status.ok ? status.errors : {}, change: undefined };
  Object.assign(errors, statusErrors);
  const note = noteTouched ? readForm(form, noteFormSchema) : undefined;
  if (note && !note.ok) Object.assign(errors, note.errors);
  if (Object.keys(errors).length > 0) return data<ActionResult>({ form: "save", errors, values, documents }, { status: 422 });

  const saved: Part[] = [];
  if (statusTouched && change) {
    await changeStatus(db, app.id, change, actor, now);
    saved.push("status");
  }
  if (documentsTouched) {
    await setDocuments(db, app.id, documents, actor, now);
    saved.push("documents");
  }
  if (note?.ok) {
    await addNote(db, app.id, note.data.note, actor, now);
    saved.push("note");
  }
  return redirect(`/staff/members/connections/${app.id}?saved=${saved.join("-") || "nothing"}`);
}

/** "Saved: status, documents and note." from `status-documents-note`. */
function savedMessage(saved: string): string | null {
  if (saved === "nothing") return "Nothing was changed.";
  const names: Record<string, string> = { status: "status", documents: "documents seen", note: "note added" };
  const parts = saved.split("-").filter((p) => Object.hasOwn(names, p));
  if (!parts.length) return null;
  const words = parts.map((p) => names[p]!);
  const list = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0];
  return `Saved: ${list}.`;
}

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData?.reference ?? "Connection application");

export default function ConnectionApplication({ loaderData: d, actionData: a }: Route.ComponentProps) {
  // After a refused save every part shows what was chosen, ticked and typed.
  const errors = a?.errors ?? {};
  const v: Record<string, string | undefined> = a?.values ?? {};
  const p = d.progress;
  const ticked = a ? a.documents : p.documents;
  // A new form after each save: the note typed is gone once it is stored.
  const location = useLocation();
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

      <Form method="post" noValidate key={location.key}>
        <input type="hidden" name="intent" value="save" />
        <ErrorSummary errors={errors} />
        <section className="console-card" aria-labelledby="status-h">
          <h2 id="status-h">Status</h2>
          <p>
            The applicant's page says: <strong>{d.applicantSees.status}</strong> Next: {d.applicantSees.next}
          </p>
          <Field id="status" label="New status" error={errors.status}>
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
          <Field id="seminarDate" label="Seminar date" hint="Needed for “Seminar scheduled”." error={errors.seminarDate}>
            {(props) => <input type="date" {...props} defaultValue={v.seminarDate ?? p.seminarDate ?? ""} />}
          </Field>
          <Field id="inspectionDate" label="Inspection date" hint="Needed for “Inspection”." error={errors.inspectionDate}>
            {(props) => <input type="date" {...props} defaultValue={v.inspectionDate ?? p.inspectionDate ?? ""} />}
          </Field>
          <Field
            id="declineReason"
            label="Reason for declining"
            hint="Needed for “Declined”; the applicant sees it."
            error={errors.declineReason}
          >
            {(props) => <textarea {...props} rows={2} maxLength={300} defaultValue={v.declineReason ?? p.declineReason} />}
          </Field>
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
          <ul className="queue-checklist">
            {CONNECTION_CHECKLIST.map((doc, i) => (
              <li key={doc}>
                <input type="checkbox" id={`document-${i}`} name="document" value={String(i)} defaultChecked={ticked.includes(i)} />
                <label htmlFor={`document-${i}`}>{doc}</label>
              </li>
            ))}
          </ul>
        </section>

        <section className="console-card" aria-labelledby="notes-h">
          <h2 id="notes-h">Staff notes</h2>
          <p className="field__hint">Seen by staff only.</p>
          <Field id="note" label="New note" error={errors.note}>
            {(props) => <textarea {...props} rows={3} maxLength={2000} defaultValue={v.note ?? ""} />}
          </Field>
          <button type="submit" className="button">
            Save
          </button>
          <p className="field__hint">Saves the status, the documents ticked and the note together.</p>
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
      </Form>

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
