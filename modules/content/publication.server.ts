/**
 * Publication: which content the public sees. One rule for every kind (the pages, the API,
 * the feeds and the sitemap all read through it): published, and publish_at <= now <
 * unpublish_at when those are set. Drafts, archived and not-yet-due items never show.
 */
import { and, eq, gt, isNull, lte, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { now as clockNow } from "../shared/clock";
import type { PublicState } from "./publication-state";

export {
  isVisible,
  PUBLIC_STATE_LABELS,
  PUBLICATIONS,
  type Publication,
  type PublicationState,
  type PublicState,
  publicState,
} from "./publication-state";

interface PublicationColumns {
  publication: PgColumn;
  publishAt: PgColumn;
  unpublishAt: PgColumn;
}

/** The SQL condition "the public may see this row now". */
export function visibleNow(t: PublicationColumns, at: Date = clockNow()): SQL {
  return and(
    eq(t.publication, "published"),
    or(isNull(t.publishAt), lte(t.publishAt, at)),
    or(isNull(t.unpublishAt), gt(t.unpublishAt, at)),
  )!;
}

/**
 * The SQL condition "publicState(row, at) is `state`", so a console list filters before its
 * limit (filtering the fetched rows would miss those beyond the limit).
 */
export function inPublicState(t: PublicationColumns, state: PublicState, at: Date = clockNow()): SQL {
  switch (state) {
    case "draft":
    case "archived":
      return eq(t.publication, state);
    case "scheduled":
      return and(eq(t.publication, "published"), gt(t.publishAt, at))!;
    case "expired":
      return and(eq(t.publication, "published"), or(isNull(t.publishAt), lte(t.publishAt, at)), lte(t.unpublishAt, at))!;
    case "published":
      return visibleNow(t, at);
  }
}
