/**
 * Reading a console form. Every console action reads its fields as the public pages do,
 * through `readForm` (modules/shared/forms.ts) with a zod schema: typed values, or a message per field
 * and what was typed. These add the request (a body that cannot be read is answered 400) and
 * the button that sent a form with several (`name="intent"`).
 */
import { data } from "react-router";
import { z } from "zod";
import { type FormSubmission, readForm } from "../../../modules/shared/forms";

/** The posted form; a body that cannot be read (a broken upload) is answered 400 with a message. */
export async function postedForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "The form could not be read (was the upload interrupted?). Please send it again." }, { status: 400 });
  }
}

/** The posted form read with its schema. */
export async function readPosted<S extends z.ZodObject>(request: Request, schema: S): Promise<FormSubmission<z.output<S>>> {
  return readForm(await postedForm(request), schema);
}

/** Which button sent the form: one of `intents`, or undefined for anything else. */
export function intentOf<const T extends readonly [string, ...string[]]>(form: FormData, intents: T): T[number] | undefined {
  const read = readForm(form, z.object({ intent: z.enum(intents) }));
  return read.ok ? read.data.intent : undefined;
}
