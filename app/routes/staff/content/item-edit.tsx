/**
 * /staff/content/:kind/new and /:id: the editor of every kind the shared content editor serves.
 * The kind's fields, its files (checked by content; a refused file is named and the rest of
 * the form is kept), publish now, schedule, unpublish, archive or remove, preview, revisions.
 */
import { data, Form, Link, redirect, useLocation } from "react-router";
import type { Db } from "../../../../db/client";
import {
  type ContentKindDef,
  createItem,
  getItemForEditor,
  type ItemFile,
  itemFormSchema,
  removeItem,
  setItemPublication,
  updateItem,
} from "../../../../modules/content/items.server";
import { contentKind } from "../../../../modules/content/kinds.server";
import { PUBLISHING_INTENT_NAMES } from "../../../../modules/content/publication-form";
import { listRevisions } from "../../../../modules/content/revisions.server";
import { flatTranslations } from "../../../../modules/content/translations";
import { UPLOAD_LIMITS } from "../../../../modules/content/upload-rules";
import { filesFrom } from "../../../../modules/content/uploads.server";
import { toManilaLocalInput } from "../../../../modules/shared/dates";
import { readForm } from "../../../../modules/shared/forms";
import { toEditableText } from "../../../../modules/shared/html";
import { ErrorSummary, Field, FieldSet } from "../../../components/ui/Field";
import { services } from "../../../context";
import { ConfirmStep } from "../ConfirmStep";
import { intentOf, postedForm } from "../form.server";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/item-edit";
import { contentContext } from "./context.server";
import { editorAction } from "./editor-action.server";
import { itemIdOrNotFound, kindOrNotFound, kindView } from "./kind.server";
import { MoreActions, PublicationFields, RICH_TEXT_HINT, SaveButton, StateBadge, WithNote } from "./PublicationFields";
import { TranslationFields, translationValues } from "./TranslationFields";
import "./content.css";

export const handle: ConsoleHandle = { staff: "content.publish" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "content.publish");
  const def = kindOrNotFound(contentKind(args.params.kind));
  const id = args.params.id ? itemIdOrNotFound(def, args.params.id) : null;
  if (id == null && !def.creatable) throw data({ message: "Not found." }, { status: 404 });
  const db = services(args.context).db;
  const item = id != null ? await getItemForEditor(db, def, id) : null;
  if (id != null && !item) throw data({ message: "Not found." }, { status: 404 });
  const values: Record<string, string> = {};
  for (const f of def.fields) {
    const v = item?.values[f.name] ?? (f.type === "select" ? (f.options?.[0]?.value ?? "") : "");
    values[f.name] = f.type === "richtext" ? toEditableText(v) : v;
  }
  for (const file of item?.files ?? []) values[`alt:${file.ref}`] = file.alt;
  if (def.translated)
    Object.assign(values, translationValues(item ? flatTranslations(item.translations ?? {}, def.translated) : null, def.translated));
  if (def.publication) {
    values.publish = item ? "keep" : "draft";
    values.publishAt = toManilaLocalInput(item?.publication?.publishAt);
    values.unpublishAt = toManilaLocalInput(item?.publication?.unpublishAt);
  }
  return {
    kind: kindView(def),
    id,
    state: item?.state ?? null,
    files: await withThumbnails(db, def, id, item?.files ?? []),
    values,
    publicPath: id != null && item ? def.publicPath(id, item.values) : null,
    // Items from before the console (the seed) have no revision until their first save.
    hasRevisions: id != null && (await listRevisions(db, def.revisionKind, id)).length > 0,
    saved: new URL(args.request.url).searchParams.get("saved") ?? "",
  };
}

