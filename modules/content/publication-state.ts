/** Where an item stands for the public (no database here, so pages may use it too). */
import { PUBLICATIONS } from "../../db/schema/enum-values";
import { now as clockNow } from "../shared/clock";
import { formatDateTime } from "../shared/dates";

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

/** When a list should say the state changes: a scheduled item's publishing time, a published one's end. */
export function publicationWhen(p: Pick<PublicationState, "publishAt" | "unpublishAt">, state: PublicState | null): string {
  if (state === "scheduled" && p.publishAt) return `Publishes ${formatDateTime(p.publishAt)}`;
  if (state === "published" && p.unpublishAt) return `Until ${formatDateTime(p.unpublishAt)}`;
  if (state === "expired" && p.unpublishAt) return `Ended ${formatDateTime(p.unpublishAt)}`;
  return "";
}
