/** Where an item stands for the public (no database here, so pages may use it too). */
import { PUBLICATIONS } from "../../db/schema/enum-values";
import { now as clockNow } from "../shared/clock";

export { PUBLICATIONS };
export type Publication = (typeof PUBLICATIONS)[number];

export interface PublicationState {
  publication: Publication;
  publishAt: Date | null;
  unpublishAt: Date | null;
}

/** What the console shows: draft, scheduled, published, expired (unpublished by its time) or archived. */
export type PublicState = "draft" | "scheduled" | "published" | "expired" | "archived";

export function publicState(p: PublicationState, at: Date = clockNow()): PublicState {
  if (p.publication !== "published") return p.publication;
  if (p.publishAt && p.publishAt > at) return "scheduled";
  if (p.unpublishAt && p.unpublishAt <= at) return "expired";
  return "published";
}

export function isVisible(p: PublicationState, at: Date = clockNow()): boolean {
  return publicState(p, at) === "published";
}

export const PUBLIC_STATE_LABELS: Record<PublicState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  expired: "Unpublished",
  archived: "Archived",
};
