/**
 * Reading a page form, the one way every action does it: the fields and their rules come
 * from a zod object schema (the same schema the API validates with, where there is one),
 * and each value is first turned into what that schema expects, the way a browser sends
 * it: a number field's digits become a number ("" becomes absent), a checkbox becomes
 * true or false, a list field (a zod array: checkboxes sharing a name) every value sent under
 * its name, everything else stays the text that was typed. The result is either the
 * typed data or a message per field; either way the values as typed, to show the form again.
 * (The idea of conform's parseWithZod, written small.)
 */
import type { z } from "zod";
import { type FieldErrors, fieldErrorsOf } from "./errors";

/** What was typed, per field, as text. */
export type FormValues = Record<string, string>;

/** What was chosen, per list field. */
export type FormLists = Record<string, string[]>;

export type FormSubmission<T> =
  | { ok: true; data: T; values: FormValues; lists: FormLists }
  | { ok: false; errors: FieldErrors; values: FormValues; lists: FormLists };

type Def = { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType; values?: unknown[] };

/** The kind of value a field's schema takes in, under optional, default, nullable and pipe. */
function inputKind(schema: z.core.$ZodType): "number" | "boolean" | "list" | "text" {
  let s = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = s._zod.def as Def;
    if (def.type === "array") return "list";
    if (def.type === "number" || def.type === "int") return "number";
    if (def.type === "boolean") return "boolean";
    if (def.type === "literal" && def.values?.length === 1 && typeof def.values[0] === "boolean") return "boolean";
    const next = def.type === "pipe" ? def.in : def.innerType;
    if (!next) return "text";
    s = next;
  }
  return "text";
}

function coerce(kind: Exclude<ReturnType<typeof inputKind>, "list">, raw: FormDataEntryValue | null): unknown {
  const text = typeof raw === "string" ? raw : "";
  if (kind === "boolean") return text === "on" || text === "true" || text === "1";
  if (kind === "number") {
    const t = text.trim();
    if (t === "") return undefined;
    return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
  }
  return text;
}

export function readForm<S extends z.ZodObject>(form: FormData, schema: S): FormSubmission<z.output<S>> {
  const values: FormValues = {};
  const lists: FormLists = {};
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const kind = inputKind(field);
    if (kind === "list") {
      input[name] = lists[name] = form.getAll(name).filter((v): v is string => typeof v === "string");
      continue;
    }
    const raw = form.get(name);
    values[name] = typeof raw === "string" ? raw : "";
    const value = coerce(kind, raw);
    if (value !== undefined) input[name] = value;
  }
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, data: parsed.data, values, lists }
    : { ok: false, errors: fieldErrorsOf(parsed.error.issues, "form"), values, lists };
}
