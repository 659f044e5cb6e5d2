/** Small helpers for console forms: read text fields, keep what was typed. */
export function textField(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

export type FieldErrors = Record<string, string | undefined>;

export const hasErrors = (errors: FieldErrors) => Object.values(errors).some(Boolean);

/** What an action kept of the posted form, as text per field (lists are left out), to show it again. */
export function keptText(values: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values ?? {})) if (typeof v === "string") out[k] = v;
  return out;
}

/** The values of a kept list field (checkboxes), or null when nothing was posted. */
export function keptList(values: Record<string, unknown> | undefined, name: string): string[] | null {
  const v = values?.[name];
  if (!values) return null;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}