/** The editor's files with a small picture each: the stored file itself, or one the kind makes (a draft's news images). */
async function withThumbnails(db: Db, def: ContentKindDef, id: string | null, files: ItemFile[]) {
  const made = id != null && def.files?.accept === "image" && def.thumbnails ? await def.thumbnails(db, id) : {};
  return files.map((f) => ({
    ...f,
    thumb: def.files?.accept === "image" ? (made[f.ref] ?? (f.href.startsWith("/storage/") ? f.href : null)) : null,
  }));
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args, "content.publish");
  const def = kindOrNotFound(contentKind(args.params.kind));
  const id = args.params.id ? itemIdOrNotFound(def, args.params.id) : null;
  const ctx = contentContext(args, user);
  const formData = await postedForm(args.request);
  const intent = intentOf(formData, ["save", "remove-ask", "remove", ...PUBLISHING_INTENT_NAMES]) ?? "save";
  // Removing asks once more (the page keeps working without JavaScript).
  if (id != null && intent === "remove-ask" && def.removable) return data({ confirmRemove: true as const });
  return editorAction({
    formData,
    form: readForm(formData, itemFormSchema),
    id,
    intent,
    firstField: def.fields[0]!.name,
    listPath: `/staff/content/${def.key}`,
    setPublication: (id, to) => setItemPublication(ctx, def, id, to),
    async save(fields) {
      if (id != null && intent === "remove") {
        await removeItem(ctx, def, id);
        throw redirect(`/staff/content/${def.key}?saved=${encodeURIComponent("Removed (its revisions are kept).")}`);
      }
      const uploads = def.files ? await filesFrom(formData, "files") : [];
      const savedId = id == null ? await createItem(ctx, def, fields, uploads) : await updateItem(ctx, def, id, fields, uploads);
      throw redirect(`/staff/content/${def.key}/${savedId}?saved=${encodeURIComponent("Saved.")}`);
    },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  consoleMeta(`${loaderData?.id ? "Edit" : "New"} ${loaderData?.kind.labels.one ?? "item"}`);

export default function ContentItemEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, id, state, files, saved, publicPath, hasRevisions } = loaderData;
  const failed = actionData && "errors" in actionData ? actionData : null;
  const confirmRemove = Boolean(actionData && "confirmRemove" in actionData);
  const errors: Record<string, string | undefined> = failed?.errors ?? {};
  const values: Record<string, string> = { ...loaderData.values, ...failed?.values };
  // After a failed save, the files ticked then; before, all of them.
  const kept = failed ? new Set(failed.lists.keep) : null;
  const spec = kind.files;
  const uploadLabel =
    spec && (files.length && !spec.multiple ? `Replace the ${spec.label.toLowerCase()}` : `Upload ${spec.label.toLowerCase()}`);
  const location = useLocation();
  return (
    <>
      <p>
        <Link to={`/staff/content/${kind.key}`}>← {kind.labels.many}</Link>
      </p>
      <h1>{id ? `Edit ${kind.labels.one}` : `New ${kind.labels.one}`}</h1>
      {saved && (
        <p className="console-status" role="status">
          {saved}
        </p>
      )}
      {id && confirmRemove && (
        <ConfirmStep
          title={`Remove this ${kind.labels.one}?`}
          fields={{ intent: "remove" }}
          confirm="Yes, remove it"
          back={`/staff/content/${kind.key}/${id}`}
          keep="Keep it"
        >
          <p>It leaves the public site at once. Its revisions are kept, and it can be brought back from them.</p>
        </ConfirmStep>
      )}
      {id && (
        <p className="content-item__head">
          {state && <StateBadge state={state} />} <Link to={`/staff/content/${kind.key}/${id}/preview`}>Preview</Link>
          {hasRevisions && (
            <>
              {" "}
              · <Link to={`/staff/history/${kind.key}/${id}`}>Revisions</Link>
            </>
          )}
        </p>
      )}
      {id && publicPath && (
        <p className="content-item__meta">
          {!state || state === "published" ? (
            <a href={publicPath}>View on site ({publicPath})</a>
          ) : (
            `Public page once published: ${publicPath}`
          )}
        </p>
      )}
      {/* A new key after every navigation (a save redirects here): the same component serves "new" and
          "edit", and React would otherwise keep the chosen file and typed alt text, uploading it twice. */}
      <Form key={location.key} method="post" encType={spec ? "multipart/form-data" : undefined} noValidate>
        <ErrorSummary errors={errors} />
        {kind.fields.map((f) => (
          <Field
            key={f.name}
            id={f.name}
            label={!f.required && f.type !== "number" ? <WithNote label={f.label} /> : f.label}
            hint={f.hint ?? (f.type === "richtext" ? RICH_TEXT_HINT : undefined)}
            error={errors[f.name]}
          >
            {(p) =>
              f.type === "select" ? (
                <select {...p} defaultValue={values[f.name] ?? ""}>
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : f.type === "richtext" || f.type === "lines" ? (
                <textarea {...p} defaultValue={values[f.name] ?? ""} rows={f.type === "richtext" ? 10 : 4} />
              ) : (
                <input
                  {...p}
                  defaultValue={values[f.name] ?? ""}
                  type={f.type === "url" ? "url" : "text"}
                  inputMode={f.type === "number" ? "numeric" : undefined}
                  className={f.type === "number" ? "input--short" : undefined}
                />
              )
            }
          </Field>
        ))}
        {kind.translated && <TranslationFields fields={kind.translated} values={values} errors={errors} />}
        {spec && files.length > 0 && (
          <FieldSet
            id="keep"
            legend={spec.multiple ? `Current ${spec.label.toLowerCase()} (untick to remove)` : `Current ${spec.label.toLowerCase()}`}
            error={errors.keep}
            className="publication-fields"
          >
            <ul className="file-list">
              {files.map((f) => (
                <li key={f.ref} className="file-list__item">
                  {f.thumb && <img className="file-list__thumb" src={f.thumb} alt="" width={96} height={64} loading="lazy" />}
                  <div className="file-list__text">
                    {spec.multiple ? (
                      <label>
                        <input type="checkbox" name="keep" value={f.ref} defaultChecked={kept ? kept.has(f.ref) : true} /> {f.name}
                      </label>
                    ) : (
                      <>
                        <input type="hidden" name="keep" value={f.ref} />
                        {f.name}
                      </>
                    )}{" "}
                    <a href={f.href} target="_blank" rel="noreferrer">
                      (open, {Math.max(1, Math.round(f.size / 1024))} KB)
                    </a>
                    {spec.altText && (
                      <Field
                        id={`alt-${f.ref}`}
                        name={`alt:${f.ref}`}
                        label="What the picture shows (alternative text)"
                        error={errors[`alt:${f.ref}`]}
                      >
                        {(p) => <input {...p} type="text" defaultValue={values[`alt:${f.ref}`] ?? ""} />}
                      </Field>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </FieldSet>
        )}
        {spec && (
          <Field
            id="files"
            label={!spec.requiredOnCreate || files.length > 0 ? <WithNote label={uploadLabel} /> : uploadLabel}
            hint={
              spec.accept === "pdf"
                ? `PDF up to ${UPLOAD_LIMITS.pdf / 1024 / 1024} MB.`
                : `JPEG, PNG or WebP up to ${UPLOAD_LIMITS.image / 1024 / 1024} MB (resized, location data removed).`
            }
            error={errors.files}
          >
            {(p) => (
              <input
                {...p}
                type="file"
                multiple={spec.multiple}
                accept={spec.accept === "pdf" ? "application/pdf" : "image/jpeg,image/png,image/webp"}
              />
            )}
          </Field>
        )}
        {spec?.altText && (
          <Field id="newAlt" label={<WithNote label="What the new picture shows (alternative text)" />} error={errors.newAlt}>
            {(p) => <input {...p} type="text" defaultValue={values.newAlt ?? ""} />}
          </Field>
        )}
        {kind.publication && <PublicationFields values={values} errors={errors} isNew={!id} state={state} />}
        <SaveButton />
      </Form>
      {id && (kind.publication || kind.removable) && (
        <MoreActions publication={kind.publication} removable={kind.removable} state={state} />
      )}
    </>
  );
}
