/**
 * /staff/announcements/:kind/:id/preview: the saved item drawn by the public page's own
 * component and styles, with the same sanitizing, before (or after) it is published.
 */
import { data, Link } from "react-router";
import { getAnnouncementForEditor } from "../../../../modules/content/announcement-editor.server";
import { PUBLIC_STATE_LABELS } from "../../../../modules/content/publication-state";
import { now as clockNow } from "../../../../modules/shared/clock";
import { services } from "../../../context";
import { AnnouncementAccordion } from "../../announcements/AnnouncementAccordion";
import { announcementView } from "../../announcements/views.server";
import { idParam } from "../content/context.server";
import { requireStaff } from "../guard.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/preview";
import { KIND_LABELS, kindParam } from "./kinds";
import "../content/content.css";
import type { ConsoleHandle } from "../nav";

export const handle: ConsoleHandle = { staff: "content.publish" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "content.publish");
  const kind = kindParam(args.params.kind);
  const item = await getAnnouncementForEditor(services(args.context).db, kind, idParam(args.params.id));
  if (!item) throw data({ message: "Not found." }, { status: 404 });
  const r = item.row;
  return {
    kind,
    id: r.id,
    state: PUBLIC_STATE_LABELS[item.state],
    view: announcementView({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      // The preview shows the English; each version is in the editor.
      translations: {},
      createdAt: r.publishAt && r.publishAt > clockNow() ? r.publishAt : (r.publishAt ?? clockNow()),
      attachments: item.attachments,
    }),
  };
}

export const meta: Route.MetaFunction = () => consoleMeta("Preview");

export default function Preview({ loaderData }: Route.ComponentProps) {
  const { kind, id, state, view } = loaderData;
  return (
    <>
      <p>
        <Link to={`/staff/announcements/${kind}/${id}`}>← Back to the editor</Link>
      </p>
      <h1>Preview</h1>
      <p className="notice">
        Shown as the public page {kind === "advisory" ? "/news/advisories" : "/bids"} will show it ({state} now).
      </p>
      <div className="preview-frame">
        <AnnouncementAccordion items={[view]} idPrefix={kind} label={KIND_LABELS[kind].many} empty="" />
      </div>
    </>
  );
}
