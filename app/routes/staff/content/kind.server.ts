/** The content kind of a console address, or a 404. */
import { data } from "react-router";
import type { ContentKindDef } from "../../../../modules/content/items.server";

export function kindOrNotFound(def: ContentKindDef | null): ContentKindDef {
  if (!def) throw data({ message: "No such kind." }, { status: 404 });
  return def;
}

export function itemIdOrNotFound(def: ContentKindDef, param: string | undefined): string {
  const id = def.parseId(param ?? "");
  if (id == null) throw data({ message: "Not found." }, { status: 404 });
  return id;
}

/** What the editor's markup needs to know of a kind (plain data for the page). */
export function kindView(def: ContentKindDef) {
  return {
    key: def.key,
    labels: def.labels,
    fields: def.fields.map((f) => ({ ...f, options: f.options ? [...f.options] : undefined })),
    publication: def.publication,
    files: def.files ?? null,
    creatable: def.creatable,
    removable: def.removable,
    translated: def.translated ? [...def.translated] : null,
  };
}
