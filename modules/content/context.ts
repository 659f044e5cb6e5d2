/**
 * What every content-changing core function needs: the database, who is acting, and how to
 * tell every process that public content changed (the "content-changed" bus, so caches drop).
 */
import type { Db } from "../../db/client";
import type { Actor } from "./revisions.server";

export interface ContentContext {
  db: Db;
  actor: Actor;
  /** Where the request came from, for the audit log. */
  origin?: { ip?: string; userAgent?: string };
  contentChanged(area: string): Promise<void>;
  /** Where what goes wrong after the commit is written (the request's logger); the console without one. */
  log?: ContentLog;
}

export interface ContentLog {
  error(details: object, message: string): void;
}

/**
 * Tells every process that public content of `area` changed, once the change is committed.
 * The save stands whatever happens here, so a failure does not fail it; it is logged, since
 * the caches then serve the old pages until their time runs out.
 */
export async function announceContentChange(ctx: Pick<ContentContext, "contentChanged" | "log">, area: string): Promise<void> {
  try {
    await ctx.contentChanged(area);
  } catch (error) {
    (ctx.log ?? console).error({ err: error, area }, "content change not announced: cached pages stay as they were until they expire");
  }
}

/** A refused save: the message per form field (or CSV row and column), nothing stored. */
export class ContentValidationError extends Error {
  constructor(
    readonly fieldErrors: Record<string, string>,
    message = "Please correct the fields marked below.",
  ) {
    super(message);
  }
}

/** Publication choices every editor offers. */
export type PublishChoice = "draft" | "now" | "schedule";
