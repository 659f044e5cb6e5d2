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
