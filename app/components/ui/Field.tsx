import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { ACCOUNT_NUMBER_EXAMPLE, ACCOUNT_NUMBER_MAX_TYPED } from "../../../modules/shared/account-number";
import { useT } from "../../i18n";
import { formMessages } from "../../messages/forms";

/**
 * A labelled form field with its hint and its error beside it (GOV.UK pattern):
 * the error is linked to the input with aria-describedby and marked aria-invalid.
 * `children` receives the props to spread on the input, select or textarea.
 */
export function Field({
  id,
  name = id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  /** The form field's name, when it differs from the id. */
  name?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (inputProps: InputProps) => ReactNode;
}) {
  return (
    <div className={classes("field", className, error)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
      {children({ id, name, ...described(id, hint, error) })}
    </div>
  );
}

type InputProps = { id: string; name: string; "aria-describedby"?: string; "aria-invalid"?: true };

const classes = (base: string, extra: string | undefined, error: string | undefined) =>
  `${base}${extra ? ` ${extra}` : ""}${error ? " field--error" : ""}`;

/** The ids a control is described by (its hint, its error), and aria-invalid when there is an error. */
function described(id: string, hint: ReactNode, error: string | undefined): { "aria-describedby"?: string; "aria-invalid"?: true } {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { ...(describedBy ? { "aria-describedby": describedBy } : {}), ...(error ? { "aria-invalid": true as const } : {}) };
}

function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <span className="field__hint" id={`${id}-hint`}>
      {hint}
    </span>
  );
}

/**
 * A group of choices (radio buttons, a rating) under one legend, with its hint and error:
 * the fieldset is described by them. `id` is what the error summary links to.
 */
export function FieldSet({
  id,
  legend,
  hint,
  error,
  className,
  legendClassName,
  children,
}: {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  legendClassName?: string;
  children: ReactNode;
}) {
  const { "aria-describedby": describedBy } = described(id, hint, error);
  return (
    <fieldset className={classes(className ?? "field", undefined, error)} id={id} aria-describedby={describedBy}>
      <legend className={legendClassName}>{legend}</legend>
      <FieldHint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
      {children}
    </fieldset>
  );
}

/** A checkbox with its label after it (and its error above), e.g. a consent box. */
export function CheckboxField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  className?: string;
  children: (inputProps: InputProps) => ReactNode;
}) {
  return (
    <div className={classes(className ?? "field", undefined, error)}>
      <FieldError id={`${id}-error`} message={error} />
      {children({ id, name: id, ...described(id, undefined, error) })}
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The message beside a field that needs fixing; nothing when there is none. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  const t = useT(formMessages);
  if (!message) return null;
  return (
    <span className="field__error" id={id}>
      <span className="visually-hidden">{t("form.error")}</span>
      {message}
    </span>
  );
}

/**
 * After a form's answer (`answer` set), moves the focus to what `selector` finds inside the
 * returned ref's element: the error summary, or a notice. A screen reader then reads it, and
 * the keyboard starts from it rather than from the button that was pressed.
 */
export function useFocusOnAnswer(answer: unknown, selector = ".error-summary"): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) ref.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [answer, selector]);
  return ref;
}

/** The list of problems at the top of a form, each linking to its field. Focus it after a failed submit (useFocusOnAnswer). */
export function ErrorSummary({ title, errors }: { title?: string; errors: Record<string, string | undefined> }) {
  const t = useT(formMessages);
  const entries = Object.entries(errors).filter(([, message]) => message);
  const ref = useRef<HTMLDivElement>(null);
  const shown = entries.map(([field, message]) => `${field}:${message}`).join("|");
  // In the console a refused save re-renders in place: bring the summary into view and give it
  // focus, as a page loaded without JavaScript shows it at the top. A public form page is a new
  // document with each answer: app/enhance/forms.js focuses what carries data-focus-on-load.
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (entries.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-title" data-focus-on-load="">
      <h2 id="error-summary-title">{title ?? t("form.problem")}</h2>
      <ul>
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${field}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The account number as every public form asks it: the same label, hint and keyboard. */
export function AccountNumberField({
  id = "accountNumber",
  error,
  defaultValue,
  className = "input--short",
}: {
  id?: string;
  error?: string;
  defaultValue?: string;
  className?: string;
}) {
  const t = useT(formMessages);
  return (
    <Field id={id} label={t("form.account")} hint={t("form.account.hint", { example: ACCOUNT_NUMBER_EXAMPLE })} error={error}>
      {(p) => (
        <input
          {...p}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={ACCOUNT_NUMBER_MAX_TYPED}
          defaultValue={defaultValue}
          className={className}
        />
      )}
    </Field>
  );
}
