/** The two kinds of announcement the console edits, with their names. */
import { data } from "react-router";

export const KIND_LABELS = {
  advisory: { one: "advisory", many: "Advisories" },
  bid: { one: "invitation to bid", many: "Invitations to bid" },
} as const;

export function kindParam(kind: string | undefined): "advisory" | "bid" {
  if (kind === "advisory" || kind === "bid") return kind;
  throw data({ message: "No such kind." }, { status: 404 });
}

/** Where the public reads one: a bid has a page of its own, an advisory its place in the list. */
export function announcementPublicPath(kind: "advisory" | "bid", id: number | string): string {
  return kind === "bid" ? `/bid/${id}` : `/news/advisories#advisory-${id}`;
}
