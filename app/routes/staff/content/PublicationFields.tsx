/** The publication part of every editor, its buttons, and the badge that says where an item stands. */
import { Form } from "react-router";
import type { PublicState } from "../../../../core/publication-state";
import { PUBLIC_STATE_LABELS } from "../../../../core/publication-state";
import { FieldError } from "../../../components/ui/Field";
import "./content.css";

export function StateBadge({ state }: { state: PublicState }) {
  return <span className={`state-badge state-badge--${state}`}>{PUBLIC_STATE_LABELS[state]}</span>;
}

export function PublicationFields({
  values,
  errors,
  isNew,
}: {
  values: { publish?: string; publishAt?: string; unpublishAt?: string };
  errors: Record<string, string | undefined>;
  isNew: boolean;
}) {
  const choice = values.publish ?? (isNew ? "draft" : "keep");
  return (
    <fieldset className="publication-fields">
      <legend>Publishing (Manila time)</legend>
      <div className="choice-list">
        {!isNew && (
          <label>
            <input type="radio" name="publish" value="keep" defaultChecked={choice === "keep"} /> Keep as it is
          </label>
        )}
        <label>
          <input type="radio" name="publish" value="draft" defaultChecked={choice === "draft"} /> Save as draft (not public)
        </label>
        <label>
          <input type="radio" name="publish" value="now" defaultChecked={choice === "now"} /> Publish now
        </label>
        <label>
          <input type="radio" name="publish" value="schedule" defaultChecked={choice === "schedule"} /> Publish at the time below
        </label>
      </div>
      <div className="field-row">
        <div className={`field${errors.publishAt ? " field--error" : ""}`}>
          <label className="field__label" htmlFor="publishAt">
            Publish at
          </label>
          <FieldError id="publishAt-error" message={errors.publishAt} />
          <input
            type="datetime-local"
            id="publishAt"
            name="publishAt"
            defaultValue={values.publishAt ?? ""}
            aria-describedby={errors.publishAt ? "publishAt-error" : undefined}
          />
        </div>
        <div className={`field${errors.unpublishAt ? " field--error" : ""}`}>
          <label className="field__label" htmlFor="unpublishAt">
            Unpublish at <span className="field__optional">(optional)</span>
          </label>
          <FieldError id="unpublishAt-error" message={errors.unpublishAt} />
          <input
            type="datetime-local"
            id="unpublishAt"
            name="unpublishAt"
            defaultValue={values.unpublishAt ?? ""}
            aria-describedby={errors.unpublishAt ? "unpublishAt-error" : undefined}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** The publishing buttons of a saved item (and Remove where the kind allows it), in one form. */
export function PublishingActions({ publication = true, removable = false }: { publication?: boolean; removable?: boolean }) {
  return (
    <Form method="post" className="form-actions">
      {publication && (
        <>
          <button type="submit" name="intent" value="publish-now" className="button button--secondary">
            Publish now
          </button>
          <button type="submit" name="intent" value="unpublish" className="button button--secondary">
            Unpublish (back to draft)
          </button>
          <button type="submit" name="intent" value="archive" className="button button--secondary">
            Archive
          </button>
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
