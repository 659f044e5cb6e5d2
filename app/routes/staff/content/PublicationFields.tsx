/** The publication part of every editor, its buttons, and the badge that says where an item stands. */
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { PublicState } from "../../../../modules/content/publication-state";
import { PUBLIC_STATE_LABELS } from "../../../../modules/content/publication-state";
import { Field, FieldSet } from "../../../components/ui/Field";
import "./content.css";

export function StateBadge({ state }: { state: PublicState }) {
  return <span className={`state-badge state-badge--${state}`}>{PUBLIC_STATE_LABELS[state]}</span>;
}

export function PublicationFields({
  values,
  errors,
  isNew,
  state = null,
}: {
  values: { publish?: string; publishAt?: string; unpublishAt?: string };
  errors: Record<string, string | undefined>;
  isNew: boolean;
  /** Where the saved item stands: a published one is not offered "Publish now". */
  state?: PublicState | null;
}) {
  const choice = values.publish ?? (isNew ? "draft" : "keep");
  return (
    <FieldSet id="publish" legend="Publishing (Manila time)" error={errors.publish} className="publication-fields">
      <div className="choice-list">
        {!isNew && (
          <label>
            <input type="radio" name="publish" value="keep" defaultChecked={choice === "keep"} /> Keep as it is
          </label>
        )}
        <label>
          <input type="radio" name="publish" value="draft" defaultChecked={choice === "draft"} /> Save as draft (not public)
        </label>
        {state !== "published" && (
          <label>
            <input type="radio" name="publish" value="now" defaultChecked={choice === "now"} /> Publish now
          </label>
        )}
        <label>
          <input type="radio" name="publish" value="schedule" defaultChecked={choice === "schedule"} /> Publish at the time below
        </label>
      </div>
      <div className="field-row">
        <Field id="publishAt" label="Publish at" error={errors.publishAt}>
          {(p) => <input {...p} type="datetime-local" defaultValue={values.publishAt ?? ""} />}
        </Field>
        <Field id="unpublishAt" label={<WithNote label="Unpublish at" />} error={errors.unpublishAt}>
          {(p) => <input {...p} type="datetime-local" defaultValue={values.unpublishAt ?? ""} />}
        </Field>
      </div>
    </FieldSet>
  );
}

/** A console field's label with a note in brackets after it, "(optional)" unless told. */
export function WithNote({ label, note = "optional" }: { label: ReactNode; note?: ReactNode }) {
  return (
    <>
      {label} <span className="field__optional">({note})</span>
    </>
  );
}

/** The editor's one Save button. */
export function SaveButton() {
  return (
    <div className="form-actions">
      <button type="submit" name="intent" value="save" className="button">
        Save
      </button>
    </div>
  );
}

/** Below a saved item's editor: the publishing buttons, and whatever else the kind offers. */
export function MoreActions({
  children,
  ...actions
}: {
  publication?: boolean;
  removable?: boolean;
  state?: PublicState | null;
  children?: ReactNode;
}) {
  return (
    <section className="console-card">
      <h2>More</h2>
      <PublishingActions {...actions} />
      {children}
    </section>
  );
}

/**
 * The publishing buttons of a saved item (and Remove where the kind allows it), in one form:
 * only those that change something from where it stands (no "Publish now" on a published item).
 */
export function PublishingActions({
  publication = true,
  removable = false,
  state = null,
}: {
  publication?: boolean;
  removable?: boolean;
  state?: PublicState | null;
}) {
  return (
    <Form method="post" className="form-actions">
      {publication && (
        <>
          {state !== "published" && (
            <button type="submit" name="intent" value="publish-now" className="button button--secondary">
              {state === "scheduled" ? "Publish now, not at its time" : "Publish now"}
            </button>
          )}
          {state !== "draft" && (
            <button type="submit" name="intent" value="unpublish" className="button button--secondary">
              Unpublish (back to draft)
            </button>
          )}
          {state !== "archived" && (
            <button type="submit" name="intent" value="archive" className="button button--secondary">
              Archive
            </button>
          )}
        </>
      )}
      {removable && (
        <button type="submit" name="intent" value="remove-ask" className="button button--secondary">
          Remove
        </button>
      )}
    </Form>
  );
}

/** The hint under every rich-text field of the console. */
export const RICH_TEXT_HINT = "Plain text (a blank line starts a new paragraph) or simple HTML; anything unsafe is removed.";
