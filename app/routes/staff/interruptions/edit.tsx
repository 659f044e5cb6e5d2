/**
 * /staff/interruptions/new and /staff/interruptions/:id: the interruption editor. Date and
 * times in Manila; affected areas picked per town (searchable), a whole town, or pasted
 * names; publish now, schedule or keep as draft; copy to another day; archive.
 */
import { useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import type { BarangayRef } from "../../../../core/barangay-match";
import { now as clockNow } from "../../../../core/clock";
import { TOWNS } from "../../../../core/constants";
import { ContentValidationError } from "../../../../core/content-context";
import { manilaFormParts } from "../../../../core/dates";
import { toEditableText } from "../../../../core/html";
import {
  allBarangays,
  copyInterruption,
  createInterruption,
  describeAreas,
  formFromSnapshot,
  getInterruptionForEditor,
  type InterruptionForm,
  interruptionFormSchema,
  setInterruptionPublication,
  updateInterruption,
} from "../../../../core/interruption-editor.server";
import { INTERRUPTION_STATUS_LABELS } from "../../../../core/interruptions";
import { ErrorSummary, FieldError } from "../../../components/ui/Field";
import { services } from "../../../context";
import { contentContext, formObject, idParam, readForm } from "../content/context.server";
import { PublicationFields, PublishingActions, StateBadge } from "../content/PublicationFields";
import { requireStaff } from "../guard.server";
import type { Route } from "./+types/edit";
import "../content/content.css";
import type { ConsoleHandle } from "../nav";

export const handle: ConsoleHandle = { staff: "interruptions.manage" };

const LISTS = ["barangay", "wholeTown"];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "interruptions.manage");
  const db = services(args.context).db;
  const barangays = await allBarangays(db);
  const id = args.params.id ? idParam(args.params.id) : null;
  const item = id != null ? await getInterruptionForEditor(db, id) : null;
  if (id != null && !item) throw data({ message: "No such interruption." }, { status: 404 });
  const tomorrow = manilaFormParts(new Date(clockNow().getTime() + 86_400_000)).date;
  return {
    id,
    barangays,
    state: item?.state ?? null,
    status: item ? INTERRUPTION_STATUS_LABELS[item.row.status] : null,
    values: item
      ? editableValues(formFromSnapshot(item.snapshot), barangays)
      : { ...interruptionFormSchema.parse({}), date: tomorrow, start: "08:00", end: "17:00", publish: "draft" as const },
  };
}

/** Texts as typed (not HTML), and the areas' wording left empty when it is the generated one, so it follows the choice. */
function editableValues(form: InterruptionForm, barangays: BarangayRef[]): InterruptionForm {
  const chosen = barangays.filter((b) => form.barangay.includes(String(b.id)));
  return {
    ...form,
    activities: toEditableText(form.activities),
    circuit: toEditableText(form.circuit),
    affectedAreas: form.affectedAreas === describeAreas(chosen, barangays) ? "" : toEditableText(form.affectedAreas),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args, "interruptions.manage");
  const ctx = contentContext(args, user);
  const raw = formObject(await readForm(args.request), LISTS);
  const intent = String(raw.intent ?? "save");
  const id = args.params.id ? idParam(args.params.id) : null;
  try {
    if (id != null && intent === "copy") {
      const copy = await copyInterruption(ctx, id, String(raw.copyDate ?? ""));
      throw redirect(`/staff/interruptions/${copy}?saved=${encodeURIComponent("Copied as a draft: check it and publish it.")}`);
    }
    if (id != null && (intent === "publish-now" || intent === "unpublish" || intent === "archive")) {
      await setInterruptionPublication(ctx, id, intent === "publish-now" ? "now" : intent === "unpublish" ? "draft" : "archived");
      throw redirect(
        `/staff/interruptions?saved=${encodeURIComponent(intent === "publish-now" ? "Published." : intent === "unpublish" ? "Unpublished: it is a draft again." : "Archived.")}`,
      );
    }
    const form = interruptionFormSchema.parse(raw);
    if (id == null) await createInterruption(ctx, form);
    else await updateInterruption(ctx, id, form);
  } catch (error) {
    if (error instanceof ContentValidationError)
      return data(
        { errors: Object.keys(error.fieldErrors).length ? error.fieldErrors : { date: error.message }, values: raw },
        { status: 422 },
      );
    throw error;
  }
  throw redirect(`/staff/interruptions?saved=${encodeURIComponent("Saved.")}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.id ? "Edit" : "New"} power interruption | WESPECO staff` },
];

