/** /staff/announcements/:kind: advisories or invitations to bid, with search and a publishing filter. */
import { listAnnouncementsForStaff } from "../../../../modules/content/announcement-editor.server";
import { publicationWhen } from "../../../../modules/content/publication-state";
import { formatDateTime } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { ContentList, stateParam } from "../content/ContentList";
import { missingParam } from "../content/TranslationFields";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/list";
import { announcementPublicPath, KIND_LABELS, kindParam } from "./kinds";

export const handle: ConsoleHandle = { staff: "content.publish" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "content.publish");
  const kind = kindParam(args.params.kind);
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const state = stateParam(url.searchParams.get("state"));
  const missing = missingParam(url.searchParams.get("missing"));
  const rows = await listAnnouncementsForStaff(services(args.context).db, kind, { q, state, missing });
  return {
    kind,
    filter: { q, state, missing },
    saved: url.searchParams.get("saved") ?? "",
    items: rows.map((r) => ({
      id: r.id,
      href: `/staff/announcements/${kind}/${r.id}`,
      title: r.title,
      excerpt: r.excerpt,
      state: r.state,
      updated: formatDateTime(r.updatedAt),
      when: publicationWhen(r, r.state),
      view: r.state === "published" ? announcementPublicPath(kind, r.id) : null,
      missing: r.missing,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  consoleMeta(`${loaderData ? KIND_LABELS[loaderData.kind].many : "Announcements"}`);

export default function AnnouncementList({ loaderData }: Route.ComponentProps) {
  const { kind, filter, items, saved } = loaderData;
  const labels = KIND_LABELS[kind];
  return (
    <ContentList
      title={labels.many}
      saved={saved}
      newItem={{ href: `/staff/announcements/${kind}/new`, label: `New ${labels.one}` }}
      filter={filter}
      withStates
      items={items}
    />
  );
}
