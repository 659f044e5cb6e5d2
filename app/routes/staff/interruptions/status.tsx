/**
 * /staff/interruptions/:id/status: the second tap. The status chosen on the list is already
 * selected; an optional public note, the new end when extending, and one button to confirm.
 */
import { data, Form, Link, redirect } from "react-router";
import { now as clockNow } from "../../../../core/clock";
import { ContentValidationError } from "../../../../core/content-context";
import { formatDateTime, formatDateWithWeekday, formatTime, toManilaLocalInput } from "../../../../core/dates";
import { toPlainText } from "../../../../core/html";
import {
  changeInterruptionStatus,
  getInterruptionForEditor,
  NEXT_STATUSES,
  STATUS_ACTION_LABELS,
  statusChangeSchema,
} from "../../../../core/interruption-editor.server";
import { listInterruptionEvents } from "../../../../core/interruption-events.server";
import { EVENT_LABELS } from "../../../../core/interruption-history.server";
import { currentStatus, INTERRUPTION_STATUS_LABELS } from "../../../../core/interruptions";
import { ErrorSummary, FieldError } from "../../../components/ui/Field";
import { services } from "../../../context";
import { contentContext, formObject, idParam, readForm } from "../content/context.server";
import { keptText } from "../form";
import { requireStaff } from "../guard.server";
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
  const form = formObject(await readForm(args.request));
  const parsed = statusChangeSchema.safeParse(form);
  if (!parsed.success)
    return data({ errors: { status: "Choose the new status." } as Record<string, string>, values: form }, { status: 422 });
  try {
    await changeInterruptionStatus(contentContext(args, user), row.id, parsed.data);
  } catch (error) {
    if (error instanceof ContentValidationError)
      return data(
        { errors: { ...error.fieldErrors, ...(Object.keys(error.fieldErrors).length ? {} : { status: error.message }) }, values: form },
        { status: 422 },
      );
    throw error;
  }
  throw redirect(`/staff/interruptions?saved=${encodeURIComponent(`Marked ${parsed.data.status}. The public page shows it now.`)}`);
}

export const meta: Route.MetaFunction = () => [{ title: "Change status | WESPECO staff" }];

export default function StatusChange({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = keptText(actionData?.values);
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
          <fieldset className="publication-fields">
            <legend>New status</legend>
            <FieldError id="status-error" message={errors.status} />
            <div className="choice-list" id="status">
              {d.next.map((n) => (
                <label key={n.status}>
                  <input type="radio" name="status" value={n.status} defaultChecked={selected === n.status} /> {n.label}
                </label>
              ))}
            </div>
          </fieldset>
          {d.next.some((n) => n.status === "extended") && (
            <div className={`field${errors.newEnd ? " field--error" : ""}`}>
              <label className="field__label" htmlFor="newEnd">
                New end, when extending (Manila time)
              </label>
              <FieldError id="newEnd-error" message={errors.newEnd} />
              <input
                type="datetime-local"
                id="newEnd"
                name="newEnd"
                defaultValue={values.newEnd ?? d.suggestedEnd}
                aria-describedby={errors.newEnd ? "newEnd-error" : undefined}
              />
            </div>
          )}
          <div className="field">
            <label className="field__label" htmlFor="note">
              Public note <span className="field__optional">(optional, shown on the public page)</span>
            </label>
            <textarea id="note" name="note" rows={2} maxLength={500} defaultValue={values.note ?? ""} />
          </div>
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
