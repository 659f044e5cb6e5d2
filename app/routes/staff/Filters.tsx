/**
 * The filter bar of a console list: a GET form (the address keeps the filter, so a list can
 * be bookmarked or shared), its fields, and one button. Works without JavaScript.
 */
import type { ReactNode } from "react";
import { PUBLIC_STATE_LABELS, type PublicState } from "../../../modules/content/publication-state";
import { Field } from "../../components/ui/Field";

export function FilterForm({ label, children, button = "Show" }: { label: string; children: ReactNode; button?: string }) {
  return (
    <form method="get" className="console-filters" role="search" aria-label={label}>
      {children}
      <div className="field">
        <button type="submit" className="button button--secondary">
          {button}
        </button>
      </div>
    </form>
  );
}

export function FilterSearch({ value, label = "Search", name = "q" }: { value: string; label?: string; name?: string }) {
  // The lists read at most 100 characters of a search.
  return <FilterInput name={name} label={label} value={value} type="search" maxLength={100} />;
}

/** A typed value: a month, a number, a search. */
export function FilterInput({
  name,
  label,
  value,
  type,
  ...rest
}: {
  name: string;
  label: string;
  value: string | number;
  type: "search" | "month" | "number" | "date";
  maxLength?: number;
  min?: number;
}) {
  return (
    <Field id={name} label={label}>
      {(p) => <input {...p} {...rest} type={type} defaultValue={value} />}
    </Field>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A choice among options; `any` is the first option's text, meaning no filter (value ""). */
export function FilterSelect({
  name,
  label,
  value,
  any,
  options,
}: {
  name: string;
  label: string;
  value: string | number;
  any?: string;
  options: readonly FilterOption[] | readonly string[];
}) {
  return (
    <Field id={name} label={label}>
      {(p) => (
        <select {...p} defaultValue={value}>
          {any !== undefined && <option value="">{any}</option>}
          {options.map((o) => {
            const { value: v, label: l } = typeof o === "string" ? { value: o, label: o } : o;
            return (
              <option key={v} value={v}>
                {l}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

/** The publishing states a list can be filtered by. */
export const PUBLISHING_OPTIONS: FilterOption[] = (Object.keys(PUBLIC_STATE_LABELS) as PublicState[]).map((s) => ({
  value: s,
  label: PUBLIC_STATE_LABELS[s],
}));
