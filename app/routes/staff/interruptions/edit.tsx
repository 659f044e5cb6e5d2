/**
 * /staff/interruptions/new and /staff/interruptions/:id: the interruption editor. Date and
 * times in Manila; affected areas picked per town (searchable), a whole town, or pasted
 * names; publish now, schedule or keep as draft; copy to another day; archive.
 */
import { useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { alertPreview } from "../../../../modules/alerts/preview.server";
import { PUBLISHING_INTENT_NAMES } from "../../../../modules/content/publication-form";
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
} from "../../../../modules/interruptions/editor.server";
import { INTERRUPTION_STATUS_LABELS } from "../../../../modules/interruptions/model";
import type { BarangayRef } from "../../../../modules/places/barangay-match";
import { now as clockNow } from "../../../../modules/shared/clock";
import { TOWNS } from "../../../../modules/shared/constants";
import { manilaFormParts } from "../../../../modules/shared/dates";
import { readForm } from "../../../../modules/shared/forms";
import { toEditableText } from "../../../../modules/shared/html";
import { ErrorSummary, Field, FieldSet } from "../../../components/ui/Field";
import { services } from "../../../context";
import { contentContext, idParam } from "../content/context.server";
import { editorAction } from "../content/editor-action.server";
import { MoreActions, PublicationFields, SaveButton, StateBadge, WithNote } from "../content/PublicationFields";
import { intentOf, postedForm } from "../form.server";
import { requireStaff } from "../guard.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/edit";
import { AlertCost } from "./AlertCost";
import "../content/content.css";
import { type ContentLanguage, INTERRUPTION_TRANSLATED } from "../../../../modules/content/translations";
import { TranslationFields, translationValues } from "../content/TranslationFields";
import type { ConsoleHandle } from "../nav";

export const handle: ConsoleHandle = { staff: "interruptions.manage" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "interruptions.manage");
  const s = services(args.context);
  const db = s.db;
  const barangays = await allBarangays(db);
  const id = args.params.id ? idParam(args.params.id) : null;
  const item = id != null ? await getInterruptionForEditor(db, id) : null;
  if (id != null && !item) throw data({ message: "No such interruption." }, { status: 404 });
  // What saving would send, before it is sent: a published one alerts on a change, a draft on publishing.
  const alerts =
    id != null && s.alerts
      ? await alertPreview(db, id, item?.state === "published" ? "changed" : "published", s.alerts.publicUrl, s.alerts.rates)
      : null;
  const tomorrow = manilaFormParts(new Date(clockNow().getTime() + 86_400_000)).date;
  return {
    // The message of the save that led here (a copy lands on its new draft).
    saved: new URL(args.request.url).searchParams.get("saved") ?? "",
    id,
    barangays,
    state: item?.state ?? null,
    status: item ? INTERRUPTION_STATUS_LABELS[item.row.status] : null,
    alerts,
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
    ...(translationValues(form, INTERRUPTION_TRANSLATED) as Pick<InterruptionForm, `${ContentLanguage}.activities`>),
    circuit: toEditableText(form.circuit),
    affectedAreas: form.affectedAreas === describeAreas(chosen, barangays) ? "" : toEditableText(form.affectedAreas),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args, "interruptions.manage");
  const ctx = contentContext(args, user);
  const posted = await postedForm(args.request);
  const intent = intentOf(posted, ["save", "copy", ...PUBLISHING_INTENT_NAMES]) ?? "save";
  const id = args.params.id ? idParam(args.params.id) : null;
  return editorAction({
    form: readForm(posted, interruptionFormSchema.extend({ copyDate: z.string().default("") })),
    id,
    intent,
    firstField: "date",
    listPath: "/staff/interruptions",
    setPublication: (id, to) => setInterruptionPublication(ctx, id, to),
    async save({ copyDate, ...fields }) {
      if (id != null && intent === "copy") {
        const copy = await copyInterruption(ctx, id, copyDate);
        throw redirect(`/staff/interruptions/${copy}?saved=${encodeURIComponent("Copied as a draft: check it and publish it.")}`);
      }
      if (id == null) await createInterruption(ctx, fields);
      else await updateInterruption(ctx, id, fields);
      throw redirect(`/staff/interruptions?saved=${encodeURIComponent("Saved.")}`);
    },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(`${loaderData?.id ? "Edit" : "New"} power interruption`);

export default function InterruptionEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { id, barangays, state, status, alerts } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = { ...loaderData.values, ...actionData?.values, ...actionData?.lists };
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
          {state === "published" && (
            <>
              {" "}
              · <a href={`/news/power-interruptions#interruption-${id}`}>View on site</a>
            </>
          )}
        </p>
      )}
      {loaderData.saved && (
        <p className="console-status" role="status">
          {loaderData.saved}
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
        <TranslationFields fields={INTERRUPTION_TRANSLATED} values={values} errors={errors} />
        <TextArea id="circuit" label="Circuit to be opened" value={text("circuit")} error={errors.circuit} rows={2} />

        <FieldSet id="areas" legend="Affected areas" error={errors.areas} className="areas-fields">
          <Field id="area-search" label="Find a barangay">
            {(p) => (
              // A filter of the list below, not a field of the form: no name, so it is not sent.
              <input {...p} name={undefined} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
            )}
          </Field>
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
          <Field
            id="pasteNames"
            label={<WithNote label="Or paste barangay names" note="one a line, or separated by commas" />}
            error={errors.pasteNames}
          >
            {(p) => <textarea {...p} rows={3} defaultValue={text("pasteNames")} />}
          </Field>
          <Field id="pasteTown" label="Pasted names are in">
            {(p) => (
              <select {...p} defaultValue={text("pasteTown")}>
                <option value="">Any town (write "Town: name" when a name is in several)</option>
                {TOWNS.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            )}
          </Field>
          <TextArea
            id="affectedAreas"
            label="Public wording of the areas (optional: written from your choice when empty)"
            value={text("affectedAreas")}
            error={errors.affectedAreas}
            rows={3}
          />
        </FieldSet>

        <PublicationFields
          values={{ publish: text("publish"), publishAt: text("publishAt"), unpublishAt: text("unpublishAt") }}
          errors={errors}
          isNew={!id}
          state={state}
        />
        {alerts && <AlertCost preview={alerts} />}
        <SaveButton />
      </Form>

      {id && (
        <MoreActions state={state}>
          <Form method="post" noValidate>
            <Field id="copyDate" label="Copy to another day" error={errors.copyDate}>
              {(p) => <input {...p} type="date" />}
            </Field>
            <button type="submit" name="intent" value="copy" className="button button--secondary">
              Copy as a draft
            </button>
          </Form>
        </MoreActions>
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
    <Field id={id} label={optional ? <WithNote label={label} /> : label} error={error}>
      {(p) => <input {...p} type={type} defaultValue={value} />}
    </Field>
  );
}

function TextArea({ id, label, value, error, rows = 4 }: { id: string; label: string; value: string; error?: string; rows?: number }) {
  return (
    <Field id={id} label={label} error={error}>
      {(p) => <textarea {...p} rows={rows} defaultValue={value} />}
    </Field>
  );
}
