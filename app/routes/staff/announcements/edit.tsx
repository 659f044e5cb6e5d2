/**
 * /staff/announcements/:kind/new and /:id: the advisory (or bid) editor. Title, text, PDF and
 * image attachments (checked by content; a refused file is named and the rest is kept),
 * publish now, schedule, unpublish, archive, preview, revisions.
 */
import { data, Form, Link, redirect, useLocation } from "react-router";
import {
  announcementFormSchema,
  createAnnouncement,
  getAnnouncementForEditor,
  setAnnouncementPublication,
  updateAnnouncement,
} from "../../../../modules/content/announcement-editor.server";
import { PUBLISHING_INTENT_NAMES } from "../../../../modules/content/publication-form";
import { TITLE_AND_BODY as ANNOUNCEMENT_TRANSLATED } from "../../../../modules/content/translations";
import { UPLOAD_LIMITS } from "../../../../modules/content/upload-rules";
import { filesFrom } from "../../../../modules/content/uploads.server";
import { readForm } from "../../../../modules/shared/forms";
import { toEditableText } from "../../../../modules/shared/html";
import { ErrorSummary, Field, FieldSet } from "../../../components/ui/Field";
import { services } from "../../../context";
import { contentContext, idParam } from "../content/context.server";
import { editorAction } from "../content/editor-action.server";
import { MoreActions, PublicationFields, RICH_TEXT_HINT, SaveButton, StateBadge, WithNote } from "../content/PublicationFields";
import { TranslationFields, translationValues } from "../content/TranslationFields";
import { intentOf, postedForm } from "../form.server";
import { requireStaff } from "../guard.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/edit";
import { announcementPublicPath, KIND_LABELS, kindParam } from "./kinds";
import "../content/content.css";
import type { ConsoleHandle } from "../nav";

export const handle: ConsoleHandle = { staff: "content.publish" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "content.publish");
  const kind = kindParam(args.params.kind);
  const id = args.params.id ? idParam(args.params.id) : null;
  const item = id != null ? await getAnnouncementForEditor(services(args.context).db, kind, id) : null;
  if (id != null && !item) throw data({ message: "Not found." }, { status: 404 });
  return {
    kind,
    id,
    state: item?.state ?? null,
    attachments: (item?.attachments ?? []).map((a) => ({ file: a.file, name: a.originalName, path: a.path, size: a.size })),
    values: item
      ? {
          title: item.snapshot.title,
          body: toEditableText(item.snapshot.body),
          publish: "keep",
          publishAt: item.snapshot.publishAt,
          unpublishAt: item.snapshot.unpublishAt,
          ...translationValues(item.snapshot, ANNOUNCEMENT_TRANSLATED),
        }
      : { title: "", body: "", publish: "draft", publishAt: "", unpublishAt: "", ...translationValues(null, ANNOUNCEMENT_TRANSLATED) },
    saved: new URL(args.request.url).searchParams.get("saved") ?? "",
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args, "content.publish");
  const kind = kindParam(args.params.kind);
  const ctx = contentContext(args, user);
  const formData = await postedForm(args.request);
  const id = args.params.id ? idParam(args.params.id) : null;
  const intent = intentOf(formData, ["save", ...PUBLISHING_INTENT_NAMES]) ?? "save";
  return editorAction({
    formData,
    form: readForm(formData, announcementFormSchema),
    id,
    intent,
    firstField: "title",
    listPath: `/staff/announcements/${kind}`,
    setPublication: (id, to) => setAnnouncementPublication(ctx, kind, id, to),
    async save(fields) {
      const uploads = await filesFrom(formData, "files");
      const savedId =
        id == null ? await createAnnouncement(ctx, kind, fields, uploads) : await updateAnnouncement(ctx, kind, id, fields, uploads);
      throw redirect(`/staff/announcements/${kind}/${savedId}?saved=${encodeURIComponent("Saved.")}`);
    },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  consoleMeta(`${loaderData?.id ? "Edit" : "New"} ${loaderData ? KIND_LABELS[loaderData.kind].one : "announcement"}`);

export default function AnnouncementEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, id, state, attachments, saved } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values: Record<string, string> = { ...loaderData.values, ...actionData?.values };
  // After a failed save, the attachments ticked then; before, all of them.
  const kept = actionData ? new Set(actionData.lists.keep) : null;
  const labels = KIND_LABELS[kind];
  const location = useLocation();
  return (
    <>
      <p>
        <Link to={`/staff/announcements/${kind}`}>← All {labels.many.toLowerCase()}</Link>
      </p>
      <h1>{id ? `Edit ${labels.one}` : `New ${labels.one}`}</h1>
      {saved && (
        <p className="console-status" role="status">
          {saved}
        </p>
      )}
      {id && state && (
        <p className="content-item__head">
          <StateBadge state={state} /> <Link to={`/staff/announcements/${kind}/${id}/preview`}>Preview</Link> ·{" "}
          <Link to={`/staff/history/${kind}/${id}`}>Revisions</Link>
          {state === "published" && (
            <>
              {" "}
              · <a href={announcementPublicPath(kind, id)}>View on site</a>
            </>
          )}
        </p>
      )}
      {/* A new key after every navigation (a save redirects here), so a chosen file is not kept and sent twice. */}
      <Form key={location.key} method="post" encType="multipart/form-data" noValidate>
        <ErrorSummary errors={errors} />
        <Field id="title" label="Title" error={errors.title}>
          {(p) => <input {...p} type="text" defaultValue={values.title} />}
        </Field>
        <Field id="body" label="Text" hint={RICH_TEXT_HINT} error={errors.body}>
          {(p) => <textarea {...p} rows={8} defaultValue={values.body} />}
        </Field>
        <TranslationFields fields={ANNOUNCEMENT_TRANSLATED} values={values} errors={errors} />
        {attachments.length > 0 && (
          <FieldSet id="keep" legend="Attached files (untick to remove)" error={errors.keep} className="publication-fields">
            <div className="choice-list">
              {attachments.map((a) => (
                <label key={a.file}>
                  <input type="checkbox" name="keep" value={a.file} defaultChecked={kept ? kept.has(a.file) : true} />{" "}
                  <a href={a.path} target="_blank" rel="noreferrer">
                    {a.name}
                  </a>{" "}
                  ({Math.max(1, Math.round(a.size / 1024))} KB)
                </label>
              ))}
            </div>
          </FieldSet>
        )}
        <Field
          id="files"
          label={<WithNote label="Attach files" />}
          hint={`PDF up to ${UPLOAD_LIMITS.pdf / 1024 / 1024} MB; JPEG, PNG or WebP images up to ${UPLOAD_LIMITS.image / 1024 / 1024} MB (photos are resized and their location data removed).`}
          error={errors.files}
        >
          {(p) => <input {...p} type="file" multiple accept="application/pdf,image/jpeg,image/png,image/webp" />}
        </Field>
        <PublicationFields values={values} errors={errors} isNew={!id} state={state} />
        <SaveButton />
      </Form>
      {id && <MoreActions state={state} />}
    </>
  );
}
