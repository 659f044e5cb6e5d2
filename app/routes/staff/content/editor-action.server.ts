/**
 * What the console's editors (announcements, interruptions, content items) do with a post:
 * a form that does not parse is a 422 with what was typed; on a saved item, the publishing
 * buttons change only its publication and go back to the list; anything else is the editor's
 * own save. A save the domain refuses (ContentValidationError) is a 422 too, each message
 * beside its field, or beside `firstField` when it names none.
 */
import { data, redirect } from "react-router";
import { ContentValidationError } from "../../../../modules/content/context";
import { isPublishingIntent, PUBLISHING_INTENTS } from "../../../../modules/content/publication-form";
import type { FormSubmission } from "../../../../modules/shared/forms";

export interface EditorPost<T, Id extends number | string> {
  form: FormSubmission<T>;
  /** The saved item's id; null on the "new" page (which has no publishing buttons). */
  id: Id | null;
  intent: string;
  /** Where a refusal that names no field is shown. */
  firstField: string;
  /** The list a publishing button goes back to. */
  listPath: string;
  setPublication(id: Id, to: "now" | "draft" | "archived"): Promise<void>;
  /** Every other intent: ends by throwing its redirect. */
  save(data: T): Promise<never>;
  /** The posted form, when it has a file field `files`: a refused save names the files chosen. */
  formData?: FormData;
}

/**
 * A browser never fills a file input again: after a refused save the files chosen are gone
 * (with or without JavaScript). So the page says so beside the field, by name, instead of
 * letting them be dropped silently; keeping them server-side would store files no one saved.
 */
function chosenFilesLost(formData: FormData | undefined, errors: Record<string, string | undefined>): Record<string, string | undefined> {
  const names = (formData?.getAll("files") ?? []).flatMap((f) => (typeof f !== "string" && f.size > 0 && f.name ? [f.name] : []));
  if (names.length === 0 || errors.files) return errors;
  const these =
    names.length === 1 ? `The file you chose (${names[0]}) was` : `The ${names.length} files you chose (${names.join(", ")}) were`;
  return {
    ...errors,
    files: `${these} not saved because of the other problems: choose ${names.length === 1 ? "it" : "them"} again before saving.`,
  };
}

export async function editorAction<T, Id extends number | string>(post: EditorPost<T, Id>) {
  const { form } = post;
  const kept = { values: form.values, lists: form.lists };
  if (!form.ok) return data({ errors: chosenFilesLost(post.formData, form.errors), ...kept }, { status: 422 });
  try {
    if (post.id != null && isPublishingIntent(post.intent)) {
      const { publication, saved } = PUBLISHING_INTENTS[post.intent];
      await post.setPublication(post.id, publication);
      throw redirect(`${post.listPath}?saved=${encodeURIComponent(saved)}`);
    }
    return await post.save(form.data);
  } catch (error) {
    if (error instanceof ContentValidationError) {
      const errors: Record<string, string> = Object.keys(error.fieldErrors).length
        ? error.fieldErrors
        : { [post.firstField]: error.message };
      return data({ errors: chosenFilesLost(post.formData, errors), ...kept }, { status: 422 });
    }
    throw error;
  }
}