export default function InterruptionEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { id, barangays, state, status } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = { ...loaderData.values, ...((actionData?.values ?? {}) as Record<string, unknown>) } as typeof loaderData.values;
  const chosen = new Set(values.barangay.map(String));
  const whole = new Set(values.wholeTown);
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  const text = (name: keyof typeof values) => String(values[name] ?? "");

  return (
    <>
      <p>
        <Link to="/staff/interruptions">← All interruptions</Link>
      </p>
      <h1>{id ? "Edit power interruption" : "New power interruption"}</h1>
      {id && state && (
        <p className="content-item__head">
          <StateBadge state={state} /> <span>Status: {status}</span> <Link to={`/staff/interruptions/${id}/status`}>Change status</Link> ·{" "}
          <Link to={`/staff/history/interruption/${id}`}>Revisions</Link>
        </p>
      )}
      <Form method="post" noValidate>
        <ErrorSummary errors={errors} />
        <div className="field-row">
          <TextInput id="date" type="date" label="Date" value={text("date")} error={errors.date} />
          <TextInput id="start" type="time" label="Start" value={text("start")} error={errors.start} />
          <TextInput id="end" type="time" label="End" value={text("end")} error={errors.end} />
          <TextInput id="endDate" type="date" label="Ends on another day" optional value={text("endDate")} error={errors.endDate} />
        </div>
        <TextArea id="activities" label="Activities (what work is done)" value={text("activities")} error={errors.activities} />
        <TextArea id="circuit" label="Circuit to be opened" value={text("circuit")} error={errors.circuit} rows={2} />

        <fieldset className="areas-fields" id="areas">
          <legend>Affected areas</legend>
          <FieldError id="areas-error" message={errors.areas} />
          <div className="field">
            <label className="field__label" htmlFor="area-search">
              Find a barangay
            </label>
            <input type="search" id="area-search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
          </div>
          {TOWNS.map((town) => {
            const list = barangays.filter((b) => b.town === town);
            const shown = needle ? list.filter((b) => b.name.toLowerCase().includes(needle)) : list;
            const count = list.filter((b) => chosen.has(String(b.id))).length;
            if (needle && shown.length === 0) return null;
            return (
              <details key={town} className="town-areas" open={Boolean(needle) || (count > 0 && count < list.length)}>
                <summary>
                  {town}{" "}
                  <span className="town-areas__count">
                    ({count === list.length && count > 0 ? "whole town" : `${count} of ${list.length}`})
                  </span>
                </summary>
                <label className="town-areas__whole">
                  <input
                    type="checkbox"
                    name="wholeTown"
                    value={town}
                    defaultChecked={whole.has(town) || (count > 0 && count === list.length)}
                    onChange={syncTown}
                  />{" "}
                  Whole town
                </label>
                <div className="town-areas__list">
                  {list.map((b) => (
                    <label key={b.id} hidden={!shown.includes(b)}>
                      <input type="checkbox" name="barangay" value={b.id} defaultChecked={chosen.has(String(b.id))} onChange={syncTown} />{" "}
                      {b.name}
                    </label>
                  ))}
                </div>
              </details>
            );
          })}
          <div className={`field${errors.pasteNames ? " field--error" : ""}`}>
            <label className="field__label" htmlFor="pasteNames">
              Or paste barangay names <span className="field__optional">(one a line, or separated by commas)</span>
            </label>
            <FieldError id="pasteNames-error" message={errors.pasteNames} />
            <textarea
              id="pasteNames"
              name="pasteNames"
              rows={3}
              defaultValue={text("pasteNames")}
              aria-describedby={errors.pasteNames ? "pasteNames-error" : undefined}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="pasteTown">
              Pasted names are in
            </label>
            <select id="pasteTown" name="pasteTown" defaultValue={text("pasteTown")}>
              <option value="">Any town (write "Town: name" when a name is in several)</option>
              {TOWNS.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </div>
          <TextArea
            id="affectedAreas"
            label="Public wording of the areas (optional: written from your choice when empty)"
            value={text("affectedAreas")}
            error={errors.affectedAreas}
            rows={3}
          />
        </fieldset>

        <PublicationFields
          values={{ publish: text("publish"), publishAt: text("publishAt"), unpublishAt: text("unpublishAt") }}
          errors={errors}
          isNew={!id}
        />
        <div className="form-actions">
          <button type="submit" name="intent" value="save" className="button">
            Save
          </button>
        </div>
      </Form>

      {id && (
        <section className="console-card">
          <h2>More</h2>
          <PublishingActions />
          <Form method="post" noValidate>
            <div className={`field${errors.copyDate ? " field--error" : ""}`}>
              <label className="field__label" htmlFor="copyDate">
                Copy to another day
              </label>
              <FieldError id="copyDate-error" message={errors.copyDate} />
              <input type="date" id="copyDate" name="copyDate" aria-describedby={errors.copyDate ? "copyDate-error" : undefined} />
            </div>
            <button type="submit" name="intent" value="copy" className="button button--secondary">
              Copy as a draft
            </button>
          </Form>
        </section>
      )}
    </>
  );
}

/**
 * With JavaScript, "Whole town" ticks or clears the town's barangays, and clearing one
 * barangay clears "Whole town". (Without it, a ticked "Whole town" means every barangay.)
 */
function syncTown(event: React.ChangeEvent<HTMLInputElement>) {
  const box = event.currentTarget;
  const town = box.closest("details");
  if (!town) return;
  if (box.name === "wholeTown") for (const b of town.querySelectorAll<HTMLInputElement>('input[name="barangay"]')) b.checked = box.checked;
  else if (!box.checked) {
    const whole = town.querySelector<HTMLInputElement>('input[name="wholeTown"]');
    if (whole) whole.checked = false;
  }
}

function TextInput({
  id,
  label,
  value,
  error,
  type = "text",
  optional,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  type?: string;
  optional?: boolean;
}) {
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label} {optional && <span className="field__optional">(optional)</span>}
      </label>
      <FieldError id={`${id}-error`} message={error} />
      <input
        type={type}
        id={id}
        name={id}
        defaultValue={value}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}

function TextArea({ id, label, value, error, rows = 4 }: { id: string; label: string; value: string; error?: string; rows?: number }) {
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldError id={`${id}-error`} message={error} />
      <textarea
        id={id}
        name={id}
        rows={rows}
        defaultValue={value}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}
