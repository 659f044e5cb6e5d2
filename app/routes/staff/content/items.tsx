/** /staff/content/:kind: the list of one kind (news, careers, about us, gallery, partners, branches, categories). */

import { listItemsForStaff } from "../../../../modules/content/items.server";
import { contentKind } from "../../../../modules/content/kinds.server";
import { publicationWhen } from "../../../../modules/content/publication-state";
import { formatDateTime } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/items";
import { ContentList, stateParam } from "./ContentList";
import { kindOrNotFound } from "./kind.server";
import { missingParam } from "./TranslationFields";

export const handle: ConsoleHandle = { staff: "content.publish" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "content.publish");
  const def = kindOrNotFound(contentKind(args.params.kind));
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const state = def.publication ? stateParam(url.searchParams.get("state")) : "";
  const groupValue = url.searchParams.get("group") ?? "";
  const group = def.filter?.options.some((o) => o.value === groupValue) ? groupValue : "";
  // Kinds written in several languages filter by a missing one.
  const missing = def.translated ? missingParam(url.searchParams.get("missing")) : undefined;
  const rows = await listItemsForStaff(services(args.context).db, def, { q, state, group, missing });
  const groupLabel = (v: string | undefined) => def.filter?.options.find((o) => o.value === v)?.label;
  return {
    key: def.key,
    title: def.labels.many,
    newItem: def.creatable ? { href: `/staff/content/${def.key}/new`, label: `New ${def.labels.one}` } : null,
    group: def.filter ?? null,
    withStates: def.publication,
    filter: { q, state, group, missing },
    saved: url.searchParams.get("saved") ?? "",
    items: rows.map((r) => ({
      id: r.id,
      href: `/staff/content/${def.key}/${r.id}`,
      title: r.title,
      excerpt: [groupLabel(r.group), r.text.slice(0, 140)].filter(Boolean).join(": "),
      state: r.state,
      updated: r.updatedAt ? formatDateTime(r.updatedAt) : "",
      when: r.publication ? publicationWhen(r.publication, r.state) : "",
      // Kinds without publishing are always public.
      view: !r.state || r.state === "published" ? (r.publicPath ?? def.publicPath(r.id, {})) : null,
      missing: r.missing,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(`${loaderData?.title ?? "Content"}`);

export default function ContentItems({ loaderData: d }: Route.ComponentProps) {
  return (
    <ContentList
      title={d.title}
      saved={d.saved}
      newItem={d.newItem}
      filter={d.filter}
      group={d.group ?? undefined}
      withStates={d.withStates}
      items={d.items}
    />
  );
}
