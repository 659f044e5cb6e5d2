import type { ReactNode } from "react";

/**
 * A labelled form field with its hint and its error beside it (GOV.UK pattern):
 * the error is linked to the input with aria-describedby and marked aria-invalid.
 * `children` receives the props to spread on the input, select or textarea.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (inputProps: { id: string; name: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <FieldError id={`${id}-error`} message={error} />
      {children({ id, name: id, "aria-describedby": describedBy, ...(error ? { "aria-invalid": true as const } : {}) })}
    </div>
  );
}

/** The message beside a field that needs fixing; nothing when there is none. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <span className="field__error" id={id}>
      <span className="visually-hidden">Error: </span>
      {message}
    </span>
  );
}

/** The list of problems at the top of a form, each linking to its field. Focus it after a failed submit. */
export function ErrorSummary({ title = "There is a problem", errors }: { title?: string; errors: Record<string, string | undefined> }) {
  const entries = Object.entries(errors).filter(([, message]) => message);
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{title}</h2>
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
