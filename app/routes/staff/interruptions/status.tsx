/**
 * /staff/interruptions/:id/status: the second tap. The status chosen on the list is already
 * selected; an optional public note, the new end when extending, and one button to confirm.
 */
import { data, Form, Link, redirect } from "react-router";
import { ContentValidationError } from "../../../../modules/content/context";
import {
  changeInterruptionStatus,
  getInterruptionForEditor,
  NEXT_STATUSES,
  STATUS_ACTION_LABELS,
  statusChangeSchema,
} from "../../../../modules/interruptions/editor.server";
import { listInterruptionEvents } from "../../../../modules/interruptions/events.server";
import { EVENT_LABELS } from "../../../../modules/interruptions/history.server";
import { currentStatus, INTERRUPTION_STATUS_LABELS } from "../../../../modules/interruptions/model";
import { now as clockNow } from "../../../../modules/shared/clock";
import { formatDateTime, formatDateWithWeekday, formatTime, toManilaLocalInput } from "../../../../modules/shared/dates";
import { toPlainText } from "../../../../modules/shared/html";
import { ErrorSummary, Field, FieldSet } from "../../../components/ui/Field";
import { services } from "../../../context";
import { contentContext, idParam } from "../content/context.server";
import { WithNote } from "../content/PublicationFields";
import { readPosted } from "../form.server";
import { requireStaff } from "../guard.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/status";
import "../content/content.css";
import type { ConsoleHandle } from "../nav";

export const handle: ConsoleHandle = { staff: "interruptions.manage" };

async function load(args: Route.LoaderArgs | Route.ActionArgs) {
  const item = await getInterruptionForEditor(services(args.context).db, idParam(args.params.id));
  if (!item) throw data({ message: "No such interruption." }, { status: 404 });
  return item;
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "interruptions.manage");
  const { row } = await load(args);
  const events = await listInterruptionEvents(services(args.context).db, row.id);
  const to = new URL(args.request.url).searchParams.get("to") ?? "";
  const next = NEXT_STATUSES[row.status];
  const shown = currentStatus(row, clockNow()).status;
  return {
    id: row.id,
    title: `${formatDateWithWeekday(row.startsAt)}, ${formatTime(row.startsAt)} – ${formatTime(row.endsAt)}`,
    activities: toPlainText(row.activities),
    areas: toPlainText(row.affectedAreas),
    status: row.status,
    statusLabel: INTERRUPTION_STATUS_LABELS[row.status],
    hint: shown !== row.status ? `The public page shows it as ${INTERRUPTION_STATUS_LABELS[shown].toLowerCase()} (by its times).` : "",
    next: next.map((s) => ({ status: s, label: STATUS_ACTION_LABELS[s] })),
    selected: next.find((s) => s === to) ?? next[0] ?? "",
    suggestedEnd: toManilaLocalInput(new Date(row.endsAt.getTime() + 3600_000)),
    events: events.map((e) => ({ id: e.id, kind: EVENT_LABELS[e.kind] ?? e.kind, note: e.note, at: formatDateTime(e.occurredAt) })),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args, "interruptions.manage");
  const { row } = await load(args);
  const form = await readPosted(args.request, statusChangeSchema);
  if (!form.ok) return data({ errors: form.errors, values: form.values }, { status: 422 });
  try {
    await changeInterruptionStatus(contentContext(args, user), row.id, form.data);
  } catch (error) {
    if (error instanceof ContentValidationError)
      return data(
        {
          errors: { ...error.fieldErrors, ...(Object.keys(error.fieldErrors).length ? {} : { status: error.message }) },
          values: form.values,
        },
        { status: 422 },
      );
    throw error;
  }
  throw redirect(`/staff/interruptions?saved=${encodeURIComponent(`Marked ${form.data.status}. The public page shows it now.`)}`);
}

export const meta: Route.MetaFunction = () => consoleMeta("Change status");

export default function StatusChange({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const selected = values.status ?? d.selected;
  return (
    <>
      <p>
        <Link to="/staff/interruptions">← All interruptions</Link>
      </p>
      <h1>Change status</h1>
      <div className="content-item">
        <div className="content-item__head">
          <span className={`status-badge status-badge--${d.status}`}>{d.statusLabel}</span>
        </div>
        {d.hint && <p className="status-hint">{d.hint}</p>}
        <p className="content-item__title">{d.title}</p>
        <p className="content-item__meta">{d.areas}</p>
        <p className="content-item__meta">{d.activities}</p>
      </div>
      {d.next.length === 0 ? (
        <p className="notice">It is {d.statusLabel.toLowerCase()}: there is no further status to set.</p>
      ) : (
        <Form method="post" noValidate>
          <ErrorSummary errors={errors} />
          <FieldSet id="status" legend="New status" error={errors.status} className="publication-fields">
            <div className="choice-list">
              {d.next.map((n) => (
                <label key={n.status}>
                  <input type="radio" name="status" value={n.status} defaultChecked={selected === n.status} /> {n.label}
                </label>
              ))}
            </div>
          </FieldSet>
          {d.next.some((n) => n.status === "extended") && (
            <Field id="newEnd" label="New end, when extending (Manila time)" error={errors.newEnd}>
              {(p) => <input {...p} type="datetime-local" defaultValue={values.newEnd ?? d.suggestedEnd} />}
            </Field>
          )}
          <Field id="note" label={<WithNote label="Public note" note="optional, shown on the public page" />} error={errors.note}>
            {(p) => <textarea {...p} rows={2} maxLength={500} defaultValue={values.note ?? ""} />}
          </Field>
          <div className="status-buttons">
            <button type="submit" className="button">
              Confirm
            </button>
          </div>
        </Form>
      )}
      {d.events.length > 0 && (
        <section>
          <h2>History</h2>
          <ol className="event-history">
            {d.events.map((e) => (
              <li key={e.id}>
                {e.at}: {e.kind}
                {e.note ? ` — ${e.note}` : ""}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
