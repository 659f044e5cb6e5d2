/**
 * Reading a page form, the one way every action does it: the fields and their rules come
 * from a zod object schema (the same schema the API validates with, where there is one),
 * and each value is first turned into what that schema expects, the way a browser sends
 * it: a number field's digits become a number ("" becomes absent), a checkbox becomes
 * true or false, a list field (a zod array: checkboxes sharing a name) every value sent under
 * its name, a file field (`z.file()`) the chosen file (none chosen is absent), everything else
 * stays the text that was typed. A text, number or file field the form did not send at all
 * takes its schema's default, when it has one, and is left out of the values (a page with
 * several forms posts only one of them: the others keep what they showed); an unticked
 * checkbox is never sent, so a checkbox or a list is always read. A schema
 * with a catchall also reads the fields it does not name, as text (fields named at run time).
 * A field that takes one value but was sent more than once is a mistake beside that field (no
 * form of ours sends one twice; which copy to believe would be a guess).
 * The result is either the typed data or a message per field; either way the values as typed,
 * to show the form again. (The idea of conform's parseWithZod, written small.)
 */
import type { z } from "zod";
import { type FieldErrors, fieldErrorsOf, MESSAGES, nulCharacterFields } from "./errors";

/** What was typed, per field, as text. */
export type FormValues = Record<string, string>;

/** What was chosen, per list field. */
export type FormLists = Record<string, string[]>;

export type FormSubmission<T> =
  | { ok: true; data: T; values: FormValues; lists: FormLists }
  | { ok: false; errors: FieldErrors; values: FormValues; lists: FormLists };

type Def = { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType; values?: unknown[]; catchall?: z.core.$ZodType };
type Kind = "number" | "boolean" | "list" | "file" | "text";

/** The kind of value a field's schema takes in, under optional, default, nullable and pipe, and whether it has a default. */
function fieldOf(schema: z.core.$ZodType): { kind: Kind; defaulted: boolean } {
  let s = schema;
  let defaulted = false;
  for (let depth = 0; depth < 10; depth++) {
    const def = s._zod.def as Def;
    if (def.type === "default" || def.type === "prefault") defaulted = true;
    if (def.type === "array") return { kind: "list", defaulted };
    if (def.type === "number" || def.type === "int") return { kind: "number", defaulted };
    if (def.type === "boolean") return { kind: "boolean", defaulted };
    if (def.type === "file") return { kind: "file", defaulted };
    if (def.type === "literal" && def.values?.length === 1 && typeof def.values[0] === "boolean") return { kind: "boolean", defaulted };
    const next = def.type === "pipe" ? def.in : def.innerType;
    if (!next) return { kind: "text", defaulted };
    s = next;
  }
  return { kind: "text", defaulted };
}

function coerce(kind: Exclude<Kind, "list">, raw: FormDataEntryValue | null): unknown {
  if (kind === "file") return typeof raw !== "string" && raw && raw.size > 0 ? raw : undefined;
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
    const { kind, defaulted } = fieldOf(field);
    if (kind === "list") {
      input[name] = lists[name] = form.getAll(name).filter((v): v is string => typeof v === "string");
      continue;
    }
    if (defaulted && kind !== "boolean" && !form.has(name)) continue;
    const raw = form.get(name);
    values[name] = typeof raw === "string" ? raw : "";
    const value = coerce(kind, raw);
    if (value !== undefined) input[name] = value;
  }
  if ((schema._zod.def as Def).catchall)
    for (const [name, raw] of form.entries())
      if (!(name in schema.shape) && typeof raw === "string" && !(name in input)) input[name] = values[name] = raw;
  const parsed = schema.safeParse(input);
  // Text PostgreSQL cannot store is said beside its field, like any other mistake.
  const wrong: FieldErrors = nulCharacterFields({ ...values, ...lists });
  for (const name of Object.keys(values)) if (form.getAll(name).length > 1) wrong[name] = MESSAGES.repeatedField;
  if (Object.keys(wrong).length > 0) {
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues, "form");
    for (const [path, message] of Object.entries(wrong)) errors[path.split(".")[0]!] = message;
    return { ok: false, errors, values, lists };
  }
  return parsed.success
    ? { ok: true, data: parsed.data, values, lists }
    : { ok: false, errors: fieldErrorsOf(parsed.error.issues, "form"), values, lists };
}
